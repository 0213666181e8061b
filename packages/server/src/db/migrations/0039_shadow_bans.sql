-- Shadow bans (docs/decisions/0279-shadow-bans.md): a shadowed message is seen by its sender only; a shadow-banned
-- user (in the whole app) or member (in one channel) has every new message shadowed.
ALTER TABLE "messages" ADD COLUMN "shadowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_users" ADD COLUMN "shadow_banned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_members" ADD COLUMN "shadow_banned" boolean DEFAULT false NOT NULL;
