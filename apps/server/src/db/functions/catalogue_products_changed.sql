-- Logs a statement's changed products in catalogue_changes (migration 0038): their ids; whether
-- the change can move them in or out of a listing or a search (placement: publication, price,
-- shop, brand, what is searched, when it was added, featured) or only changes what their cards
-- and pages show (stock, sold and rating figures, pictures, texts not searched); whether what
-- suggestions match changed (text: publication, names, codes); and, for a placement, the shops,
-- brands, categories and prices the products had and have: the listings they can be in.
-- A deletion is logged without ids: every reply is built again.
CREATE OR REPLACE FUNCTION catalogue_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO catalogue_changes (product_ids, placement, text) SELECT NULL, true, true FROM old_rows HAVING count(*) > 0;
  ELSIF TG_OP = 'INSERT' THEN
    WITH changed AS (
      SELECT n.id, true AS placement, true AS text, n.shop_id, n.brand_id,
        CASE WHEN n.discount_price > 0 THEN n.discount_price ELSE n.price END AS price
      FROM new_rows n)
    INSERT INTO catalogue_changes (product_ids, placement, text, shops, brands, categories, prices)
  SELECT array_agg(DISTINCT c.id), bool_or(c.placement), bool_or(c.text),
    CASE WHEN bool_or(c.placement) THEN array_agg(DISTINCT c.shop_id) END,
    CASE WHEN bool_or(c.placement) THEN array_remove(array_agg(DISTINCT c.brand_id), NULL) END,
    CASE WHEN bool_or(c.placement) THEN (SELECT coalesce(array_agg(DISTINCT pc.category_id), '{}')
      FROM product_categories pc WHERE pc.product_id IN (SELECT c2.id FROM changed c2)) END,
    CASE WHEN bool_or(c.placement) THEN array_agg(DISTINCT c.price) END
  FROM changed c HAVING count(*) > 0;
  ELSE
    WITH changed AS (
      SELECT n.id,
        o.is_active IS DISTINCT FROM n.is_active OR o.is_approved IS DISTINCT FROM n.is_approved
          OR o.deleted_at IS DISTINCT FROM n.deleted_at OR o.price IS DISTINCT FROM n.price
          OR o.discount_price IS DISTINCT FROM n.discount_price OR o.shop_id IS DISTINCT FROM n.shop_id
          OR o.brand_id IS DISTINCT FROM n.brand_id OR o.is_featured IS DISTINCT FROM n.is_featured
          OR o.is_digital IS DISTINCT FROM n.is_digital OR o.created_at IS DISTINCT FROM n.created_at
          OR o.name IS DISTINCT FROM n.name OR o.sku IS DISTINCT FROM n.sku OR o.slug IS DISTINCT FROM n.slug
          AS placement,
        o.is_active IS DISTINCT FROM n.is_active OR o.is_approved IS DISTINCT FROM n.is_approved
          OR o.deleted_at IS DISTINCT FROM n.deleted_at OR o.shop_id IS DISTINCT FROM n.shop_id
          OR o.name IS DISTINCT FROM n.name OR o.sku IS DISTINCT FROM n.sku OR o.slug IS DISTINCT FROM n.slug
          AS text,
        x.shop_id, x.brand_id, x.price
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES
        (o.shop_id, o.brand_id, CASE WHEN o.discount_price > 0 THEN o.discount_price ELSE o.price END),
        (n.shop_id, n.brand_id, CASE WHEN n.discount_price > 0 THEN n.discount_price ELSE n.price END)
      ) x(shop_id, brand_id, price))
    INSERT INTO catalogue_changes (product_ids, placement, text, shops, brands, categories, prices)
  SELECT array_agg(DISTINCT c.id), bool_or(c.placement), bool_or(c.text),
    CASE WHEN bool_or(c.placement) THEN array_agg(DISTINCT c.shop_id) END,
    CASE WHEN bool_or(c.placement) THEN array_remove(array_agg(DISTINCT c.brand_id), NULL) END,
    CASE WHEN bool_or(c.placement) THEN (SELECT coalesce(array_agg(DISTINCT pc.category_id), '{}')
      FROM product_categories pc WHERE pc.product_id IN (SELECT c2.id FROM changed c2)) END,
    CASE WHEN bool_or(c.placement) THEN array_agg(DISTINCT c.price) END
  FROM changed c HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
