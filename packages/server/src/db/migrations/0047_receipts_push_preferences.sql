-- Delivery receipts and push preferences (docs/decisions/0294-delivery-receipts.md,
-- docs/decisions/0295-push-preferences.md): each member's delivered mark, which only moves forward; each user's
-- push level, quiet hours and snooze; and each member's push mode for one channel.
ALTER TABLE "channel_members" ADD COLUMN "last_delivered_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "push_preferences" (
	"chat_user_id" uuid PRIMARY KEY NOT NULL REFERENCES "chat_users"("id") ON DELETE CASCADE,
	"level" text DEFAULT 'all' NOT NULL,
	"dnd_start" text,
	"dnd_end" text,
	"time_zone" text,
	"snooze_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "push_channel_preferences" (
	"channel_id" uuid NOT NULL REFERENCES "channels"("id") ON DELETE CASCADE,
	"chat_user_id" uuid NOT NULL REFERENCES "chat_users"("id") ON DELETE CASCADE,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("channel_id", "chat_user_id")
);--> statement-breakpoint
CREATE INDEX "push_channel_preferences_user_idx" ON "push_channel_preferences" ("chat_user_id");
