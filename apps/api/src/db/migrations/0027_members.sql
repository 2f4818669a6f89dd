CREATE SEQUENCE "public"."member_card_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "member_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"country" char(2) NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"detail" text NOT NULL,
	"main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_beneficiaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"surname" text NOT NULL,
	"given_name" text NOT NULL,
	"middle_name" text,
	"gender" smallint NOT NULL,
	"birthday" date NOT NULL,
	"nationality" char(2) NOT NULL,
	"relationship" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"state" text DEFAULT 'ineffective' NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_beneficiaries_state_check" CHECK ("member_beneficiaries"."state" in ('ineffective', 'effective', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "member_beneficiary_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"document_type" smallint NOT NULL,
	"document_no" text NOT NULL,
	"valid_to" date NOT NULL,
	"front_file_id" uuid,
	"back_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_beneficiary_documents_type_check" CHECK ("member_beneficiary_documents"."document_type" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "member_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" text,
	"country_code" text,
	"phone" text,
	"phone_type" text,
	"main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_contacts_kind_check" CHECK ("member_contacts"."kind" in ('email', 'phone')),
	CONSTRAINT "member_contacts_value_check" CHECK (("member_contacts"."kind" = 'email' and "member_contacts"."email" is not null) or ("member_contacts"."kind" = 'phone' and "member_contacts"."phone" is not null and "member_contacts"."country_code" is not null))
);
--> statement-breakpoint
CREATE TABLE "member_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"document_type" smallint NOT NULL,
	"document_no" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"front_file_id" uuid,
	"back_file_id" uuid,
	"state" text DEFAULT 'ineffective' NOT NULL,
	"reject_reason" text,
	"from_registration" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_documents_type_check" CHECK ("member_documents"."document_type" in (0, 1)),
	CONSTRAINT "member_documents_state_check" CHECK ("member_documents"."state" in ('ineffective', 'effective', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "member_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"staff_id" uuid,
	"reason" text,
	"data" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploader_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "member_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_no" text,
	"user_id" uuid,
	"status" text DEFAULT 'auditing' NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"surname" text NOT NULL,
	"given_name" text NOT NULL,
	"middle_name" text,
	"title" smallint NOT NULL,
	"gender" smallint NOT NULL,
	"birthday" date NOT NULL,
	"nationality" char(2) NOT NULL,
	"contact_language" smallint DEFAULT 0 NOT NULL,
	"promo_mail" boolean DEFAULT false NOT NULL,
	"promo_sms" boolean DEFAULT false NOT NULL,
	"password_hash" text NOT NULL,
	"reject_reason" text,
	"rejections" integer DEFAULT 0 NOT NULL,
	"block_reason" text,
	"status_before_block" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"first_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_card_no_unique" UNIQUE("card_no"),
	CONSTRAINT "members_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "members_status_check" CHECK ("members"."status" in ('auditing', 'approved', 'rejected', 'blocked')),
	CONSTRAINT "members_level_check" CHECK ("members"."level" in (0, 1, 2)),
	CONSTRAINT "members_card_when_approved" CHECK ("members"."status" <> 'approved' or "members"."card_no" is not null)
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_number" text NOT NULL,
	"text_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_passengers" ADD COLUMN "member_card_no" text;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_beneficiaries" ADD CONSTRAINT "member_beneficiaries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_beneficiary_documents" ADD CONSTRAINT "member_beneficiary_documents_beneficiary_id_member_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."member_beneficiaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_beneficiary_documents" ADD CONSTRAINT "member_beneficiary_documents_front_file_id_member_files_id_fk" FOREIGN KEY ("front_file_id") REFERENCES "public"."member_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_beneficiary_documents" ADD CONSTRAINT "member_beneficiary_documents_back_file_id_member_files_id_fk" FOREIGN KEY ("back_file_id") REFERENCES "public"."member_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_contacts" ADD CONSTRAINT "member_contacts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_documents" ADD CONSTRAINT "member_documents_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_documents" ADD CONSTRAINT "member_documents_front_file_id_member_files_id_fk" FOREIGN KEY ("front_file_id") REFERENCES "public"."member_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_documents" ADD CONSTRAINT "member_documents_back_file_id_member_files_id_fk" FOREIGN KEY ("back_file_id") REFERENCES "public"."member_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_events" ADD CONSTRAINT "member_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_files" ADD CONSTRAINT "member_files_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_addresses_member_idx" ON "member_addresses" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_addresses_one_main_key" ON "member_addresses" USING btree ("member_id") WHERE "member_addresses"."main";--> statement-breakpoint
CREATE INDEX "member_beneficiaries_member_idx" ON "member_beneficiaries" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_beneficiaries_audit_idx" ON "member_beneficiaries" USING btree ("updated_at") WHERE "member_beneficiaries"."state" = 'ineffective';--> statement-breakpoint
CREATE UNIQUE INDEX "member_beneficiary_documents_type_key" ON "member_beneficiary_documents" USING btree ("beneficiary_id","document_type");--> statement-breakpoint
CREATE INDEX "member_codes_destination_idx" ON "member_codes" USING btree ("destination","purpose","created_at");--> statement-breakpoint
CREATE INDEX "member_contacts_member_idx" ON "member_contacts" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_contacts_one_main_key" ON "member_contacts" USING btree ("member_id","kind") WHERE "member_contacts"."main";--> statement-breakpoint
CREATE UNIQUE INDEX "member_contacts_main_email_key" ON "member_contacts" USING btree ("email") WHERE "member_contacts"."main" and "member_contacts"."kind" = 'email';--> statement-breakpoint
CREATE UNIQUE INDEX "member_contacts_main_phone_key" ON "member_contacts" USING btree ("country_code","phone") WHERE "member_contacts"."main" and "member_contacts"."kind" = 'phone';--> statement-breakpoint
CREATE UNIQUE INDEX "member_documents_type_key" ON "member_documents" USING btree ("member_id","document_type");--> statement-breakpoint
CREATE UNIQUE INDEX "member_documents_number_key" ON "member_documents" USING btree ("document_type","document_no") WHERE "member_documents"."state" <> 'rejected';--> statement-breakpoint
CREATE INDEX "member_documents_audit_idx" ON "member_documents" USING btree ("updated_at") WHERE "member_documents"."state" = 'ineffective';--> statement-breakpoint
CREATE INDEX "member_events_member_idx" ON "member_events" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "member_files_member_idx" ON "member_files" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_files_unclaimed_idx" ON "member_files" USING btree ("created_at") WHERE "member_files"."member_id" is null;--> statement-breakpoint
CREATE INDEX "member_sessions_member_idx" ON "member_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "members_audit_queue_idx" ON "members" USING btree ("submitted_at") WHERE "members"."status" = 'auditing';--> statement-breakpoint
CREATE INDEX "members_surname_idx" ON "members" USING btree (lower("surname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to_number","created_at");