-- Sellers keep their own catalogue. A product's seller status lives in the columns every listing
-- already reads: is_active is "published" (false for a draft) and is_approved false while a
-- published product waits for the operator. Deleting keeps the row for the orders, returns and
-- reviews that hold it (deleted_at) and unpublishes it, which the first check below makes a rule
-- the database keeps. A draft may have no photo yet; a published product always has its cover.
-- SKUs are unique within a shop among its products that are not deleted. Every table a seller's
-- save writes (products and its translations, images, categories, colours, sizes, and media)
-- already moves catalogue_version (0009), so listings see the change within a second.
ALTER TABLE "products" ALTER COLUMN "media_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "products_shop_sku_key" ON "products" USING btree ("shop_id","sku") WHERE "products"."deleted_at" IS NULL AND "products"."sku" <> '';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_deleted_unpublished" CHECK ("products"."deleted_at" IS NULL OR NOT "products"."is_active");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_published_cover" CHECK ("products"."media_id" IS NOT NULL OR NOT "products"."is_active");