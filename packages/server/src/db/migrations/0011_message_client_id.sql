ALTER TABLE "messages" ADD COLUMN "client_message_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_message_id_key" ON "messages" USING btree ("channel_id", coalesce("sender_id"::text, ''), "client_message_id") WHERE "client_message_id" IS NOT NULL;
