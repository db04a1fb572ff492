-- A shop named before these slugs were reserved keeps a reachable address: "{slug}-{id}".
UPDATE "shops" SET "slug" = "slug" || '-' || "id" WHERE "slug" IN ('top', 'popular-products');--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_slug_not_reserved" CHECK ("shops"."slug" NOT IN ('top', 'popular-products'));
