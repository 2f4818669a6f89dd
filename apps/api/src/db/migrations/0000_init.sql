CREATE TABLE "booking_classes" (
	"letter" text PRIMARY KEY NOT NULL,
	"family_code" text NOT NULL,
	"cabin" text NOT NULL,
	"nest_order" integer NOT NULL,
	"limit_percent" integer NOT NULL,
	"earn_rate_percent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_classes_cabin_nest_key" UNIQUE("cabin","nest_order"),
	CONSTRAINT "booking_classes_letter" CHECK ("booking_classes"."letter" ~ '^[A-Z]$'),
	CONSTRAINT "booking_classes_cabin" CHECK ("booking_classes"."cabin" in ('C', 'Y')),
	CONSTRAINT "booking_classes_limit_percent" CHECK ("booking_classes"."limit_percent" between 0 and 100),
	CONSTRAINT "booking_classes_earn_rate" CHECK ("booking_classes"."earn_rate_percent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fare_families" (
	"code" text PRIMARY KEY NOT NULL,
	"cabin" text NOT NULL,
	"display_order" integer NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fare_families_cabin" CHECK ("fare_families"."cabin" in ('C', 'Y'))
);
--> statement-breakpoint
CREATE TABLE "fares" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"route_code" text NOT NULL,
	"booking_class" text NOT NULL,
	"currency" text NOT NULL,
	"adult_amount" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fares_route_class_currency_from_key" UNIQUE("route_code","booking_class","currency","valid_from"),
	CONSTRAINT "fares_currency" CHECK ("fares"."currency" in ('USD', 'CNY')),
	CONSTRAINT "fares_amount_positive" CHECK ("fares"."adult_amount" > 0),
	CONSTRAINT "fares_validity" CHECK ("fares"."valid_to" is null or "fares"."valid_to" >= "fares"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taxes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"scope" text NOT NULL,
	"scope_code" text NOT NULL,
	"passenger_type" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"description_en" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taxes_code_scope_type_currency_from_key" UNIQUE("code","scope","scope_code","passenger_type","currency","valid_from"),
	CONSTRAINT "taxes_code" CHECK ("taxes"."code" ~ '^[A-Z0-9]{2}$'),
	CONSTRAINT "taxes_scope" CHECK ("taxes"."scope" in ('country', 'airport')),
	CONSTRAINT "taxes_passenger_type" CHECK ("taxes"."passenger_type" in ('adult', 'child', 'infant')),
	CONSTRAINT "taxes_currency" CHECK ("taxes"."currency" in ('USD', 'CNY')),
	CONSTRAINT "taxes_amount" CHECK ("taxes"."amount" >= 0),
	CONSTRAINT "taxes_validity" CHECK ("taxes"."valid_to" is null or "taxes"."valid_to" >= "taxes"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "flight_cabins" (
	"flight_id" bigint NOT NULL,
	"cabin" text NOT NULL,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"external_sold" integer DEFAULT 0 NOT NULL,
	"infant_capacity" integer NOT NULL,
	"infant_sold" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_cabins_flight_id_cabin_pk" PRIMARY KEY("flight_id","cabin"),
	CONSTRAINT "flight_cabins_cabin" CHECK ("flight_cabins"."cabin" in ('C', 'Y')),
	CONSTRAINT "flight_cabins_sold" CHECK ("flight_cabins"."sold" >= 0 and "flight_cabins"."external_sold" >= 0),
	CONSTRAINT "flight_cabins_within_capacity" CHECK ("flight_cabins"."sold" + "flight_cabins"."external_sold" <= "flight_cabins"."capacity"),
	CONSTRAINT "flight_cabins_infants" CHECK ("flight_cabins"."infant_sold" >= 0 and "flight_cabins"."infant_sold" <= "flight_cabins"."infant_capacity")
);
--> statement-breakpoint
CREATE TABLE "flight_class_inventory" (
	"flight_id" bigint NOT NULL,
	"booking_class" text NOT NULL,
	"cabin" text NOT NULL,
	"authorised_limit" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"external_sold" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_class_inventory_flight_id_booking_class_pk" PRIMARY KEY("flight_id","booking_class"),
	CONSTRAINT "flight_class_inventory_cabin" CHECK ("flight_class_inventory"."cabin" in ('C', 'Y')),
	CONSTRAINT "flight_class_inventory_sold" CHECK ("flight_class_inventory"."sold" >= 0 and "flight_class_inventory"."external_sold" >= 0),
	CONSTRAINT "flight_class_inventory_within_limit" CHECK ("flight_class_inventory"."sold" + "flight_class_inventory"."external_sold" <= "flight_class_inventory"."authorised_limit")
);
--> statement-breakpoint
CREATE TABLE "aircraft_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"seat_map" jsonb NOT NULL,
	"capacity_c" integer NOT NULL,
	"capacity_y" integer NOT NULL,
	"infant_capacity_c" integer NOT NULL,
	"infant_capacity_y" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aircraft_types_capacity" CHECK ("aircraft_types"."capacity_c" >= 0 and "aircraft_types"."capacity_y" > 0),
	CONSTRAINT "aircraft_types_infants" CHECK ("aircraft_types"."infant_capacity_c" >= 0 and "aircraft_types"."infant_capacity_y" >= 0)
);
--> statement-breakpoint
CREATE TABLE "airports" (
	"code" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"name_km" text NOT NULL,
	"city_zh" text NOT NULL,
	"city_en" text NOT NULL,
	"city_km" text NOT NULL,
	"country_code" text NOT NULL,
	"country_name_zh" text NOT NULL,
	"country_name_en" text NOT NULL,
	"country_name_km" text NOT NULL,
	"time_zone" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"is_hub" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airports_code_iata" CHECK ("airports"."code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "airports_country_iso" CHECK ("airports"."country_code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "airports_latitude_range" CHECK ("airports"."latitude" between -90 and 90),
	CONSTRAINT "airports_longitude_range" CHECK ("airports"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flights_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"flight_no" text NOT NULL,
	"schedule_id" integer,
	"route_code" text NOT NULL,
	"dep_local_date" date NOT NULL,
	"dep_utc" timestamp with time zone NOT NULL,
	"arr_utc" timestamp with time zone NOT NULL,
	"original_dep_utc" timestamp with time zone NOT NULL,
	"original_arr_utc" timestamp with time zone NOT NULL,
	"aircraft_code" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flights_flight_no_date_key" UNIQUE("flight_no","dep_local_date"),
	CONSTRAINT "flights_times" CHECK ("flights"."arr_utc" > "flights"."dep_utc" and "flights"."original_arr_utc" > "flights"."original_dep_utc"),
	CONSTRAINT "flights_status" CHECK ("flights"."status" in ('scheduled', 'cancelled', 'departed', 'arrived'))
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"code" text PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"distance_km" integer NOT NULL,
	"currency" text NOT NULL,
	"block_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routes_origin_destination_key" UNIQUE("origin","destination"),
	CONSTRAINT "routes_distinct_airports" CHECK ("routes"."origin" <> "routes"."destination"),
	CONSTRAINT "routes_code_matches" CHECK ("routes"."code" = "routes"."origin" || '-' || "routes"."destination"),
	CONSTRAINT "routes_currency" CHECK ("routes"."currency" in ('USD', 'CNY')),
	CONSTRAINT "routes_distance_positive" CHECK ("routes"."distance_km" > 0),
	CONSTRAINT "routes_block_positive" CHECK ("routes"."block_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"flight_no" text NOT NULL,
	"route_code" text NOT NULL,
	"days_of_week" smallint[] NOT NULL,
	"dep_local_time" time NOT NULL,
	"block_minutes" integer NOT NULL,
	"aircraft_code" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_flight_no_valid_from_key" UNIQUE("flight_no","valid_from"),
	CONSTRAINT "schedules_days" CHECK (cardinality("schedules"."days_of_week") > 0 and "schedules"."days_of_week" <@ array[1,2,3,4,5,6,7]::smallint[]),
	CONSTRAINT "schedules_validity" CHECK ("schedules"."valid_to" is null or "schedules"."valid_to" >= "schedules"."valid_from"),
	CONSTRAINT "schedules_block_positive" CHECK ("schedules"."block_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"app_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "used_nonces" (
	"app_id" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "used_nonces_app_id_nonce_pk" PRIMARY KEY("app_id","nonce")
);
--> statement-breakpoint
ALTER TABLE "booking_classes" ADD CONSTRAINT "booking_classes_family_code_fare_families_code_fk" FOREIGN KEY ("family_code") REFERENCES "public"."fare_families"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fares" ADD CONSTRAINT "fares_route_code_routes_code_fk" FOREIGN KEY ("route_code") REFERENCES "public"."routes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fares" ADD CONSTRAINT "fares_booking_class_booking_classes_letter_fk" FOREIGN KEY ("booking_class") REFERENCES "public"."booking_classes"("letter") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_cabins" ADD CONSTRAINT "flight_cabins_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_class_inventory" ADD CONSTRAINT "flight_class_inventory_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_class_inventory" ADD CONSTRAINT "flight_class_inventory_booking_class_booking_classes_letter_fk" FOREIGN KEY ("booking_class") REFERENCES "public"."booking_classes"("letter") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_route_code_routes_code_fk" FOREIGN KEY ("route_code") REFERENCES "public"."routes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_aircraft_code_aircraft_types_code_fk" FOREIGN KEY ("aircraft_code") REFERENCES "public"."aircraft_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_origin_airports_code_fk" FOREIGN KEY ("origin") REFERENCES "public"."airports"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routes" ADD CONSTRAINT "routes_destination_airports_code_fk" FOREIGN KEY ("destination") REFERENCES "public"."airports"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_route_code_routes_code_fk" FOREIGN KEY ("route_code") REFERENCES "public"."routes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_aircraft_code_aircraft_types_code_fk" FOREIGN KEY ("aircraft_code") REFERENCES "public"."aircraft_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "taxes_scope_idx" ON "taxes" USING btree ("scope","scope_code");--> statement-breakpoint
CREATE INDEX "flights_route_date_idx" ON "flights" USING btree ("route_code","dep_local_date");--> statement-breakpoint
CREATE INDEX "routes_destination_idx" ON "routes" USING btree ("destination");--> statement-breakpoint
CREATE INDEX "schedules_route_idx" ON "schedules" USING btree ("route_code");--> statement-breakpoint
CREATE INDEX "access_tokens_expires_at_idx" ON "access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "used_nonces_expires_at_idx" ON "used_nonces" USING btree ("expires_at");