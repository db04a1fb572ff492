-- Listing pages read in sort order (issue 31): a page of 20 is read from an index in the order the
-- shopper chose and stops after the page, instead of finding every match and sorting them
-- (modules/products/listing.repository.ts: findProductPage). One index per sort, each ending in
-- the id that breaks ties, on products (any listing but one category's) and on
-- product_category_listing (one category's, migration 0007). Prices: the base price (the discount
-- price when set, else the price) as 0007 indexes it; running flash sales are read apart.
CREATE INDEX IF NOT EXISTS products_featured_newest_idx ON products (is_featured, created_at, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_newest_idx ON products (created_at, id);
--> statement-breakpoint
DROP INDEX IF EXISTS products_created_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_popular_idx ON products (rating_avg, sold_count, id);
--> statement-breakpoint
DROP INDEX IF EXISTS products_rating_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_price_order_idx ON products ((CASE WHEN discount_price > 0 THEN discount_price ELSE price END), id);
--> statement-breakpoint
DROP INDEX IF EXISTS products_base_price_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_category_listing_featured_idx ON product_category_listing (category_id, is_featured, created_at, product_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_category_listing_newest_idx ON product_category_listing (category_id, created_at, product_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_category_listing_sold_idx ON product_category_listing (category_id, sold_count, product_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_category_listing_popular_idx ON product_category_listing (category_id, rating_avg, sold_count, product_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_category_listing_price_idx ON product_category_listing (category_id, (CASE WHEN discount_price > 0 THEN discount_price ELSE price END), product_id);
