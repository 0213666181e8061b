-- Link previews (docs/decisions/0296-link-previews.md): the card of a message's first link and the link whose card
-- its sender removed; each app's switch (no row: on); what each fetched page gave, until it expires.
ALTER TABLE "messages" ADD COLUMN "link_preview" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "link_preview_removed_url" text;--> statement-breakpoint
CREATE TABLE "link_preview_settings" (
	"app_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);--> statement-breakpoint
ALTER TABLE "link_preview_settings" ADD CONSTRAINT "link_preview_settings_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "link_preview_cache" (
	"url" text PRIMARY KEY NOT NULL,
	"preview" jsonb,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "link_preview_cache_expires_idx" ON "link_preview_cache" USING btree ("expires_at");
