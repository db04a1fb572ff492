-- Logs a statement's changed rows of a table keyed by product (translations, pictures, category,
-- colour and size links, flash sale entries) in catalogue_changes (migration 0038): the products'
-- ids, and as placement the trigger's argument ('placement' when the rows decide which listings,
-- searches or prices show the product; anything else when they are only shown).
CREATE OR REPLACE FUNCTION catalogue_product_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalogue_changes (product_ids, placement)
    SELECT array_agg(DISTINCT n.product_id), TG_ARGV[0] = 'placement' FROM new_rows n HAVING count(*) > 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO catalogue_changes (product_ids, placement)
    SELECT array_agg(DISTINCT x.product_id), TG_ARGV[0] = 'placement'
    FROM (SELECT n.product_id FROM new_rows n UNION SELECT o.product_id FROM old_rows o) x HAVING count(*) > 0;
  ELSE
    INSERT INTO catalogue_changes (product_ids, placement)
    SELECT array_agg(DISTINCT o.product_id), TG_ARGV[0] = 'placement' FROM old_rows o HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
