-- A message's sender is found through "messages_sender_channel_created_idx" (sender, channel, time), whose first
-- column serves every lookup by sender alone; the single-column index only cost every stored message one more index
-- entry (docs/decisions/0315-messages-stored-in-spaced-statements.md).
DROP INDEX IF EXISTS "messages_sender_idx";
