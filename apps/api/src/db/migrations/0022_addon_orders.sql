-- Add-ons bought after ticketing (issue 14, modules/secondary-services): add-on orders, their lines (EMD numbers) and history.
CREATE SEQUENCE "public"."addon_order_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- EMD numbers take serials of their own range, tickets stop below it: a document number is never both.
CREATE SEQUENCE "public"."emd_serial_seq" INCREMENT BY 1 MINVALUE 5000000001 MAXVALUE 9999999999 START WITH 5000000001 CACHE 1;--> statement-breakpoint
ALTER SEQUENCE "public"."ticket_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 4999999999 START WITH 1000000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "addon_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"addon_order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addon_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"addon_order_id" uuid NOT NULL,
	"segment_id" uuid,
	"seat" text,
	"weight_kg" smallint,
	"insurance_type" text,
	"cover_from" text,
	"cover_to" text,
	"amount" integer NOT NULL,
	"emd_no" char(13),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addon_order_lines_emd_no_unique" UNIQUE("emd_no"),
	CONSTRAINT "addon_order_lines_amount" CHECK ("addon_order_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "addon_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sec_order_no" text NOT NULL,
	"order_id" uuid NOT NULL,
	"passenger_id" uuid NOT NULL,
	"service_code" smallint NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"amount" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"pay_deadline" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"insurance" jsonb,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addon_orders_sec_order_no_unique" UNIQUE("sec_order_no"),
	CONSTRAINT "addon_orders_status" CHECK ("addon_orders"."status" in ('unpaid', 'paid', 'refunded', 'canceled', 'expired')),
	CONSTRAINT "addon_orders_service_code" CHECK ("addon_orders"."service_code" in (10, 11, 12, 13)),
	CONSTRAINT "addon_orders_amount" CHECK ("addon_orders"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "addon_order_events" ADD CONSTRAINT "addon_order_events_addon_order_id_addon_orders_id_fk" FOREIGN KEY ("addon_order_id") REFERENCES "public"."addon_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_order_lines" ADD CONSTRAINT "addon_order_lines_addon_order_id_addon_orders_id_fk" FOREIGN KEY ("addon_order_id") REFERENCES "public"."addon_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_order_lines" ADD CONSTRAINT "addon_order_lines_segment_id_order_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."order_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_orders" ADD CONSTRAINT "addon_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_orders" ADD CONSTRAINT "addon_orders_passenger_id_order_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."order_passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addon_order_events_order_idx" ON "addon_order_events" USING btree ("addon_order_id","id");--> statement-breakpoint
CREATE INDEX "addon_order_lines_order_idx" ON "addon_order_lines" USING btree ("addon_order_id");--> statement-breakpoint
-- One add-on order per client key on an order: a retried createOrder answers the same one.
CREATE UNIQUE INDEX "addon_orders_idempotency_key" ON "addon_orders" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "addon_orders_order_idx" ON "addon_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "addon_orders_passenger_idx" ON "addon_orders" USING btree ("passenger_id","service_code");--> statement-breakpoint
-- One unpaid add-on order per passenger and service: a concurrent second purchase is refused (662).
CREATE UNIQUE INDEX "addon_orders_one_unpaid_key" ON "addon_orders" USING btree ("passenger_id","service_code") WHERE "addon_orders"."status" = 'unpaid';--> statement-breakpoint
-- The expiry sweep: the unpaid add-on orders, by deadline.
CREATE INDEX "addon_orders_unpaid_idx" ON "addon_orders" USING btree ("pay_deadline") WHERE "addon_orders"."status" = 'unpaid';
--> statement-breakpoint
-- The sandbox gateway sends the browser back where the merchant asked (an add-on order to its ticketed order).
ALTER TABLE "sandbox_transactions" ADD COLUMN "return_url" text;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD COLUMN "cancel_url" text;
