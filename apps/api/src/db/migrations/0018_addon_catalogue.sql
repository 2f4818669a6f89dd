CREATE TABLE "addon_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addon_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"route_code" text NOT NULL,
	"cabin" text NOT NULL,
	"kind" text NOT NULL,
	"weight_kg" smallint,
	"seat_type" text,
	"currency" text NOT NULL,
	"amount" integer,
	"percent" smallint,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addon_prices_cabin" CHECK ("addon_prices"."cabin" in ('C', 'Y')),
	CONSTRAINT "addon_prices_kind" CHECK ("addon_prices"."kind" in ('baggage', 'priority', 'seat', 'refund_upgrade')),
	CONSTRAINT "addon_prices_currency" CHECK ("addon_prices"."currency" in ('USD', 'CNY')),
	CONSTRAINT "addon_prices_option" CHECK (("addon_prices"."kind" = 'baggage') = ("addon_prices"."weight_kg" is not null) and ("addon_prices"."kind" = 'seat') = ("addon_prices"."seat_type" is not null)),
	CONSTRAINT "addon_prices_weight" CHECK ("addon_prices"."weight_kg" is null or "addon_prices"."weight_kg" > 0),
	CONSTRAINT "addon_prices_seat_type" CHECK ("addon_prices"."seat_type" is null or "addon_prices"."seat_type" in ('PFST', 'UPST', 'SEAT')),
	CONSTRAINT "addon_prices_price" CHECK (case when "addon_prices"."kind" = 'refund_upgrade' then "addon_prices"."amount" is null and "addon_prices"."percent" between 1 and 100 else "addon_prices"."percent" is null and "addon_prices"."amount" >= 0 end),
	CONSTRAINT "addon_prices_validity" CHECK ("addon_prices"."valid_to" is null or "addon_prices"."valid_to" >= "addon_prices"."valid_from"),
	CONSTRAINT "addon_prices_disabled" CHECK (("addon_prices"."disabled_at" is null) = ("addon_prices"."disabled_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "addon_prices" ADD CONSTRAINT "addon_prices_route_code_routes_code_fk" FOREIGN KEY ("route_code") REFERENCES "public"."routes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One live row per route, cabin, add-on (with its weight or seat type), currency and first date.
CREATE UNIQUE INDEX "addon_prices_live_key" ON "addon_prices" USING btree ("route_code","cabin","kind",coalesce("weight_kg", 0),coalesce("seat_type", ''),"currency","valid_from") WHERE "addon_prices"."disabled_at" is null;--> statement-breakpoint
CREATE INDEX "addon_prices_route_idx" ON "addon_prices" USING btree ("route_code","cabin","kind");
