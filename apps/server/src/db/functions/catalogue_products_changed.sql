-- Logs a statement's new or deleted products in catalogue_changes (migration 0038): new ones with
-- their shops, brands, categories and prices (the listings they can be in); a deletion without
-- ids: every reply is built again. An update is logged row by row (catalogue_product_changed),
-- and only when it changes what a reply shows.
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
  END IF;
  RETURN NULL;
END
$$;
