-- The moderation rules' repeat and flood conditions read a sender's latest messages in one channel since a moment,
-- newest first (messages/queries.ts, createRecentMessagesReader): an index in that order reads just those rows, where
-- the sender's own index alone reads every message they ever sent.
CREATE INDEX "messages_sender_channel_created_idx" ON "messages" ("sender_id", "channel_id", "created_at");
