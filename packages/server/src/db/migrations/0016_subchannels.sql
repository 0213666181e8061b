CREATE TABLE "channel_subchannels" (
	"channel_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"below_min_since" timestamp with time zone,
	CONSTRAINT "channel_subchannels_channel_id_number_pk" PRIMARY KEY("channel_id","number")
);
--> statement-breakpoint
ALTER TABLE "channel_members" ADD COLUMN "subchannel" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "subchannel" integer;--> statement-breakpoint
ALTER TABLE "channel_subchannels" ADD CONSTRAINT "channel_subchannels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "channel_subchannels_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."subchannel" IS NOT NULL THEN
    UPDATE "channel_subchannels" SET "member_count" = "member_count" - 1
    WHERE "channel_id" = OLD."channel_id" AND "number" = OLD."subchannel";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."subchannel" IS NOT NULL THEN
    INSERT INTO "channel_subchannels" ("channel_id", "number", "member_count")
    VALUES (NEW."channel_id", NEW."subchannel", 1)
    ON CONFLICT ("channel_id", "number") DO UPDATE SET "member_count" = "channel_subchannels"."member_count" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "channel_subchannels_count_insert" AFTER INSERT ON "channel_members"
  FOR EACH ROW WHEN (NEW."subchannel" IS NOT NULL) EXECUTE FUNCTION "channel_subchannels_count"();--> statement-breakpoint
CREATE TRIGGER "channel_subchannels_count_delete" AFTER DELETE ON "channel_members"
  FOR EACH ROW WHEN (OLD."subchannel" IS NOT NULL) EXECUTE FUNCTION "channel_subchannels_count"();--> statement-breakpoint
CREATE TRIGGER "channel_subchannels_count_update" AFTER UPDATE OF "subchannel" ON "channel_members"
  FOR EACH ROW WHEN (OLD."subchannel" IS DISTINCT FROM NEW."subchannel") EXECUTE FUNCTION "channel_subchannels_count"();
