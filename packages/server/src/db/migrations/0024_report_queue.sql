CREATE TABLE "report_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL REFERENCES "apps"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"channel_id" uuid,
	"message_id" uuid,
	"user_id" text NOT NULL,
	"message" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"first_reported_at" timestamp with time zone NOT NULL,
	"last_reported_at" timestamp with time zone NOT NULL,
	"resolution" text,
	"resolution_minutes" integer,
	"resolution_note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "report_targets_open_message_key" ON "report_targets" ("app_id", "message_id") WHERE "status" = 'open' AND "kind" = 'message';
--> statement-breakpoint
CREATE UNIQUE INDEX "report_targets_open_user_key" ON "report_targets" ("app_id", "user_id") WHERE "status" = 'open' AND "kind" = 'user';
--> statement-breakpoint
CREATE INDEX "report_targets_queue_idx" ON "report_targets" ("app_id", "status", "last_reported_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL REFERENCES "apps"("id") ON DELETE cascade,
	"target_id" uuid NOT NULL REFERENCES "report_targets"("id") ON DELETE cascade,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reports_target_reporter_key" ON "reports" ("target_id", "reporter_id");
--> statement-breakpoint
CREATE TABLE "report_settings" (
	"app_id" uuid PRIMARY KEY NOT NULL REFERENCES "apps"("id") ON DELETE cascade,
	"auto_hide_after" integer
);
