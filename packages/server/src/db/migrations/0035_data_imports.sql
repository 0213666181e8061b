-- Data imports from other vendors (docs/decisions/0269-the-import-job.md): the source as uploaded or pulled, its dry
-- run, and the job's plan and progress. One import that is not finished per app; an app's imports go with it.
CREATE TABLE "data_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL REFERENCES "apps"("id") ON DELETE CASCADE,
	"account_id" uuid REFERENCES "accounts"("id") ON DELETE SET NULL,
	"requested_by" text NOT NULL,
	"source" text NOT NULL,
	"origin" text NOT NULL,
	"credentials" jsonb,
	"status" text DEFAULT 'analyzing' NOT NULL,
	"dry_run" jsonb,
	"state" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"error_code" text,
	"error_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"analyzed_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"removed_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "data_imports_app_idx" ON "data_imports" ("app_id", "created_at" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "data_imports_open_key" ON "data_imports" ("app_id")
	WHERE "status" IN ('analyzing', 'ready', 'queued', 'running', 'paused');
