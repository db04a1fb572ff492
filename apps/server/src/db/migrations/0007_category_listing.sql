-- Listings by category at 100,000 products (issue 3). Kept out of the Drizzle schema like 0006: a
-- table written only by the triggers below.
--
-- A category listing must look at every product of the category (the exact total, the price band
-- on the price a shopper pays, the sort). Reading those columns from the products table costs one
-- index probe per product (~3 µs, so ~25 ms for a category of 8,000); here they sit in the
-- category's own key range of one covering index, read in order without touching other pages.
CREATE TABLE IF NOT EXISTS product_category_listing (
  category_id integer NOT NULL,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  shop_id integer NOT NULL,
  brand_id integer,
  is_active boolean NOT NULL,
  is_approved boolean NOT NULL,
  is_featured boolean NOT NULL,
  is_digital boolean NOT NULL,
  price bigint NOT NULL,
  discount_price bigint NOT NULL,
  rating_avg real NOT NULL,
  sold_count integer NOT NULL,
  created_at timestamp with time zone NOT NULL,
  CONSTRAINT product_category_listing_pk PRIMARY KEY (category_id, product_id)
    INCLUDE (shop_id, brand_id, is_active, is_approved, is_featured, is_digital, price, discount_price,
      rating_avg, sold_count, created_at)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_category_listing_product_idx ON product_category_listing (product_id);
--> statement-breakpoint
-- A product joins or leaves a category.
CREATE OR REPLACE FUNCTION product_category_listing_link_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM product_category_listing WHERE category_id = OLD.category_id AND product_id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO product_category_listing (category_id, product_id, shop_id, brand_id, is_active, is_approved,
      is_featured, is_digital, price, discount_price, rating_avg, sold_count, created_at)
    SELECT NEW.category_id, p.id, p.shop_id, p.brand_id, p.is_active, p.is_approved, p.is_featured, p.is_digital,
      p.price, p.discount_price, p.rating_avg, p.sold_count, p.created_at
    FROM products p WHERE p.id = NEW.product_id
    ON CONFLICT (category_id, product_id) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_category_listing_link ON product_categories;
--> statement-breakpoint
CREATE TRIGGER product_category_listing_link
  AFTER INSERT OR UPDATE OR DELETE ON product_categories
  FOR EACH ROW EXECUTE FUNCTION product_category_listing_link_trigger();
--> statement-breakpoint
-- A listed column of the product changes (price, stock of sales, rating, approval...).
CREATE OR REPLACE FUNCTION product_category_listing_product_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_category_listing SET shop_id = NEW.shop_id, brand_id = NEW.brand_id, is_active = NEW.is_active,
    is_approved = NEW.is_approved, is_featured = NEW.is_featured, is_digital = NEW.is_digital, price = NEW.price,
    discount_price = NEW.discount_price, rating_avg = NEW.rating_avg, sold_count = NEW.sold_count,
    created_at = NEW.created_at
  WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_category_listing_product ON products;
--> statement-breakpoint
CREATE TRIGGER product_category_listing_product
  AFTER UPDATE OF shop_id, brand_id, is_active, is_approved, is_featured, is_digital, price, discount_price,
    rating_avg, sold_count, created_at ON products
  FOR EACH ROW
  WHEN ((OLD.shop_id, OLD.brand_id, OLD.is_active, OLD.is_approved, OLD.is_featured, OLD.is_digital, OLD.price,
      OLD.discount_price, OLD.rating_avg, OLD.sold_count, OLD.created_at)
    IS DISTINCT FROM (NEW.shop_id, NEW.brand_id, NEW.is_active, NEW.is_approved, NEW.is_featured, NEW.is_digital,
      NEW.price, NEW.discount_price, NEW.rating_avg, NEW.sold_count, NEW.created_at))
  EXECUTE FUNCTION product_category_listing_product_trigger();
--> statement-breakpoint
-- Databases that already hold products get their rows now.
INSERT INTO product_category_listing (category_id, product_id, shop_id, brand_id, is_active, is_approved,
  is_featured, is_digital, price, discount_price, rating_avg, sold_count, created_at)
SELECT pc.category_id, p.id, p.shop_id, p.brand_id, p.is_active, p.is_approved, p.is_featured, p.is_digital,
  p.price, p.discount_price, p.rating_avg, p.sold_count, p.created_at
FROM product_categories pc JOIN products p ON p.id = pc.product_id
ON CONFLICT (category_id, product_id) DO NOTHING;
--> statement-breakpoint
-- A brand's products, the other common listing filter, the same way from the products table.
CREATE INDEX IF NOT EXISTS products_brand_listing_idx ON products (brand_id)
  INCLUDE (id, shop_id, is_active, is_approved, is_featured, is_digital, price, discount_price, rating_avg,
    sold_count, created_at);
--> statement-breakpoint
ANALYZE product_category_listing;
--> statement-breakpoint
-- The price bounds of a listing's slider: both ends of this index instead of a catalogue pass.
CREATE INDEX IF NOT EXISTS products_base_price_idx
  ON products ((case when discount_price > 0 then discount_price else price end));
