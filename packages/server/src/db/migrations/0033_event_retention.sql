-- Chat events are kept EVENT_RETENTION_DAYS: the daily events.prune job removes older ones and records, per app, the
-- highest event id it removed. A catch-up cursor below it answers 3140 (docs/decisions/0260-event-retention.md).
CREATE TABLE "chat_event_horizons" (
	"app_id" uuid PRIMARY KEY NOT NULL REFERENCES "apps"("id") ON DELETE cascade,
	"pruned_through" bigint NOT NULL
);--> statement-breakpoint
-- What the prune keeps past the retention for the push of a channel's deletion, which reads the members and the name
-- back from the log: each user's last membership event of a channel, and its last snapshot. These find the later
-- event that lets an earlier one go, and the push's own reads use them too.
CREATE INDEX "chat_events_membership_idx" ON "chat_events" USING btree ("channel_id", ("payload"->>'userId'), "id") WHERE "type" IN ('member.joined', 'member.left', 'member.banned');--> statement-breakpoint
CREATE INDEX "chat_events_snapshot_idx" ON "chat_events" USING btree ("channel_id", "id") WHERE "type" IN ('channel.created', 'channel.changed');--> statement-breakpoint
CREATE INDEX "chat_events_deletion_idx" ON "chat_events" USING btree ("channel_id", "created_at") WHERE "type" = 'channel.deleted';
