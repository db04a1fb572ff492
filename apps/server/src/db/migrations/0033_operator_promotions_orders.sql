CREATE TABLE "flash_sale_shops" (
	"flash_sale_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	CONSTRAINT "flash_sale_shops_flash_sale_id_shop_id_pk" PRIMARY KEY("flash_sale_id","shop_id")
);
--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD COLUMN "all_shops" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "flash_sale_shops" ADD CONSTRAINT "flash_sale_shops_flash_sale_id_flash_sales_id_fk" FOREIGN KEY ("flash_sale_id") REFERENCES "public"."flash_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sale_shops" ADD CONSTRAINT "flash_sale_shops_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flash_sale_shops_shop_idx" ON "flash_sale_shops" USING btree ("shop_id");