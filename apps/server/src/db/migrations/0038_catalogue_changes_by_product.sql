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
