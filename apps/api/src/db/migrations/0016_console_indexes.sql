ALTER TABLE "promo_codes" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "departed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_passengers_surname_idx" ON "order_passengers" USING btree (lower("surname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "order_segments_flight_no_dep_idx" ON "order_segments" USING btree ("flight_no","dep_utc");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_contact_email_idx" ON "orders" USING btree (lower("contact_email"));--> statement-breakpoint
CREATE INDEX "flights_dep_date_idx" ON "flights" USING btree ("dep_local_date");--> statement-breakpoint
CREATE INDEX "payment_refunds_waiting_idx" ON "payment_refunds" USING btree ("status","created_at") WHERE "payment_refunds"."status" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");