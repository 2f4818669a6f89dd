CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"currency" char(3) NOT NULL,
	"adults" smallint NOT NULL,
	"children" smallint NOT NULL,
	"infants" smallint NOT NULL,
	"segments" jsonb NOT NULL,
	"price_lines" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"flight_id" text NOT NULL,
	"cabin" char(1) NOT NULL,
	"booking_class" char(1) NOT NULL,
	"seats" smallint NOT NULL,
	"infants" smallint NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_passengers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seq" smallint NOT NULL,
	"passenger_type" smallint NOT NULL,
	"surname" text NOT NULL,
	"given_name" text NOT NULL,
	"middle_name" text,
	"title" smallint NOT NULL,
	"gender" smallint NOT NULL,
	"nationality" char(2) NOT NULL,
	"birthday" date NOT NULL,
	"doc_type" smallint NOT NULL,
	"doc_number" text NOT NULL,
	"doc_expiry" date NOT NULL,
	"email" text,
	"country_code" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_price_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"passenger_id" uuid,
	"segment_id" uuid,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seq" smallint NOT NULL,
	"flight_id" text NOT NULL,
	"flight_no" text NOT NULL,
	"dep_code" char(3) NOT NULL,
	"arr_code" char(3) NOT NULL,
	"dep_utc" timestamp with time zone NOT NULL,
	"arr_utc" timestamp with time zone NOT NULL,
	"aircraft" text NOT NULL,
	"family" text NOT NULL,
	"cabin" char(1) NOT NULL,
	"booking_class" char(1) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" text NOT NULL,
	"pnr" char(6) NOT NULL,
	"user_id" uuid,
	"status" smallint DEFAULT 0 NOT NULL,
	"currency" char(3) NOT NULL,
	"pay_deadline" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	"offer_id" uuid,
	"contact_name" text NOT NULL,
	"contact_country_code" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_email" text NOT NULL,
	"language" smallint DEFAULT 0 NOT NULL,
	"promo_code" text,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_pnr_unique" UNIQUE("pnr"),
	CONSTRAINT "orders_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"title_zh" text NOT NULL,
	"title_en" text NOT NULL,
	"title_km" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"currency" char(3),
	"min_spend" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"routes" text[],
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"listed" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_holds" ADD CONSTRAINT "order_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_passengers" ADD CONSTRAINT "order_passengers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_price_lines" ADD CONSTRAINT "order_price_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_price_lines" ADD CONSTRAINT "order_price_lines_passenger_id_order_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."order_passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_price_lines" ADD CONSTRAINT "order_price_lines_segment_id_order_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."order_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_segments" ADD CONSTRAINT "order_segments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_holds_order_idx" ON "order_holds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_holds_flight_idx" ON "order_holds" USING btree ("flight_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_passengers_seq_key" ON "order_passengers" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "order_price_lines_order_idx" ON "order_price_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_segments_seq_key" ON "order_segments" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "order_segments_flight_idx" ON "order_segments" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid_deadline_idx" ON "orders" USING btree ("pay_deadline") WHERE "orders"."status" = 0;