-- Logs a statement's changed products in catalogue_changes (migration 0038): their ids, and whether
-- the change can move them in or out of a listing or a search (placement: publication, price,
-- shop, brand, what is searched, when it was added, featured) or only changes what their cards
-- and pages show (stock, sold and rating figures, pictures, texts not searched). A deletion is
-- logged without ids: every reply is built again.
CREATE OR REPLACE FUNCTION catalogue_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalogue_changes (product_ids, placement)
    SELECT array_agg(n.id ORDER BY n.id), true FROM new_rows n HAVING count(*) > 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO catalogue_changes (product_ids, placement)
    SELECT array_agg(n.id ORDER BY n.id), bool_or(
        o.is_active IS DISTINCT FROM n.is_active OR o.is_approved IS DISTINCT FROM n.is_approved
        OR o.deleted_at IS DISTINCT FROM n.deleted_at OR o.price IS DISTINCT FROM n.price
        OR o.discount_price IS DISTINCT FROM n.discount_price OR o.shop_id IS DISTINCT FROM n.shop_id
        OR o.brand_id IS DISTINCT FROM n.brand_id OR o.is_featured IS DISTINCT FROM n.is_featured
        OR o.is_digital IS DISTINCT FROM n.is_digital OR o.created_at IS DISTINCT FROM n.created_at
        OR o.name IS DISTINCT FROM n.name OR o.sku IS DISTINCT FROM n.sku OR o.slug IS DISTINCT FROM n.slug)
    FROM new_rows n JOIN old_rows o ON o.id = n.id HAVING count(*) > 0;
  ELSE
    INSERT INTO catalogue_changes (product_ids, placement) SELECT NULL, true FROM old_rows HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
