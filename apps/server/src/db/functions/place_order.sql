-- An order placement's writes, in one call: the server prices the cart from an ordinary read,
-- then hands this function everything the placement writes (the payload built by
-- modules/checkout/place-order-payload.ts). It runs as one transaction (the statement's), one
-- round trip instead of a dozen, and checks again, under the shopper's lock, everything the
-- pricing relied on that a concurrent request could change:
--   * the Idempotency-Key is claimed in the placement's own transaction: a placement that writes
--     nothing claims nothing; a key already used raises key_used; one older than
--     `expired_before` is taken over;
--   * the delivery address is the shopper's (the orders keep it as text);
--   * the cart lines priced are still in the cart as priced (they leave it with the order);
--   * each product has the stock (one statement after the products are locked in id order; a
--     CHECK behind it); each flash sale has the quantity left;
--   * each voucher is still valid, under its total limit and under the shopper's own limit.
-- A failed check raises SQLSTATE P0001 with one of cart_changed, out_of_stock {product_id, left},
-- flash_sold_out {product_id}, voucher_unavailable {code}, key_used, address_invalid,
-- product_unavailable {product_id}, shop_closed {shop_id}, and
-- nothing is written. Answers with the orders made: [{id, shop_id, order_code, prefix, quantity,
-- payable_amount, order_status, payment_status}], in the order they were made.
CREATE OR REPLACE FUNCTION place_order(p jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  uid int := (p->>'user_id')::int;
  at timestamptz := (p->>'at')::timestamptz;
  expected int := jsonb_array_length(p->'cart_lines');
  touched int;
  r record;
  left_stock int;
  short_id int;
  taken_ids int[];
  made jsonb;
  claim jsonb := p->'idempotency';
  addr_id int;
  addr_text text;
  closed_id int;
BEGIN
  -- One placement per shopper at a time: the cart lines and the per-user voucher counts hold.
  PERFORM 1 FROM users WHERE id = uid FOR UPDATE;

  -- The Idempotency-Key, claimed with what it places: its reply is stored once the call answers.
  IF jsonb_typeof(claim) = 'object' THEN
    INSERT INTO idempotency_keys AS k (user_id, key, request_hash, created_at)
    VALUES (uid, claim->>'key', claim->>'request_hash', at)
    ON CONFLICT (user_id, key) DO UPDATE
      SET request_hash = excluded.request_hash, created_at = excluded.created_at,
        status_code = NULL, content_type = NULL, body = NULL
      WHERE k.created_at < (claim->>'expired_before')::timestamptz;
    GET DIAGNOSTICS touched = ROW_COUNT;
    IF touched = 0 THEN
      RAISE EXCEPTION 'key_used';
    END IF;
  END IF;

  -- The delivery address, the shopper's own; the orders keep it as text (its non-blank parts).
  SELECT a.id, concat_ws(', ',
      CASE WHEN btrim(a.name, E' \t\n\r') <> '' THEN a.name END,
      CASE WHEN btrim(a.phone, E' \t\n\r') <> '' THEN a.phone END,
      CASE WHEN btrim(a.flat_no, E' \t\n\r') <> '' THEN a.flat_no END,
      CASE WHEN btrim(a.address_line, E' \t\n\r') <> '' THEN a.address_line END,
      CASE WHEN btrim(a.address_line2, E' \t\n\r') <> '' THEN a.address_line2 END,
      CASE WHEN btrim(a.area, E' \t\n\r') <> '' THEN a.area END,
      CASE WHEN btrim(a.post_code, E' \t\n\r') <> '' THEN a.post_code END)
  INTO addr_id, addr_text
  FROM addresses a WHERE a.id = (p->>'address_id')::int AND a.user_id = uid;
  IF addr_id IS NULL THEN
    RAISE EXCEPTION 'address_invalid';
  END IF;

  IF expected > 0 THEN
    DELETE FROM cart_items c
    USING jsonb_to_recordset(p->'cart_lines') AS l(id int, product_id int, quantity int, color_id int, size_id int)
    WHERE c.id = l.id AND c.user_id = uid AND c.product_id = l.product_id AND c.quantity = l.quantity
      AND c.color_id IS NOT DISTINCT FROM l.color_id AND c.size_id IS NOT DISTINCT FROM l.size_id;
    GET DIAGNOSTICS touched = ROW_COUNT;
    IF touched <> expected THEN
      RAISE EXCEPTION 'cart_changed';
    END IF;
  END IF;

  -- The shopper's own uses are the orders made with the voucher that were not cancelled (counted
  -- before this placement's orders are made; the shopper's lock keeps them so).
  IF jsonb_array_length(p->'coupons') > 0 THEN
    FOR r IN SELECT * FROM jsonb_to_recordset(p->'coupons') AS c(id int, uses int, code text) LOOP
      IF NOT EXISTS (
        SELECT 1 FROM coupons
        WHERE id = r.id AND limit_for_user >= r.uses + (
          SELECT count(*) FROM orders o
          WHERE o.user_id = uid AND o.coupon_id = r.id AND o.order_status <> 'Cancelled')
      ) THEN
        RAISE EXCEPTION 'voucher_unavailable' USING DETAIL = json_build_object('code', r.code)::text;
      END IF;
    END LOOP;
  END IF;

  -- The payment, one order per shop (codes from order_code_seq, 6 digits or more), their lines and VAT.
  WITH pay AS (
    INSERT INTO payments (id, user_id, amount, currency, payment_method, idempotency_key, created_at, updated_at)
    SELECT x.id, uid, x.amount, x.currency, x.payment_method, x.idempotency_key, at, at
    FROM jsonb_to_record(p->'payment') AS x(id uuid, amount bigint, currency text, payment_method text,
      idempotency_key text)
    RETURNING id
  ), made_orders AS (
    INSERT INTO orders (user_id, shop_id, payment_id, order_code, prefix, coupon_id, coupon_discount,
      delivery_charge, total_amount, tax_amount, payable_amount, quantity, payment_method, address_id,
      address, note, locale, created_at, updated_at)
    SELECT uid, o.shop_id, pay.id, order_code(nextval('order_code_seq')), o.prefix,
      o.coupon_id, o.coupon_discount, o.delivery_charge, o.total_amount, o.tax_amount, o.payable_amount,
      o.quantity, o.payment_method, addr_id, addr_text, o.note, o.locale, at, at
    FROM pay, jsonb_to_recordset(p->'orders') AS o(shop_id int, prefix text, coupon_id int,
      coupon_discount bigint, delivery_charge bigint, total_amount bigint, tax_amount bigint,
      payable_amount bigint, quantity int, payment_method text, note text, locale text)
    RETURNING id, shop_id, order_code, prefix, quantity, payable_amount, order_status, payment_status
  ), made_lines AS (
    INSERT INTO order_products (order_id, product_id, name, quantity, price, regular_price, color_name,
      size_name, unit, flash_sale_id, is_digital)
    SELECT m.id, l.product_id, l.name, l.quantity, l.price, l.regular_price, l.color_name, l.size_name,
      l.unit, l.flash_sale_id, l.is_digital
    FROM jsonb_to_recordset(p->'lines') AS l(shop_id int, product_id int, name text, quantity int,
      price bigint, regular_price bigint, color_name text, size_name text, unit text, flash_sale_id int,
      is_digital boolean)
    JOIN made_orders m ON m.shop_id = l.shop_id
  ), made_vat AS (
    INSERT INTO order_vat_taxes (order_id, vat_tax_id, name, percentage, amount)
    SELECT m.id, v.vat_tax_id, v.name, v.percentage, v.amount
    FROM jsonb_to_recordset(p->'vat') AS v(shop_id int, vat_tax_id int, name text, percentage numeric,
      amount bigint)
    JOIN made_orders m ON m.shop_id = v.shop_id
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'shop_id', m.shop_id, 'order_code', m.order_code,
      'prefix', m.prefix, 'quantity', m.quantity, 'payable_amount', m.payable_amount,
      'order_status', m.order_status, 'payment_status', m.payment_status) ORDER BY m.id), '[]'::jsonb)
  INTO made FROM made_orders m;

  -- Last, the rows other placements want too (popular products, a flash sale, a voucher), so they
  -- stay locked only until the commit that follows. Each kind in id order, so two placements
  -- sharing them never wait for each other in a circle. The stock changes in place: the sold
  -- counts follow a second later (modules/orders/order-counts.ts). The products are locked in id
  -- order first, then their stock is taken by one statement (one firing of the products' statement
  -- trigger, whatever the number of lines); the first one short, in id order, is named.
  IF jsonb_array_length(p->'stock') > 0 THEN
    PERFORM 1 FROM products
    WHERE id IN (SELECT s.id FROM jsonb_to_recordset(p->'stock') AS s(id int, qty int))
    ORDER BY id FOR NO KEY UPDATE;
    -- Still on sale, in a shop open for orders: the seller may have unpublished a product or
    -- closed the shop since the cart was priced. The shops are locked for share, so a shop that
    -- closes now waits for this placement's commit, and one that closed first refuses it.
    PERFORM 1 FROM shops
    WHERE id IN (SELECT pr.shop_id FROM products pr
      WHERE pr.id IN (SELECT s.id FROM jsonb_to_recordset(p->'stock') AS s(id int, qty int)))
    ORDER BY id FOR SHARE;
    SELECT s.id INTO short_id
    FROM jsonb_to_recordset(p->'stock') AS s(id int, qty int)
    LEFT JOIN products pr ON pr.id = s.id
    LEFT JOIN shops sh ON sh.id = pr.shop_id
    WHERE NOT coalesce(pr.is_active AND pr.is_approved AND sh.is_active, false)
    ORDER BY s.id LIMIT 1;
    IF short_id IS NOT NULL THEN
      RAISE EXCEPTION 'product_unavailable' USING DETAIL = json_build_object('product_id', short_id)::text;
    END IF;
    SELECT sh.id INTO closed_id
    FROM shops sh
    WHERE sh.is_closed AND sh.id IN (SELECT pr.shop_id FROM products pr
      WHERE pr.id IN (SELECT s.id FROM jsonb_to_recordset(p->'stock') AS s(id int, qty int)))
    ORDER BY sh.id LIMIT 1;
    IF closed_id IS NOT NULL THEN
      RAISE EXCEPTION 'shop_closed' USING DETAIL = json_build_object('shop_id', closed_id)::text;
    END IF;
    WITH taken AS (
      UPDATE products pr SET stock = pr.stock - s.qty
      FROM jsonb_to_recordset(p->'stock') AS s(id int, qty int)
      WHERE pr.id = s.id AND pr.stock >= s.qty
      RETURNING pr.id
    )
    SELECT coalesce(array_agg(id), '{}') INTO taken_ids FROM taken;
    IF cardinality(taken_ids) < jsonb_array_length(p->'stock') THEN
      SELECT s.id, coalesce(pr.stock, 0) INTO short_id, left_stock
      FROM jsonb_to_recordset(p->'stock') AS s(id int, qty int)
      LEFT JOIN products pr ON pr.id = s.id
      WHERE s.id <> ALL (taken_ids)
      ORDER BY s.id LIMIT 1;
      RAISE EXCEPTION 'out_of_stock'
        USING DETAIL = json_build_object('product_id', short_id, 'left', left_stock)::text;
    END IF;
  END IF;

  IF jsonb_array_length(p->'flash') > 0 THEN
    FOR r IN SELECT * FROM jsonb_to_recordset(p->'flash') AS f(flash_sale_id int, product_id int, qty int)
        ORDER BY f.flash_sale_id, f.product_id LOOP
      UPDATE flash_sale_products SET sold_quantity = sold_quantity + r.qty
      WHERE flash_sale_id = r.flash_sale_id AND product_id = r.product_id AND sold_quantity + r.qty <= quantity;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'flash_sold_out' USING DETAIL = json_build_object('product_id', r.product_id)::text;
      END IF;
    END LOOP;
  END IF;

  IF jsonb_array_length(p->'coupons') > 0 THEN
    FOR r IN SELECT * FROM jsonb_to_recordset(p->'coupons') AS c(id int, uses int, code text) ORDER BY c.id LOOP
      UPDATE coupons SET used_count = used_count + r.uses
      WHERE id = r.id AND is_active AND starts_at <= at AND expires_at > at
        AND (total_limit IS NULL OR used_count + r.uses <= total_limit);
      IF NOT FOUND THEN
        RAISE EXCEPTION 'voucher_unavailable' USING DETAIL = json_build_object('code', r.code)::text;
      END IF;
    END LOOP;
  END IF;

  RETURN made;
END;
$$;
