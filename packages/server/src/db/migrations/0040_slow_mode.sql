-- Slow mode (docs/decisions/0280-slow-mode.md): a channel's cooldown between one member's messages
-- (0: off), and when each member last claimed a send, which the claim's conditional update compares and moves.
ALTER TABLE "channels" ADD COLUMN "slow_mode_seconds" integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "channel_members" ADD COLUMN "last_sent_at" timestamp with time zone;
