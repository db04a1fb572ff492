-- A cart line is a product as chosen: its colour, size and unit. Keyed by the product alone, adding
-- size L of a product held as size S replaced S. Lines without a colour (size, unit) are one line,
-- not one per add: NULLS NOT DISTINCT (PostgreSQL 15 and PGlite). Stock stays per product: all of
-- one product's lines together never hold more than it (modules/cart).
DROP INDEX "cart_items_line_key";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_line_key" UNIQUE NULLS NOT DISTINCT("user_id","is_buy_now","product_id","color_id","size_id","unit");
