-- Logs a statement's changed rows of a table keyed by product (translations, pictures, category,
-- colour and size links, flash sale entries) in catalogue_changes (migration 0038): the products'
-- ids; the trigger's argument says what the rows decide: 'display' only what is shown (pictures),
-- 'placement' which listings and prices show the product (links, flash prices), 'text' that and
-- what is searched and suggested (translations). For a placement, the shops, brands, categories
-- (a link's own too) and prices (a flash entry's own too) that say the listings it can be in.
CREATE OR REPLACE FUNCTION catalogue_product_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH changed AS (SELECT r.product_id,
        CASE WHEN TG_TABLE_NAME = 'product_categories' THEN (to_jsonb(r) ->> 'category_id')::integer END AS category_id,
        CASE WHEN TG_TABLE_NAME = 'flash_sale_products' THEN (to_jsonb(r) ->> 'price')::bigint END AS price
      FROM new_rows r)
    INSERT INTO catalogue_changes (product_ids, placement, text, shops, brands, categories, prices)
  SELECT array_agg(DISTINCT c.product_id), TG_ARGV[0] <> 'display', TG_ARGV[0] = 'text',
    CASE WHEN TG_ARGV[0] <> 'display' THEN (SELECT array_agg(DISTINCT p.shop_id) FROM products p
      WHERE p.id IN (SELECT c2.product_id FROM changed c2)) END,
    CASE WHEN TG_ARGV[0] <> 'display' THEN (SELECT coalesce(array_agg(DISTINCT p.brand_id) FILTER (WHERE p.brand_id IS NOT NULL), '{}')
      FROM products p WHERE p.id IN (SELECT c2.product_id FROM changed c2)) END,
    CASE WHEN TG_ARGV[0] <> 'display' THEN (SELECT coalesce(array_agg(DISTINCT x.category_id), '{}') FROM (
      SELECT pc.category_id FROM product_categories pc WHERE pc.product_id IN (SELECT c2.product_id FROM changed c2)
      UNION SELECT c3.category_id FROM changed c3 WHERE c3.category_id IS NOT NULL) x) END,
    CASE WHEN TG_ARGV[0] <> 'display' THEN (SELECT array_agg(DISTINCT x.price) FROM (
      SELECT CASE WHEN p.discount_price > 0 THEN p.discount_price ELSE p.price END AS price
      FROM products p WHERE p.id IN (SELECT c2.product_id FROM changed c2)
      UNION SELECT c3.price FROM changed c3 WHERE c3.price IS NOT NULL) x) END
  FROM changed c HAVING count(*) > 0;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH changed AS (SELECT r.product_id,
        CASE WHEN TG_TABLE_NAME = 'product_categories' THEN (to_jsonb(r) ->> 'category_id')::integer END AS category_id,
        CASE WHEN TG_TABLE_NAME = 'flash_sale_products' THEN (to_jsonb(r) ->> 'price')::bigint END AS price
      FROM new_rows r UNION ALL SELECT r.product_id,
        CASE WHEN TG_TABLE_NAME = 'product_categories' THEN (to_jsonb(r) ->> 'category_id')::integer END AS category_id,
        CASE WHEN TG_TABLE_NAME = 'flash_sale_products' THEN (to_jsonb(r) ->> 'price')::bigint END AS price
      FROM old_rows r)
    INSERT INTO catalogue_changes (product_ids, placement, text, shops, brands, categories, prices)
  SELECT array_agg(DISTINCT c.product_id), TG_ARGV[0] <> 'display', TG_ARGV[0] = 'text',
    CASE WHEN TG_ARGV[0] <> 'display' THEN (SELECT array_agg(DISTINCT p.shop_id) FROM products p
      WHERE p.id IN (SELECT c2.product_id FROM changed c2)) END,
    CASE WHEN TG_ARGV[0] <> 'display' THEN (SELECT coalesce(array_agg(DISTINCT p.brand_id) FILTER (WHERE p.brand_id IS NOT NULL), '{}')
      FROM products p WHERE p.id IN (SELECT c2.product_id FROM changed c2)) END,
    CASE WHEN TG_ARGV[0] <> 'display' THEN (SELECT coalesce(array_agg(DISTINCT x.category_id), '{}') FROM (
      SELECT pc.category_id FROM product_categories pc WHERE pc.product_id IN (SELECT c2.product_id FROM changed c2)
      UNION SELECT c3.category_id FROM changed c3 WHERE c3.category_id IS NOT NULL) x) END,
    CASE WHEN TG_ARGV[0] <> 'display' THEN (SELECT array_agg(DISTINCT x.price) FROM (
      SELECT CASE WHEN p.discount_price > 0 THEN p.discount_price ELSE p.price END AS price
      FROM products p WHERE p.id IN (SELECT c2.product_id FROM changed c2)
      UNION SELECT c3.price FROM changed c3 WHERE c3.price IS NOT NULL) x) END
  FROM changed c HAVING count(*) > 0;
  ELSE
    WITH changed AS (SELECT r.product_id,
        CASE WHEN TG_TABLE_NAME = 'product_categories' THEN (to_jsonb(r) ->> 'category_id')::integer END AS category_id,
        CASE WHEN TG_TABLE_NAME = 'flash_sale_products' THEN (to_jsonb(r) ->> 'price')::bigint END AS price
      FROM old_rows r)
    INSERT INTO catalogue_changes (product_ids, placement, text, shops, brands, categories, prices)
  SELECT array_agg(DISTINCT c.product_id), TG_ARGV[0] <> 'display', TG_ARGV[0] = 'text',
    CASE WHEN TG_ARGV[0] <> 'display' THEN (SELECT array_agg(DISTINCT p.shop_id) FROM products p
      WHERE p.id IN (SELECT c2.product_id FROM changed c2)) END,
    CASE WHEN TG_ARGV[0] <> 'display' THEN (SELECT coalesce(array_agg(DISTINCT p.brand_id) FILTER (WHERE p.brand_id IS NOT NULL), '{}')
      FROM products p WHERE p.id IN (SELECT c2.product_id FROM changed c2)) END,
    CASE WHEN TG_ARGV[0] <> 'display' THEN (SELECT coalesce(array_agg(DISTINCT x.category_id), '{}') FROM (
      SELECT pc.category_id FROM product_categories pc WHERE pc.product_id IN (SELECT c2.product_id FROM changed c2)
      UNION SELECT c3.category_id FROM changed c3 WHERE c3.category_id IS NOT NULL) x) END,
    CASE WHEN TG_ARGV[0] <> 'display' THEN (SELECT array_agg(DISTINCT x.price) FROM (
      SELECT CASE WHEN p.discount_price > 0 THEN p.discount_price ELSE p.price END AS price
      FROM products p WHERE p.id IN (SELECT c2.product_id FROM changed c2)
      UNION SELECT c3.price FROM changed c3 WHERE c3.price IS NOT NULL) x) END
  FROM changed c HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
