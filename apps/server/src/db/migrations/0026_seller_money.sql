CREATE TABLE "shop_ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" integer,
	"return_id" integer,
	"withdrawal_id" integer,
	"rate_bps" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_ledger_entries_sign" CHECK (("shop_ledger_entries"."kind" in ('sale', 'commission_refund', 'withdrawal_release') and "shop_ledger_entries"."amount" > 0)
        or ("shop_ledger_entries"."kind" in ('commission', 'refund', 'withdrawal_hold') and "shop_ledger_entries"."amount" < 0)),
	CONSTRAINT "shop_ledger_entries_reference" CHECK (("shop_ledger_entries"."kind" in ('sale', 'commission') and "shop_ledger_entries"."order_id" is not null and "shop_ledger_entries"."return_id" is null and "shop_ledger_entries"."withdrawal_id" is null)
        or ("shop_ledger_entries"."kind" in ('refund', 'commission_refund') and "shop_ledger_entries"."return_id" is not null and "shop_ledger_entries"."order_id" is null and "shop_ledger_entries"."withdrawal_id" is null)
        or ("shop_ledger_entries"."kind" in ('withdrawal_hold', 'withdrawal_release') and "shop_ledger_entries"."withdrawal_id" is not null and "shop_ledger_entries"."order_id" is null and "shop_ledger_entries"."return_id" is null))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"bank_name" text NOT NULL,
	"bank_account_number" varchar(20) NOT NULL,
	"account_holder" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "flash_sale_products" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "is_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entries_return_id_return_orders_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_ledger_entries" ADD CONSTRAINT "shop_ledger_entries_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_ledger_entries_shop_idx" ON "shop_ledger_entries" USING btree ("shop_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_ledger_entries_order_key" ON "shop_ledger_entries" USING btree ("order_id","kind") WHERE "shop_ledger_entries"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_ledger_entries_return_key" ON "shop_ledger_entries" USING btree ("return_id","kind") WHERE "shop_ledger_entries"."return_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_ledger_entries_withdrawal_key" ON "shop_ledger_entries" USING btree ("withdrawal_id","kind") WHERE "shop_ledger_entries"."withdrawal_id" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_shop_idx" ON "withdrawals" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_pending_idx" ON "withdrawals" USING btree ("created_at") WHERE "withdrawals"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "flash_sale_products_id_key" ON "flash_sale_products" USING btree ("id");--> statement-breakpoint
-- A shop's balance is the sum of its ledger entries: an entry, once written, is never changed or
-- taken back (a correction is a new entry).
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shop_ledger_entries_append_only BEFORE UPDATE OR DELETE ON shop_ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER shop_ledger_entries_no_truncate BEFORE TRUNCATE ON shop_ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
