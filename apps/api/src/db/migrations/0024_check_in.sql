-- Online check-in (issue 15, modules/tickets): when a coupon's passenger checked in for its flight.
ALTER TABLE "ticket_coupons" ADD COLUMN "checked_in_at" timestamp with time zone;
