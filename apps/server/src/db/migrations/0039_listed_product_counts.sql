-- Listed products counted as they change (issue 31): the home page's and the category list's
-- product counts and the shop cards' product and category counts were counts over every listed
-- product (0.35 s of the home page at 100,000 products). Kept out of the Drizzle schema like 0007:
-- a table written only by the triggers below.
--
-- One row per shop and category (category 0: every product of the shop) with how many of the
-- shop's products there are active and approved; whether the shop itself is active is read with
-- the counts, so a shop closed or opened moves no row. Products not listed count nowhere.
CREATE TABLE IF NOT EXISTS listed_product_counts (
  shop_id integer NOT NULL,
  category_id integer NOT NULL,
  products integer NOT NULL,
  CONSTRAINT listed_product_counts_pk PRIMARY KEY (shop_id, category_id) INCLUDE (products)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS listed_product_counts_category_idx ON listed_product_counts (category_id) INCLUDE (shop_id, products);
--> statement-breakpoint
-- Keeps each shop's count of listed products (active and approved; the shop's own state is read
-- with the count) in listed_product_counts under category 0 (migration 0039): a statement's new or
-- deleted products at once, an update row by row when it lists, unlists or moves a product (its
-- trigger's WHEN), so a sale changes nothing here.
CREATE OR REPLACE FUNCTION listed_counts_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM listed_product_counts WHERE category_id = 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO listed_product_counts AS c (shop_id, category_id, products)
    SELECT d.shop_id, 0, sum(d.delta)::integer
    FROM (VALUES (OLD.shop_id, CASE WHEN OLD.is_active AND OLD.is_approved THEN -1 ELSE 0 END),
      (NEW.shop_id, CASE WHEN NEW.is_active AND NEW.is_approved THEN 1 ELSE 0 END)) AS d (shop_id, delta)
    GROUP BY d.shop_id HAVING sum(d.delta) <> 0 ORDER BY d.shop_id
    ON CONFLICT (shop_id, category_id) DO UPDATE SET products = c.products + EXCLUDED.products;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO listed_product_counts AS c (shop_id, category_id, products)
    SELECT n.shop_id, 0, count(*)::integer FROM new_rows n WHERE n.is_active AND n.is_approved
    GROUP BY n.shop_id ORDER BY n.shop_id
    ON CONFLICT (shop_id, category_id) DO UPDATE SET products = c.products + EXCLUDED.products;
  ELSE
    INSERT INTO listed_product_counts AS c (shop_id, category_id, products)
    SELECT o.shop_id, 0, -count(*)::integer FROM old_rows o WHERE o.is_active AND o.is_approved
    GROUP BY o.shop_id ORDER BY o.shop_id
    ON CONFLICT (shop_id, category_id) DO UPDATE SET products = c.products + EXCLUDED.products;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Keeps each shop's count of listed products in each category (active and approved; the shop's
-- own state is read with the count) in listed_product_counts (migration 0039), from the rows of
-- product_category_listing: a statement's new or deleted rows at once, an update row by row when it
-- lists, unlists or moves a product (its trigger's WHEN), so a sale changes nothing here.
CREATE OR REPLACE FUNCTION listed_counts_categories_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM listed_product_counts WHERE category_id <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO listed_product_counts AS c (shop_id, category_id, products)
    SELECT d.shop_id, d.category_id, sum(d.delta)::integer
    FROM (VALUES (OLD.shop_id, OLD.category_id, CASE WHEN OLD.is_active AND OLD.is_approved THEN -1 ELSE 0 END),
      (NEW.shop_id, NEW.category_id, CASE WHEN NEW.is_active AND NEW.is_approved THEN 1 ELSE 0 END)) AS d (shop_id, category_id, delta)
    GROUP BY d.shop_id, d.category_id HAVING sum(d.delta) <> 0 ORDER BY d.shop_id, d.category_id
    ON CONFLICT (shop_id, category_id) DO UPDATE SET products = c.products + EXCLUDED.products;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO listed_product_counts AS c (shop_id, category_id, products)
    SELECT n.shop_id, n.category_id, count(*)::integer FROM new_rows n WHERE n.is_active AND n.is_approved
    GROUP BY n.shop_id, n.category_id ORDER BY n.shop_id, n.category_id
    ON CONFLICT (shop_id, category_id) DO UPDATE SET products = c.products + EXCLUDED.products;
  ELSE
    INSERT INTO listed_product_counts AS c (shop_id, category_id, products)
    SELECT o.shop_id, o.category_id, -count(*)::integer FROM old_rows o WHERE o.is_active AND o.is_approved
    GROUP BY o.shop_id, o.category_id ORDER BY o.shop_id, o.category_id
    ON CONFLICT (shop_id, category_id) DO UPDATE SET products = c.products + EXCLUDED.products;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS listed_counts_insert ON products;
--> statement-breakpoint
CREATE TRIGGER listed_counts_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listed_counts_products_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listed_counts_update ON products;
--> statement-breakpoint
CREATE TRIGGER listed_counts_update AFTER UPDATE OF is_active, is_approved, shop_id ON products FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.is_approved IS DISTINCT FROM NEW.is_approved
    OR OLD.shop_id IS DISTINCT FROM NEW.shop_id)
  EXECUTE FUNCTION listed_counts_products_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listed_counts_delete ON products;
--> statement-breakpoint
CREATE TRIGGER listed_counts_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listed_counts_products_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listed_counts_truncate ON products;
--> statement-breakpoint
CREATE TRIGGER listed_counts_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION listed_counts_products_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listed_counts_insert ON product_category_listing;
--> statement-breakpoint
CREATE TRIGGER listed_counts_insert AFTER INSERT ON product_category_listing REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listed_counts_categories_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listed_counts_update ON product_category_listing;
--> statement-breakpoint
CREATE TRIGGER listed_counts_update AFTER UPDATE OF is_active, is_approved, shop_id, category_id ON product_category_listing FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.is_approved IS DISTINCT FROM NEW.is_approved
    OR OLD.shop_id IS DISTINCT FROM NEW.shop_id OR OLD.category_id IS DISTINCT FROM NEW.category_id)
  EXECUTE FUNCTION listed_counts_categories_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listed_counts_delete ON product_category_listing;
--> statement-breakpoint
CREATE TRIGGER listed_counts_delete AFTER DELETE ON product_category_listing REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION listed_counts_categories_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS listed_counts_truncate ON product_category_listing;
--> statement-breakpoint
CREATE TRIGGER listed_counts_truncate AFTER TRUNCATE ON product_category_listing FOR EACH STATEMENT EXECUTE FUNCTION listed_counts_categories_changed();
--> statement-breakpoint
-- Databases that already hold products get their counts now.
DELETE FROM listed_product_counts;
--> statement-breakpoint
INSERT INTO listed_product_counts (shop_id, category_id, products)
SELECT shop_id, 0, count(*)::integer FROM products WHERE is_active AND is_approved GROUP BY shop_id;
--> statement-breakpoint
INSERT INTO listed_product_counts (shop_id, category_id, products)
SELECT shop_id, category_id, count(*)::integer FROM product_category_listing WHERE is_active AND is_approved
GROUP BY shop_id, category_id;
