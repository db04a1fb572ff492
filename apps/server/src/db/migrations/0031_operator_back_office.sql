ALTER TABLE "withdrawals" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "approval_note" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "commission_rate_bps" integer;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_commission_rate_bps" CHECK ("shops"."commission_rate_bps" IS NULL OR "shops"."commission_rate_bps" BETWEEN 0 AND 10000);