-- Orders and tickets a traveller linked to their account (issue 15, modules/booking: order-links.ts).
CREATE TABLE "order_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ticket_no" char(13),
	"passenger_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_links_kind" CHECK ("order_links"."kind" in ('order', 'ticket') and ("order_links"."kind" = 'order') = ("order_links"."ticket_no" is null))
);
--> statement-breakpoint
ALTER TABLE "order_links" ADD CONSTRAINT "order_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_links" ADD CONSTRAINT "order_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_links" ADD CONSTRAINT "order_links_passenger_id_order_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."order_passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_links_order_key" ON "order_links" USING btree ("user_id","order_id") WHERE "order_links"."kind" = 'order';--> statement-breakpoint
CREATE UNIQUE INDEX "order_links_ticket_key" ON "order_links" USING btree ("user_id","ticket_no") WHERE "order_links"."kind" = 'ticket';--> statement-breakpoint
CREATE INDEX "order_links_order_idx" ON "order_links" USING btree ("order_id");
