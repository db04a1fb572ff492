-- Fewer index entries per placement (issue 12, speed): every placement writes a payment and one order
-- per shop, and each of their indexes. payments_user_idx is answered by payments_idempotency_key
-- (user_id first); a payment has a gateway reference only once started at an online gateway, and an
-- order a voucher only when one applied, so those two indexes keep only the rows they can find.
DROP INDEX "payments_user_idx";--> statement-breakpoint
DROP INDEX "orders_coupon_user_idx";--> statement-breakpoint
DROP INDEX "payments_gateway_reference_key";--> statement-breakpoint
CREATE INDEX "orders_coupon_user_idx" ON "orders" USING btree ("coupon_id","user_id") WHERE "orders"."coupon_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_reference_key" ON "payments" USING btree ("payment_method","gateway_reference") WHERE "payments"."gateway_reference" is not null;