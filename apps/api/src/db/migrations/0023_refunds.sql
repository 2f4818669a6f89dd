-- Online refunds (issue 15, modules/refunds): refund orders, their lines, their money (one row per payment refunded) and timeline.
CREATE SEQUENCE "public"."refund_order_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "refund_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"refund_order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"data" jsonb,
	"mail" boolean DEFAULT false NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"passenger_id" uuid NOT NULL,
	"passenger_seq" smallint NOT NULL,
	"passenger_name" text NOT NULL,
	"ticket_no" char(13),
	"segment_id" uuid,
	"segment_seq" smallint,
	"flight_no" text,
	"dep_code" char(3),
	"arr_code" char(3),
	"dep_utc" timestamp with time zone,
	"code" text,
	"fare" integer DEFAULT 0 NOT NULL,
	"taxes" integer DEFAULT 0 NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"no_show_fee" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"refund" integer NOT NULL,
	"no_show" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_order_lines_kind" CHECK ("refund_order_lines"."kind" in ('segment', 'addon')),
	CONSTRAINT "refund_order_lines_refund" CHECK ("refund_order_lines"."refund" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refund_order_money" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"payment_refund_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_order_money_payment_refund_id_unique" UNIQUE("payment_refund_id"),
	CONSTRAINT "refund_order_money_status" CHECK ("refund_order_money"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "refund_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_no" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"owner_user_id" uuid,
	"requester_user_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"refund_status" smallint,
	"money_status" smallint,
	"reason_code" text NOT NULL,
	"reason_kind" text NOT NULL,
	"remark" text,
	"currency" char(3) NOT NULL,
	"should_refund" integer NOT NULL,
	"handling_fee" integer NOT NULL,
	"actual" integer NOT NULL,
	"upgrade_applied" boolean DEFAULT false NOT NULL,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"language" smallint NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"audited_at" timestamp with time zone,
	"audited_by" text,
	"reject_reason" text,
	"money_sent_at" timestamp with time zone,
	"money_gateway" text,
	"completed_at" timestamp with time zone,
	"addons_refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_orders_refund_no_unique" UNIQUE("refund_no"),
	CONSTRAINT "refund_orders_status" CHECK ("refund_orders"."status" in ('draft', 'auditing', 'rejected', 'refunding', 'refunded', 'expired')),
	CONSTRAINT "refund_orders_reason_kind" CHECK ("refund_orders"."reason_kind" in ('personal', 'flight')),
	CONSTRAINT "refund_orders_amounts" CHECK ("refund_orders"."handling_fee" >= 0 and "refund_orders"."actual" >= 0 and "refund_orders"."actual" = "refund_orders"."should_refund" - "refund_orders"."handling_fee")
);
--> statement-breakpoint
ALTER TABLE "refund_order_events" ADD CONSTRAINT "refund_order_events_refund_order_id_refund_orders_id_fk" FOREIGN KEY ("refund_order_id") REFERENCES "public"."refund_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_order_lines" ADD CONSTRAINT "refund_order_lines_refund_order_id_refund_orders_id_fk" FOREIGN KEY ("refund_order_id") REFERENCES "public"."refund_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_order_lines" ADD CONSTRAINT "refund_order_lines_passenger_id_order_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."order_passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_order_lines" ADD CONSTRAINT "refund_order_lines_segment_id_order_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."order_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_order_money" ADD CONSTRAINT "refund_order_money_refund_order_id_refund_orders_id_fk" FOREIGN KEY ("refund_order_id") REFERENCES "public"."refund_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_orders" ADD CONSTRAINT "refund_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_order_events_order_idx" ON "refund_order_events" USING btree ("refund_order_id","id");--> statement-breakpoint
CREATE INDEX "refund_order_events_unmailed_idx" ON "refund_order_events" USING btree ("id") WHERE "refund_order_events"."mail" and "refund_order_events"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "refund_order_lines_order_idx" ON "refund_order_lines" USING btree ("refund_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_order_money_payment_key" ON "refund_order_money" USING btree ("refund_order_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_orders_idempotency_key" ON "refund_orders" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "refund_orders_order_idx" ON "refund_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refund_orders_owner_idx" ON "refund_orders" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "refund_orders_requester_idx" ON "refund_orders" USING btree ("requester_user_id");--> statement-breakpoint
CREATE INDEX "refund_orders_open_idx" ON "refund_orders" USING btree ("status","submitted_at") WHERE "refund_orders"."status" in ('auditing', 'refunding');--> statement-breakpoint
-- A refund order's money comes back from a payment once: one payments refund row per payment and refund order (line_ref = the refund order's id).
CREATE UNIQUE INDEX "payment_refunds_refund_order_key" ON "payment_refunds" USING btree ("payment_id","line_ref") WHERE "payment_refunds"."reason" = 'refund_order';
