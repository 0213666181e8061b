CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL REFERENCES "apps"("id") ON DELETE cascade,
	"account_id" uuid REFERENCES "accounts"("id") ON DELETE set null,
	"requested_by" text NOT NULL,
	"language" text NOT NULL,
	"user_id" text,
	"include_files" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"state" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"download_token" text,
	"size" bigint,
	"error_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "data_exports_app_idx" ON "data_exports" ("app_id", "created_at" DESC);
--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_active_key" ON "data_exports" ("app_id", coalesce("user_id", '')) WHERE "status" IN ('queued', 'running');
