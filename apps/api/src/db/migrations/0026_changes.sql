CREATE SEQUENCE "public"."change_order_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "change_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"change_order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_order_legs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"change_order_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"segment_seq" smallint NOT NULL,
	"dep_code" char(3) NOT NULL,
	"arr_code" char(3) NOT NULL,
	"family" text NOT NULL,
	"cabin" char(1) NOT NULL,
	"from_flight_id" text NOT NULL,
	"from_flight_no" text NOT NULL,
	"from_dep_utc" timestamp with time zone NOT NULL,
	"from_arr_utc" timestamp with time zone NOT NULL,
	"from_aircraft" text NOT NULL,
	"from_booking_class" char(1) NOT NULL,
	"to_flight_id" text NOT NULL,
	"to_flight_no" text NOT NULL,
	"to_dep_utc" timestamp with time zone NOT NULL,
	"to_arr_utc" timestamp with time zone NOT NULL,
	"to_aircraft" text NOT NULL,
	"to_booking_class" char(1) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"change_order_id" uuid NOT NULL,
	"passenger_id" uuid NOT NULL,
	"passenger_seq" smallint NOT NULL,
	"passenger_name" text NOT NULL,
	"segment_id" uuid NOT NULL,
	"segment_seq" smallint NOT NULL,
	"fee" integer NOT NULL,
	"old_fare" integer NOT NULL,
	"new_fare" integer NOT NULL,
	"old_taxes" integer NOT NULL,
	"new_taxes" integer NOT NULL,
	"fare_difference" integer NOT NULL,
	"tax_difference" integer NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_order_lines_amounts" CHECK ("change_order_lines"."fee" >= 0 and "change_order_lines"."fare_difference" >= 0 and "change_order_lines"."tax_difference" >= 0 and "change_order_lines"."total" = "change_order_lines"."fee" + "change_order_lines"."fare_difference" + "change_order_lines"."tax_difference")
);
--> statement-breakpoint
CREATE TABLE "change_order_passengers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"change_order_id" uuid NOT NULL,
	"passenger_id" uuid NOT NULL,
	"passenger_seq" smallint NOT NULL,
	"passenger_name" text NOT NULL,
	"old_ticket_no" char(13),
	"new_ticket_no" char(13),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"change_no" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"owner_user_id" uuid,
	"requester_user_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'quoted' NOT NULL,
	"reason_code" text NOT NULL,
	"remark" text,
	"currency" char(3) NOT NULL,
	"fee" integer NOT NULL,
	"original_cost" integer NOT NULL,
	"difference" integer NOT NULL,
	"amount" integer NOT NULL,
	"disrupted_flight_id" text,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"insurance_accepted" boolean DEFAULT false NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"language" smallint NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"pay_deadline" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_orders_change_no_unique" UNIQUE("change_no"),
	CONSTRAINT "change_orders_status" CHECK ("change_orders"."status" in ('quoted', 'unpaid', 'succeeded', 'expired', 'canceled')),
	CONSTRAINT "change_orders_kind" CHECK ("change_orders"."kind" in ('voluntary', 'disruption')),
	CONSTRAINT "change_orders_amounts" CHECK ("change_orders"."fee" >= 0 and "change_orders"."difference" >= 0 and "change_orders"."amount" = "change_orders"."fee" + "change_orders"."difference")
);
--> statement-breakpoint
CREATE TABLE "disruption_choices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"flight_id" text NOT NULL,
	"choice" text NOT NULL,
	"change_order_id" uuid,
	"refund_no" text,
	"actor" text NOT NULL,
	"chosen_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disruption_choices_choice" CHECK ("disruption_choices"."choice" in ('accepted', 'moved', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "change_status" smallint;--> statement-breakpoint
ALTER TABLE "change_order_events" ADD CONSTRAINT "change_order_events_change_order_id_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "public"."change_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_legs" ADD CONSTRAINT "change_order_legs_change_order_id_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "public"."change_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_legs" ADD CONSTRAINT "change_order_legs_segment_id_order_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."order_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_change_order_id_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "public"."change_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_passenger_id_order_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."order_passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_lines" ADD CONSTRAINT "change_order_lines_segment_id_order_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."order_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_passengers" ADD CONSTRAINT "change_order_passengers_change_order_id_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "public"."change_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_order_passengers" ADD CONSTRAINT "change_order_passengers_passenger_id_order_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."order_passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_choices" ADD CONSTRAINT "disruption_choices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disruption_choices" ADD CONSTRAINT "disruption_choices_change_order_id_change_orders_id_fk" FOREIGN KEY ("change_order_id") REFERENCES "public"."change_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_order_events_order_idx" ON "change_order_events" USING btree ("change_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "change_order_legs_segment_key" ON "change_order_legs" USING btree ("change_order_id","segment_id");--> statement-breakpoint
CREATE INDEX "change_order_legs_to_flight_idx" ON "change_order_legs" USING btree ("to_flight_id");--> statement-breakpoint
CREATE UNIQUE INDEX "change_order_lines_key" ON "change_order_lines" USING btree ("change_order_id","passenger_id","segment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "change_order_passengers_key" ON "change_order_passengers" USING btree ("change_order_id","passenger_id");--> statement-breakpoint
CREATE UNIQUE INDEX "change_orders_idempotency_key" ON "change_orders" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "change_orders_live_key" ON "change_orders" USING btree ("order_id") WHERE "change_orders"."status" in ('quoted', 'unpaid');--> statement-breakpoint
CREATE UNIQUE INDEX "change_orders_once_key" ON "change_orders" USING btree ("order_id") WHERE "change_orders"."status" = 'succeeded' and "change_orders"."kind" = 'voluntary';--> statement-breakpoint
CREATE INDEX "change_orders_owner_idx" ON "change_orders" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "change_orders_requester_idx" ON "change_orders" USING btree ("requester_user_id");--> statement-breakpoint
CREATE INDEX "change_orders_live_idx" ON "change_orders" USING btree ("status","expires_at") WHERE "change_orders"."status" in ('quoted', 'unpaid');--> statement-breakpoint
CREATE INDEX "change_orders_disrupted_idx" ON "change_orders" USING btree ("disrupted_flight_id");--> statement-breakpoint
CREATE UNIQUE INDEX "disruption_choices_key" ON "disruption_choices" USING btree ("order_id","flight_id");--> statement-breakpoint
CREATE INDEX "disruption_choices_flight_idx" ON "disruption_choices" USING btree ("flight_id");