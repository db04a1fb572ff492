-- Invalidation by what changed (issue 31). A write to a product (a sale, a seller's edit) no longer
-- moves catalogue_version, which makes every process build every public reply again: it is logged
-- here with the products' ids, and each process drops only the replies those products are in (and,
-- when the write can move them between listings, the listings and suggestions;
-- modules/catalog/catalog-changes.ts). Rows are read by every process for a few seconds after
-- they commit and then removed. A write to anything else (shops, brands, categories, flash sales,
-- banners...) still moves catalogue_version, as does emptying a product table.
CREATE TABLE IF NOT EXISTS catalogue_changes (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- NULL: a change of the whole catalogue (a product deleted).
  product_ids integer[],
  placement boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalogue_changes_at_idx ON catalogue_changes (at);
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changed ON products;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_insert ON products;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_products_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_update ON products;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_products_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_delete ON products;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_products_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changed ON product_translations;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER TRUNCATE ON product_translations FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_insert ON product_translations;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_insert AFTER INSERT ON product_translations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_update ON product_translations;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_update AFTER UPDATE ON product_translations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_delete ON product_translations;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_delete AFTER DELETE ON product_translations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changed ON product_images;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER TRUNCATE ON product_images FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_insert ON product_images;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_insert AFTER INSERT ON product_images REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('display');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_update ON product_images;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_update AFTER UPDATE ON product_images REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('display');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_delete ON product_images;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_delete AFTER DELETE ON product_images REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('display');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changed ON product_categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER TRUNCATE ON product_categories FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_insert ON product_categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_insert AFTER INSERT ON product_categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_update ON product_categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_update AFTER UPDATE ON product_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_delete ON product_categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_delete AFTER DELETE ON product_categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changed ON product_sub_categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER TRUNCATE ON product_sub_categories FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_insert ON product_sub_categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_insert AFTER INSERT ON product_sub_categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_update ON product_sub_categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_update AFTER UPDATE ON product_sub_categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_delete ON product_sub_categories;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_delete AFTER DELETE ON product_sub_categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changed ON product_colors;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER TRUNCATE ON product_colors FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_insert ON product_colors;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_insert AFTER INSERT ON product_colors REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_update ON product_colors;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_update AFTER UPDATE ON product_colors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_delete ON product_colors;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_delete AFTER DELETE ON product_colors REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changed ON product_sizes;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER TRUNCATE ON product_sizes FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_insert ON product_sizes;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_insert AFTER INSERT ON product_sizes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_update ON product_sizes;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_update AFTER UPDATE ON product_sizes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_delete ON product_sizes;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_delete AFTER DELETE ON product_sizes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changed ON flash_sale_products;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER TRUNCATE ON flash_sale_products FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_insert ON flash_sale_products;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_insert AFTER INSERT ON flash_sale_products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_update ON flash_sale_products;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_update AFTER UPDATE ON flash_sale_products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_delete ON flash_sale_products;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_delete AFTER DELETE ON flash_sale_products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('placement');
