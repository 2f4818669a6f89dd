ALTER TABLE "orders" ADD COLUMN "holder" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE INDEX "orders_unpaid_holder_idx" ON "orders" USING btree ("holder","pay_deadline") WHERE "orders"."status" = 0;