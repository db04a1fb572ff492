ALTER TABLE "payments" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "idempotency_key" varchar(255);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("user_id","idempotency_key");