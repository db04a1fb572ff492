-- The operator's content (issue 30): contact messages are marked read and handled; banners and
-- ads are shown within a window (start, end) and ads in an order; policy/CMS pages and blog posts
-- keep a title and text in each language. Banners and ads move the catalogue's version (0009), so
-- the home page, which is cached until the catalogue changes, shows a write within a second on
-- every process.
ALTER TABLE "blogs" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_window" CHECK ("ads"."ends_at" IS NULL OR "ads"."starts_at" IS NULL OR "ads"."ends_at" > "ads"."starts_at");--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_window" CHECK ("banners"."ends_at" IS NULL OR "banners"."starts_at" IS NULL OR "banners"."ends_at" > "banners"."starts_at");
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changed ON banners;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changed ON ads;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ads
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
