-- A brand channel names its recipient itself, and one unique index keeps a brand to one channel per user: the
-- separate link table cost a bulk send a row, two indexes and three foreign-key checks per recipient, and a channel
-- made for a recipient another send had just served had to be made and then dropped.
ALTER TABLE "channels" ADD COLUMN "brand_recipient_id" uuid;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_brand_recipient_id_chat_users_id_fk" FOREIGN KEY ("brand_recipient_id") REFERENCES "public"."chat_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "channels" c SET "brand_recipient_id" = b."chat_user_id"
  FROM "brand_channels" b WHERE b."channel_id" = c."id" AND b."brand_id" = c."brand_id";--> statement-breakpoint
CREATE UNIQUE INDEX "channels_brand_recipient_key" ON "channels" USING btree ("brand_id", "brand_recipient_id")
  WHERE "brand_recipient_id" IS NOT NULL;--> statement-breakpoint
DROP TABLE "brand_channels";
