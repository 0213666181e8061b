-- App, brand and channel-tag names are unique as NFC, lower-cased text: "한" typed composed and decomposed (NFD) is
-- one name, as are the tags "Sale" and "sale". The indexes compare an expression, so every writer is held to it,
-- and `nameKey` in the contract package computes the same key for the friendly checks before an insert.
-- Rows that already collide under the new key are kept apart first: a later duplicate tag is dropped (a tag carries
-- nothing but its text), and a later app or brand gets the start of its id appended so that both stay reachable.
DELETE FROM "channel_tags" t USING "channel_tags" o
  WHERE t."channel_id" = o."channel_id" AND t."id" > o."id"
    AND lower(normalize(t."tag", NFC)) = lower(normalize(o."tag", NFC));--> statement-breakpoint
UPDATE "apps" a SET "name" = a."name" || ' (' || left(a."id"::text, 8) || ')'
  WHERE EXISTS (
    SELECT 1 FROM "apps" o
    WHERE o."account_id" = a."account_id" AND lower(normalize(o."name", NFC)) = lower(normalize(a."name", NFC))
      AND (o."created_at", o."id") < (a."created_at", a."id")
  );--> statement-breakpoint
UPDATE "brands" b SET "name" = b."name" || ' (' || left(b."id"::text, 8) || ')'
  WHERE EXISTS (
    SELECT 1 FROM "brands" o
    WHERE o."app_id" = b."app_id" AND lower(normalize(o."name", NFC)) = lower(normalize(b."name", NFC))
      AND (o."created_at", o."id") < (b."created_at", b."id")
  );--> statement-breakpoint
DROP INDEX "apps_account_name_key";--> statement-breakpoint
CREATE UNIQUE INDEX "apps_account_name_key" ON "apps" USING btree ("account_id", lower(normalize("name", NFC)));--> statement-breakpoint
DROP INDEX "brands_app_name_key";--> statement-breakpoint
CREATE UNIQUE INDEX "brands_app_name_key" ON "brands" USING btree ("app_id", lower(normalize("name", NFC)));--> statement-breakpoint
DROP INDEX "channel_tags_key";--> statement-breakpoint
CREATE UNIQUE INDEX "channel_tags_key" ON "channel_tags" USING btree ("channel_id", lower(normalize("tag", NFC)));
