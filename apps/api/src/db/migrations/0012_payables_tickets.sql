-- Issue 11: payments pays payables; tickets become a ledger of their own; refunds may be partial.
-- Hand-edited after drizzle-kit generate: the backfills and the refund-total trigger are not in
-- the schema files (the snapshot is drizzle's, the data steps are ours).
CREATE TABLE "payables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"owner_user_id" uuid,
	"amount" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"language" smallint NOT NULL,
	"payer_surnames" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payables_status" CHECK ("payables"."status" in ('open', 'paid', 'closed')),
	CONSTRAINT "payables_amount" CHECK ("payables"."amount" >= 0)
);--> statement-breakpoint
CREATE TABLE "payable_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payable_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"passenger_ref" text,
	"segment_ref" text,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
DROP INDEX "payment_refunds_payment_key";--> statement-breakpoint
DROP INDEX "tickets_passenger_key";--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "passenger_ref" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "line_ref" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payable_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_coupons" ADD COLUMN "status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "journey" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reissued_from" uuid;--> statement-breakpoint
-- Backfill: one payable per existing order. Its amount is the sum of the order's price lines
-- now (what getPayUrl charged until today), its status the order's (0 open, 1 paid, 2 closed),
-- and the contact and passengers' surnames payments needs without reading orders again.
INSERT INTO "payables" ("kind", "reference", "owner_user_id", "amount", "currency", "due_at", "status",
                        "contact_name", "contact_email", "contact_phone", "language", "payer_surnames",
                        "created_at", "updated_at")
SELECT 'order', o."order_no", o."user_id",
       coalesce((SELECT sum(l."amount") FROM "order_price_lines" l WHERE l."order_id" = o."id"), 0)::integer,
       o."currency", o."pay_deadline",
       CASE o."status" WHEN 1 THEN 'paid' WHEN 2 THEN 'closed' ELSE 'open' END,
       o."contact_name", o."contact_email", o."contact_country_code" || o."contact_phone", o."language",
       coalesce((SELECT array_agg(p."surname" ORDER BY p."seq") FROM "order_passengers" p WHERE p."order_id" = o."id"),
                '{}'::text[]),
       o."created_at", o."updated_at"
  FROM "orders" o;--> statement-breakpoint
INSERT INTO "payable_lines" ("payable_id", "kind", "code", "passenger_ref", "segment_ref", "amount", "created_at", "updated_at")
SELECT b."id", l."kind", l."code", l."passenger_id"::text, l."segment_id"::text, l."amount", l."created_at", l."updated_at"
  FROM "order_price_lines" l
  JOIN "orders" o ON o."id" = l."order_id"
  JOIN "payables" b ON b."kind" = 'order' AND b."reference" = o."order_no";--> statement-breakpoint
UPDATE "payments" p SET "payable_id" = b."id"
  FROM "orders" o JOIN "payables" b ON b."kind" = 'order' AND b."reference" = o."order_no"
 WHERE o."id" = p."order_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "payable_id" SET NOT NULL;--> statement-breakpoint
-- Refunds already made count against their payment (failed ones do not).
UPDATE "payments" p SET "refunded_total" = r."total"
  FROM (SELECT "payment_id", sum("amount")::integer AS "total" FROM "payment_refunds"
         WHERE "status" <> 'failed' GROUP BY "payment_id") r
 WHERE r."payment_id" = p."id";--> statement-breakpoint
-- A refund notice recorded as an order event is a notice sent.
UPDATE "payment_refunds" r SET "notified_at" = e."created_at"
  FROM (SELECT e."data"->>'refundId' AS "refund_id", min(e."created_at") AS "created_at" FROM "order_events" e
         WHERE e."type" = 'refund_notified' GROUP BY 1) e
 WHERE e."refund_id" = r."id"::text;--> statement-breakpoint
ALTER TABLE "payable_lines" ADD CONSTRAINT "payable_lines_payable_id_payables_id_fk" FOREIGN KEY ("payable_id") REFERENCES "public"."payables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payables" ADD CONSTRAINT "payables_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payable_lines_payable_idx" ON "payable_lines" USING btree ("payable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payables_kind_reference_key" ON "payables" USING btree ("kind","reference");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payable_id_payables_id_fk" FOREIGN KEY ("payable_id") REFERENCES "public"."payables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_reissued_from_tickets_id_fk" FOREIGN KEY ("reissued_from") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_whole_payment_key" ON "payment_refunds" USING btree ("payment_id") WHERE "payment_refunds"."reason" in ('seats_gone', 'duplicate_payment');--> statement-breakpoint
CREATE INDEX "payments_payable_idx" ON "payments" USING btree ("payable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_live_key" ON "tickets" USING btree ("passenger_id","journey") WHERE "tickets"."status" in (0, 4, 6);--> statement-breakpoint
CREATE INDEX "tickets_passenger_idx" ON "tickets" USING btree ("passenger_id");--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount" > 0);--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_status" CHECK ("payment_refunds"."status" in ('pending', 'succeeded', 'failed'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_within_amount" CHECK ("payments"."refunded_total" >= 0 and "payments"."refunded_total" <= "payments"."amount");--> statement-breakpoint
-- The sum of a payment's refunds never exceeds what was paid, enforced by the database: each
-- refund that did not fail is added to payments.refunded_total by this trigger, and the CHECK
-- payments_refunded_within_amount refuses the update that would pass the amount (SQLSTATE 23514,
-- the refund's INSERT or UPDATE fails with it). Race-safe: the UPDATE is relative
-- (refunded_total + delta) on the payment row, so concurrent refunds of one payment serialize on
-- its row lock and each sees the others' committed sum (READ COMMITTED re-evaluates it on the
-- newest row; REPEATABLE READ or SERIALIZABLE fail with a retryable serialization error instead).
-- No read-then-write of the sum happens anywhere.
CREATE FUNCTION "payment_refunds_total"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_part integer := 0;
  new_part integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" <> 'failed' THEN old_part := OLD."amount"; END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" <> 'failed' THEN new_part := NEW."amount"; END IF;
  IF TG_OP = 'UPDATE' AND OLD."payment_id" = NEW."payment_id" THEN
    IF new_part <> old_part THEN
      UPDATE "payments" SET "refunded_total" = "refunded_total" + (new_part - old_part) WHERE "id" = NEW."payment_id";
    END IF;
    RETURN NULL;
  END IF;
  IF old_part <> 0 THEN
    UPDATE "payments" SET "refunded_total" = "refunded_total" - old_part WHERE "id" = OLD."payment_id";
  END IF;
  IF new_part <> 0 THEN
    UPDATE "payments" SET "refunded_total" = "refunded_total" + new_part WHERE "id" = NEW."payment_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payment_refunds_total"
  AFTER INSERT OR DELETE OR UPDATE OF "amount", "status", "payment_id" ON "payment_refunds"
  FOR EACH ROW EXECUTE FUNCTION "payment_refunds_total"();--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_order_id_orders_id_fk";--> statement-breakpoint
DROP INDEX "payments_order_idx";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "order_id";
