CREATE TABLE "insurance_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"currency" char(3) NOT NULL,
	"grade" smallint NOT NULL,
	"name" jsonb NOT NULL,
	"coverage" jsonb NOT NULL,
	"price_bands" jsonb NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_plans_currency_check" CHECK ("insurance_plans"."currency" in ('USD', 'CNY'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_plans_code_currency_unique" ON "insurance_plans" USING btree ("code","currency");--> statement-breakpoint
CREATE TABLE "insurance_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"passenger_id" uuid NOT NULL,
	"plan_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"policy_no" text,
	"premium_amount" integer NOT NULL,
	"premium_currency" char(3) NOT NULL,
	"cover_from" date NOT NULL,
	"cover_to" date NOT NULL,
	"insured" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_policies_status_check" CHECK ("insurance_policies"."status" in ('pending', 'issued', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_passenger_id_order_passengers_id_fk" FOREIGN KEY ("passenger_id") REFERENCES "public"."order_passengers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_plan_id_insurance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."insurance_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One policy per order, passenger and plan: a retried "create the policies of a paid order" adds nothing.
CREATE UNIQUE INDEX "insurance_policies_order_passenger_plan_unique" ON "insurance_policies" USING btree ("order_id","passenger_id","plan_id");--> statement-breakpoint
-- Our idempotency reference with the insurer: one purchase per reference, ever.
CREATE UNIQUE INDEX "insurance_policies_reference_unique" ON "insurance_policies" USING btree ("reference");--> statement-breakpoint
-- The purchase job's queue: the pending policies, oldest first.
CREATE INDEX "insurance_policies_pending_idx" ON "insurance_policies" USING btree ("created_at") WHERE "insurance_policies"."status" = 'pending';--> statement-breakpoint
CREATE TABLE "sandbox_insurance_policies" (
	"reference" text PRIMARY KEY NOT NULL,
	"policy_no" text NOT NULL,
	"plan_code" text NOT NULL,
	"premium_amount" integer NOT NULL,
	"premium_currency" char(3) NOT NULL,
	"cover_from" date NOT NULL,
	"cover_to" date NOT NULL,
	"insured_name" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_insurance_policies_policy_no_unique" UNIQUE("policy_no")
);
