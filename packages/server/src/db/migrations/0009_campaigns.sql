CREATE TABLE "brand_channels" (
	"brand_id" uuid NOT NULL,
	"chat_user_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	CONSTRAINT "brand_channels_brand_id_chat_user_id_pk" PRIMARY KEY("brand_id","chat_user_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_exclusions" (
	"campaign_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"value" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "campaign_exclusions_campaign_id_row_no_pk" PRIMARY KEY("campaign_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"campaign_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"chat_user_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"error_code" text,
	"channel_id" uuid,
	"message_id" uuid,
	"message_seq" integer,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_campaign_id_chat_user_id_pk" PRIMARY KEY("campaign_id","chat_user_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"brand_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"push_enabled" boolean DEFAULT false NOT NULL,
	"push_title" text DEFAULT '' NOT NULL,
	"push_body" text DEFAULT '' NOT NULL,
	"send_type" text DEFAULT 'now' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"error_code" text,
	"recipient_file_name" text,
	"recipients_uploaded_at" timestamp with time zone,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"excluded_unknown" integer DEFAULT 0 NOT NULL,
	"excluded_duplicate" integer DEFAULT 0 NOT NULL,
	"excluded_deactivated" integer DEFAULT 0 NOT NULL,
	"succeeded_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"deleted_count" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"resent_from_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "brand_channels" ADD CONSTRAINT "brand_channels_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_channels" ADD CONSTRAINT "brand_channels_chat_user_id_chat_users_id_fk" FOREIGN KEY ("chat_user_id") REFERENCES "public"."chat_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_channels" ADD CONSTRAINT "brand_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_exclusions" ADD CONSTRAINT "campaign_exclusions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_channels_channel_idx" ON "brand_channels" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_pending_idx" ON "campaign_recipients" USING btree ("campaign_id","row_no") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "campaign_recipients_unread_idx" ON "campaign_recipients" USING btree ("channel_id") WHERE message_id is not null and read_at is null;--> statement-breakpoint
CREATE INDEX "campaign_recipients_message_idx" ON "campaign_recipients" USING btree ("message_id") WHERE message_id is not null;--> statement-breakpoint
CREATE INDEX "campaign_recipients_delivered_idx" ON "campaign_recipients" USING btree ("campaign_id","row_no") WHERE state = 'succeeded' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "campaigns_app_created_idx" ON "campaigns" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("status","scheduled_at");--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "campaign_recipients_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "campaign_recipients" WHERE "campaign_id" IN (SELECT "id" FROM "gone");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "campaign_recipients_cascade" AFTER DELETE ON "campaigns" REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "campaign_recipients_cascade"();
