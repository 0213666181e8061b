ALTER TABLE "channels" ADD COLUMN "data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "hide_messages_before_join" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "distinct_key" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "pinned_message_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "countable_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "countable_public_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_members" ADD COLUMN "joined_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_members" ADD COLUMN "read_countable" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_members" ADD COLUMN "read_countable_public" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_members" ADD COLUMN "unread_mentions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mentioned_user_ids" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "channels_distinct_key" ON "channels" USING btree ("app_id","distinct_key") WHERE "distinct_key" IS NOT NULL;--> statement-breakpoint
-- Every message so far counts: the counters start where the seqs are, so unread counts stay what they were.
UPDATE "channels" SET "countable_seq" = "last_seq", "countable_public_seq" = "last_seq";--> statement-breakpoint
UPDATE "channel_members" SET "read_countable" = "last_read_seq", "read_countable_public" = "last_read_seq";
