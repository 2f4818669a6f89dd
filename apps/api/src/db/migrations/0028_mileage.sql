CREATE TABLE "award_chart" (
	"zone" smallint NOT NULL,
	"cabin" char(1) NOT NULL,
	"miles" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "award_chart_zone_cabin_pk" PRIMARY KEY("zone","cabin"),
	CONSTRAINT "award_chart_cabin" CHECK ("award_chart"."cabin" in ('C', 'Y')),
	CONSTRAINT "award_chart_miles" CHECK ("award_chart"."miles" > 0)
);
--> statement-breakpoint
CREATE TABLE "mileage_accounts" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"level_reached_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mileage_accounts_balance_never_negative" CHECK ("mileage_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mileage_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"ticket_no" text NOT NULL,
	"flight_no" text NOT NULL,
	"flight_date" date NOT NULL,
	"coupon_id" uuid NOT NULL,
	"dep_code" char(3),
	"arr_code" char(3),
	"status" text DEFAULT 'auditing' NOT NULL,
	"reject_reason" text,
	"miles" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "mileage_claims_status" CHECK ("mileage_claims"."status" in ('auditing', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "mileage_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"position" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mileage_expiry_notices" (
	"member_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"miles" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mileage_expiry_notices_member_id_expires_at_pk" PRIMARY KEY("member_id","expires_at")
);
--> statement-breakpoint
CREATE TABLE "mileage_freezes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"frozen_at" timestamp with time zone NOT NULL,
	"frozen_by" uuid NOT NULL,
	"unfrozen_at" timestamp with time zone,
	"unfrozen_by" uuid,
	"unfreeze_reason" text
);
--> statement-breakpoint
CREATE TABLE "mileage_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"trading_type" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"miles" integer NOT NULL,
	"bonus_miles" integer DEFAULT 0 NOT NULL,
	"elite_miles" integer DEFAULT 0 NOT NULL,
	"elite_segments" integer DEFAULT 0 NOT NULL,
	"source_key" text NOT NULL,
	"coupon_id" uuid,
	"ticket_no" text,
	"flight_no" text,
	"dep_code" char(3),
	"arr_code" char(3),
	"flight_date" date,
	"booking_class" char(1),
	"occurred_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"actor" text DEFAULT 'system' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mileage_ledger_source_key_unique" UNIQUE("source_key"),
	CONSTRAINT "mileage_ledger_trading_type" CHECK ("mileage_ledger"."trading_type" between 0 and 2),
	CONSTRAINT "mileage_ledger_status" CHECK ("mileage_ledger"."status" between 0 and 3),
	CONSTRAINT "mileage_ledger_kind" CHECK ("mileage_ledger"."kind" in ('flight', 'claim', 'adjustment', 'redemption', 'reversal', 'expiry'))
);
--> statement-breakpoint
ALTER TABLE "ticket_coupons" ADD COLUMN "flown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mileage_accounts" ADD CONSTRAINT "mileage_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mileage_claims" ADD CONSTRAINT "mileage_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mileage_expiry_notices" ADD CONSTRAINT "mileage_expiry_notices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mileage_freezes" ADD CONSTRAINT "mileage_freezes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mileage_ledger" ADD CONSTRAINT "mileage_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mileage_claims_member_idx" ON "mileage_claims" USING btree ("member_id","submitted_at");--> statement-breakpoint
CREATE INDEX "mileage_claims_status_idx" ON "mileage_claims" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mileage_claims_live_coupon_key" ON "mileage_claims" USING btree ("coupon_id") WHERE "mileage_claims"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "mileage_freezes_open_key" ON "mileage_freezes" USING btree ("member_id") WHERE "mileage_freezes"."unfrozen_at" is null;--> statement-breakpoint
CREATE INDEX "mileage_ledger_member_idx" ON "mileage_ledger" USING btree ("member_id","occurred_at");--> statement-breakpoint
CREATE INDEX "mileage_ledger_expiry_idx" ON "mileage_ledger" USING btree ("expires_at") WHERE "mileage_ledger"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "ticket_coupons_flown_idx" ON "ticket_coupons" USING btree ("flown_at") WHERE "ticket_coupons"."flown_at" is not null;