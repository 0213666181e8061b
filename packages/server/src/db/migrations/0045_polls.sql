-- Polls: a poll is carried by a message of type "poll"; its votes, one row per member and option chosen, are the
-- truth for its counts. A poll with a closing time is closed by the polls.close job, and read as closed past it.
CREATE TABLE "polls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL REFERENCES "channels"("id") ON DELETE CASCADE,
	"message_id" uuid NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
	"creator_id" uuid REFERENCES "chat_users"("id") ON DELETE SET NULL,
	"question" text NOT NULL,
	"options" jsonb NOT NULL,
	"allows_multiple" boolean NOT NULL,
	"anonymous" boolean NOT NULL,
	"closes_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "polls_message_key" ON "polls" ("message_id");--> statement-breakpoint
CREATE INDEX "polls_closing_idx" ON "polls" ("closes_at") WHERE "closed_at" IS NULL AND "closes_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"poll_id" uuid NOT NULL REFERENCES "polls"("id") ON DELETE CASCADE,
	"chat_user_id" uuid NOT NULL REFERENCES "chat_users"("id") ON DELETE CASCADE,
	"option_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("poll_id", "chat_user_id", "option_id")
);--> statement-breakpoint
CREATE INDEX "poll_votes_option_idx" ON "poll_votes" ("poll_id", "option_id", "created_at", "chat_user_id");--> statement-breakpoint
CREATE INDEX "poll_votes_user_idx" ON "poll_votes" ("chat_user_id");
