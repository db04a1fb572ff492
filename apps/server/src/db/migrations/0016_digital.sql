CREATE SEQUENCE "public"."digital_order_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "digital_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_code" varchar(20) NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"operator" varchar(20) NOT NULL,
	"customer_number" varchar(20) NOT NULL,
	"customer_name" text,
	"segment_power" text,
	"nominal" bigint NOT NULL,
	"price" bigint NOT NULL,
	"payment_id" uuid NOT NULL,
	"idempotency_key" varchar(255),
	"ref_id" varchar(40) NOT NULL,
	"provider" varchar(40) NOT NULL,
	"status" varchar(20) DEFAULT 'awaiting_payment' NOT NULL,
	"refund_status" varchar(10) DEFAULT 'none' NOT NULL,
	"token" varchar(40),
	"serial_number" text,
	"failure_code" varchar(20),
	"failure_message" text,
	"locale" varchar(10) DEFAULT 'en' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fulfilled_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "digital_orders_status" CHECK ("digital_orders"."status" IN ('awaiting_payment', 'processing', 'success', 'failed')),
	CONSTRAINT "digital_orders_refund_status" CHECK ("digital_orders"."refund_status" IN ('none', 'pending', 'refunded')),
	CONSTRAINT "digital_orders_money" CHECK ("digital_orders"."price" >= 0 AND "digital_orders"."nominal" >= 0)
);
--> statement-breakpoint
CREATE TABLE "digital_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"operator" varchar(20) NOT NULL,
	"code" varchar(40) NOT NULL,
	"name" text NOT NULL,
	"nominal" bigint NOT NULL,
	"price" bigint NOT NULL,
	"promo_price" bigint,
	"in_stock" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digital_products_kind" CHECK ("digital_products"."kind" IN ('pulsa', 'pln')),
	CONSTRAINT "digital_products_operator" CHECK ("digital_products"."operator" IN ('telkomsel', 'xl', 'pln')),
	CONSTRAINT "digital_products_money" CHECK ("digital_products"."nominal" >= 0 AND "digital_products"."price" >= 0 AND ("digital_products"."promo_price" IS NULL OR "digital_products"."promo_price" >= 0))
);
--> statement-breakpoint
CREATE TABLE "digital_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "digital_orders" ADD CONSTRAINT "digital_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_orders" ADD CONSTRAINT "digital_orders_product_id_digital_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."digital_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_orders" ADD CONSTRAINT "digital_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "digital_orders_code_key" ON "digital_orders" USING btree ("order_code");--> statement-breakpoint
CREATE UNIQUE INDEX "digital_orders_ref_id_key" ON "digital_orders" USING btree ("ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "digital_orders_idempotency_key" ON "digital_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "digital_orders_payment_key" ON "digital_orders" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "digital_orders_user_idx" ON "digital_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "digital_orders_due_idx" ON "digital_orders" USING btree ("next_attempt_at") WHERE "digital_orders"."status" = 'processing';--> statement-breakpoint
CREATE UNIQUE INDEX "digital_products_code_key" ON "digital_products" USING btree ("code");--> statement-breakpoint
CREATE INDEX "digital_products_operator_idx" ON "digital_products" USING btree ("operator","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "digital_providers_name_key" ON "digital_providers" USING btree ("name");