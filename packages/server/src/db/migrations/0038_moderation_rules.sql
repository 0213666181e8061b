-- An app's moderation rules (docs/decisions/0278-moderation-rules.md), evaluated in `position` order on every send
-- and edit of a user's message, each with the count of messages it fired on; and the engine's switch per app.
CREATE TABLE "moderation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL REFERENCES "apps"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean NOT NULL,
	"channel_types" jsonb NOT NULL,
	"condition" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_rules_name_key" ON "moderation_rules" ("app_id", "name");--> statement-breakpoint
CREATE INDEX "moderation_rules_app_idx" ON "moderation_rules" ("app_id", "position");--> statement-breakpoint
CREATE TABLE "moderation_rule_settings" (
	"app_id" uuid PRIMARY KEY NOT NULL REFERENCES "apps"("id") ON DELETE CASCADE,
	"enabled" boolean NOT NULL
);
