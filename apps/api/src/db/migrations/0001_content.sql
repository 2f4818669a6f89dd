CREATE TABLE "translations" (
	"platform" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"text_zh" text NOT NULL,
	"text_en" text NOT NULL,
	"text_km" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_platform_code_pk" PRIMARY KEY("platform","code")
);
--> statement-breakpoint
CREATE INDEX "translations_updated_at_idx" ON "translations" USING btree ("updated_at");