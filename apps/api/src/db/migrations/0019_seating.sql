CREATE TABLE "seat_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flight_id" bigint NOT NULL,
	"seat" text NOT NULL,
	"order_ref" text NOT NULL,
	"passenger_ref" text NOT NULL,
	"segment_ref" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"release_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_assignments_status" CHECK ("seat_assignments"."status" in ('held', 'confirmed', 'released')),
	CONSTRAINT "seat_assignments_released" CHECK (("seat_assignments"."status" = 'released') = ("seat_assignments"."released_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "seat_assignments" ADD CONSTRAINT "seat_assignments_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One live (held or confirmed) assignment per seat of a dated flight: two orders can never hold the same seat.
CREATE UNIQUE INDEX "seat_assignments_live_seat_key" ON "seat_assignments" USING btree ("flight_id","seat") WHERE "seat_assignments"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "seat_assignments_live_passenger_key" ON "seat_assignments" USING btree ("order_ref","passenger_ref","segment_ref") WHERE "seat_assignments"."released_at" is null;--> statement-breakpoint
CREATE INDEX "seat_assignments_order_idx" ON "seat_assignments" USING btree ("order_ref");
