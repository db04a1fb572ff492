-- A flash entry's sale that leaves it on sale is no longer logged in catalogue_changes (every sale
-- of a flash item logged a placement and rebuilt the listings showing it, issue 31), and the
-- function's three branches share one statement (db/functions/catalogue_product_rows_changed.sql).
-- Logs a statement's changed rows of a table keyed by product (translations, pictures, category,
-- colour and size links, flash sale entries) in catalogue_changes (migrations 0038, 0040): the
-- products' ids; the trigger's argument says what the rows decide: 'display' only what is shown
-- (pictures), 'placement' which listings and prices show the product (links, flash prices), 'text'
-- that and what is searched and suggested (translations). For a placement, the shops, brands,
-- categories (a link's own too) and prices (a flash entry's own too) that say the listings it can
-- be in. A flash entry's sale that leaves it on sale is not logged (as a product's stock going down
-- without running out, catalogue_product_changed): only a change of its price, discount, quantity,
-- product or sale, or its selling out, moves what a reply shows enough to build it again.
CREATE OR REPLACE FUNCTION catalogue_product_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
  own_categories integer[] := '{}';
  own_prices bigint[] := '{}';
  moves boolean := TG_ARGV[0] <> 'display';
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'flash_sale_products' THEN
    -- (Nested: an IF's whole condition is planned at once, and old_rows exists only on update.)
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON (to_jsonb(n) ->> 'id') = (to_jsonb(o) ->> 'id')
      WHERE (to_jsonb(o) - 'sold_quantity') IS DISTINCT FROM (to_jsonb(n) - 'sold_quantity')
        OR ((to_jsonb(o) ->> 'sold_quantity')::integer >= (to_jsonb(o) ->> 'quantity')::integer)
          IS DISTINCT FROM ((to_jsonb(n) ->> 'sold_quantity')::integer >= (to_jsonb(n) ->> 'quantity')::integer)) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT ids || coalesce(array_agg(r.product_id), '{}'),
      own_categories || coalesce(array_agg((to_jsonb(r) ->> 'category_id')::integer)
        FILTER (WHERE TG_TABLE_NAME = 'product_categories'), '{}'),
      own_prices || coalesce(array_agg((to_jsonb(r) ->> 'price')::bigint)
        FILTER (WHERE TG_TABLE_NAME = 'flash_sale_products'), '{}')
    INTO ids, own_categories, own_prices FROM new_rows r;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT ids || coalesce(array_agg(r.product_id), '{}'),
      own_categories || coalesce(array_agg((to_jsonb(r) ->> 'category_id')::integer)
        FILTER (WHERE TG_TABLE_NAME = 'product_categories'), '{}'),
      own_prices || coalesce(array_agg((to_jsonb(r) ->> 'price')::bigint)
        FILTER (WHERE TG_TABLE_NAME = 'flash_sale_products'), '{}')
    INTO ids, own_categories, own_prices FROM old_rows r;
  END IF;
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO catalogue_changes (product_ids, placement, text, shops, brands, categories, prices)
  SELECT (SELECT array_agg(DISTINCT i) FROM unnest(ids) i), moves, TG_ARGV[0] = 'text',
    CASE WHEN moves THEN (SELECT array_agg(DISTINCT p.shop_id) FROM products p WHERE p.id = ANY (ids)) END,
    CASE WHEN moves THEN (SELECT coalesce(array_agg(DISTINCT p.brand_id) FILTER (WHERE p.brand_id IS NOT NULL), '{}')
      FROM products p WHERE p.id = ANY (ids)) END,
    CASE WHEN moves THEN (SELECT coalesce(array_agg(DISTINCT x.category_id), '{}') FROM (
      SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = ANY (ids)
      UNION SELECT c FROM unnest(own_categories) c) x) END,
    CASE WHEN moves THEN (SELECT array_agg(DISTINCT x.price) FROM (
      SELECT CASE WHEN p.discount_price > 0 THEN p.discount_price ELSE p.price END AS price
      FROM products p WHERE p.id = ANY (ids)
      UNION SELECT pr FROM unnest(own_prices) pr) x) END;
  RETURN NULL;
END
$$;
