-- Online check-in (issue 15, modules/tickets): when a coupon's passenger checked in for its flight.
ALTER TABLE "ticket_coupons" ADD COLUMN "checked_in_at" timestamp with time zone;
--> statement-breakpoint
-- Online check-in (issue 15): the passenger's check-in sequence number on the flight (printed on the boarding pass).
ALTER TABLE "ticket_coupons" ADD COLUMN "check_in_seq" integer;
--> statement-breakpoint
-- The seat given to the passenger at check-in (none was bought); cancelling the check-in frees it. Null otherwise.
ALTER TABLE "ticket_coupons" ADD COLUMN "check_in_seat" text;
--> statement-breakpoint
-- The departure close (issue 15, modules/check-in): the flight closed without this passenger checked in (a no-show).
ALTER TABLE "ticket_coupons" ADD COLUMN "no_show_at" timestamp with time zone;
--> statement-breakpoint
-- The last check-in sequence number given on the flight (network; one counter per dated flight).
ALTER TABLE "flights" ADD COLUMN "check_in_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- When the departure close ran for the flight (its coupons used or no-shows); null before.
ALTER TABLE "flights" ADD COLUMN "departure_closed_at" timestamp with time zone;
--> statement-breakpoint
-- The development clock's offset (platform/dev-clock.ts): one row, read by every API process; never used in production.
CREATE TABLE "dev_clock" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dev_clock_one_row" CHECK ("dev_clock"."id" = 1)
);
