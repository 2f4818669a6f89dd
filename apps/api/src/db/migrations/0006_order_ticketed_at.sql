ALTER TABLE "orders" ADD COLUMN "ticketed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_paid_unticketed_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."status" = 1 and "orders"."ticketed_at" is null;--> statement-breakpoint
-- Orders already fully ticketed are not owed anything by the sweep.
UPDATE "orders" o SET "ticketed_at" = o."updated_at"
 WHERE o."status" = 1
   AND NOT EXISTS (SELECT 1 FROM "order_passengers" p
                    WHERE p."order_id" = o."id"
                      AND NOT EXISTS (SELECT 1 FROM "tickets" t WHERE t."passenger_id" = p."id"));
