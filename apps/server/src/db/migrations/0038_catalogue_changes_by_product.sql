-- Invalidation by what changed (issue 31; decision 0029). A write to a product (a sale, a seller's
-- edit) no longer moves catalogue_version, which makes every process build every public reply
-- again: it is logged here, in its transaction, with the products' ids, what it can change, and
-- the shops, brands, categories and prices that say which listings the products can be in; each
-- process builds again only the replies showing those products, and the listings and suggestions
-- the write can move a product into or out of (modules/catalog/catalog-changes.ts). Rows are read
-- by every process for a few seconds after they commit, then removed. A write to anything else
-- (shops, brands, categories, flash sales, banners...) still moves catalogue_version, as does
-- emptying a product table.
CREATE TABLE IF NOT EXISTS catalogue_changes (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- NULL: a change of the whole catalogue (a product deleted).
  product_ids integer[],
  placement boolean NOT NULL,
  text boolean NOT NULL DEFAULT false,
  shops integer[],
  brands integer[],
  categories integer[],
  prices bigint[]
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalogue_changes_at_idx ON catalogue_changes (at);
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_product_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  text_changed boolean := OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.is_approved IS DISTINCT FROM NEW.is_approved OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.shop_id IS DISTINCT FROM NEW.shop_id OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.sku IS DISTINCT FROM NEW.sku OR OLD.slug IS DISTINCT FROM NEW.slug;
  placement boolean := text_changed OR OLD.price IS DISTINCT FROM NEW.price
    OR OLD.discount_price IS DISTINCT FROM NEW.discount_price OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
    OR OLD.is_featured IS DISTINCT FROM NEW.is_featured OR OLD.is_digital IS DISTINCT FROM NEW.is_digital
    OR OLD.created_at IS DISTINCT FROM NEW.created_at;
BEGIN
  IF NOT placement THEN
    INSERT INTO catalogue_changes (product_ids, placement, text) VALUES (ARRAY[NEW.id], false, false);
    RETURN NULL;
  END IF;
  INSERT INTO catalogue_changes (product_ids, placement, text, shops, brands, categories, prices)
  VALUES (ARRAY[NEW.id], true, text_changed,
    ARRAY[OLD.shop_id, NEW.shop_id],
    array_remove(ARRAY[OLD.brand_id, NEW.brand_id], NULL),
    (SELECT coalesce(array_agg(pc.category_id), '{}') FROM product_categories pc WHERE pc.product_id = NEW.id),
    ARRAY[CASE WHEN OLD.discount_price > 0 THEN OLD.discount_price ELSE OLD.price END,
      CASE WHEN NEW.discount_price > 0 THEN NEW.discount_price ELSE NEW.price END]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
CREATE TRIGGER catalogue_changes_update AFTER UPDATE ON products FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.is_approved IS DISTINCT FROM NEW.is_approved
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.shop_id IS DISTINCT FROM NEW.shop_id
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.sku IS DISTINCT FROM NEW.sku OR OLD.slug IS DISTINCT FROM NEW.slug
    OR OLD.price IS DISTINCT FROM NEW.price OR OLD.discount_price IS DISTINCT FROM NEW.discount_price
    OR OLD.brand_id IS DISTINCT FROM NEW.brand_id OR OLD.is_featured IS DISTINCT FROM NEW.is_featured
    OR OLD.is_digital IS DISTINCT FROM NEW.is_digital OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.media_id IS DISTINCT FROM NEW.media_id OR OLD.unit_id IS DISTINCT FROM NEW.unit_id
    OR OLD.short_description IS DISTINCT FROM NEW.short_description
    OR OLD.description IS DISTINCT FROM NEW.description OR OLD.meta_title IS DISTINCT FROM NEW.meta_title
    OR OLD.meta_description IS DISTINCT FROM NEW.meta_description
    OR OLD.min_order_quantity IS DISTINCT FROM NEW.min_order_quantity
    OR (OLD.stock > 0) <> (NEW.stock > 0) OR NEW.stock > OLD.stock)
  EXECUTE FUNCTION catalogue_product_changed();
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
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('text');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_update ON product_translations;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_update AFTER UPDATE ON product_translations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('text');
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changes_delete ON product_translations;
--> statement-breakpoint
CREATE TRIGGER catalogue_changes_delete AFTER DELETE ON product_translations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_product_rows_changed('text');
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
