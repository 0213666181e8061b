CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"app_id" uuid,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_label" text NOT NULL,
	"ip" text,
	"action" text NOT NULL,
	"path" text NOT NULL,
	"status" integer,
	"request" jsonb NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_app_idx" ON "audit_log" ("app_id", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_account_idx" ON "audit_log" ("account_id", "at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" ("at");
