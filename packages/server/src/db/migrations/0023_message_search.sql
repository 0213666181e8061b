-- Message search: each message carries its n-grams as a GIN-indexed text array (see docs/decisions.md, "Message
-- search"). pg_trgm cannot find a two-syllable Korean word inside a longer run, and is not in PGlite, so the grams
-- are our own: every pair of neighbouring characters that holds no space, and every single character from U+1100 on
-- (Hangul, kana, ideographs), where one character is often a whole word. Each gram is prefixed with the first eight
-- hex digits of the app's id, so one app's common gram does not walk the posting lists of every other app.
CREATE FUNCTION "message_search_tokens"("app" uuid, "body" text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT left("app"::text, 8) || grams.g), '{}')
  -- OFFSET 0 keeps the text normalized once: pulled up into the grams' query, it was redone for every gram.
  FROM (SELECT regexp_replace(lower("body"), '\s+', ' ', 'g') AS t OFFSET 0) n
  CROSS JOIN LATERAL (
    SELECT substr(n.t, i, 2) AS g FROM generate_series(1, length(n.t) - 1) i
    UNION ALL
    SELECT substr(n.t, i, 1) FROM generate_series(1, length(n.t)) i
  ) grams
  WHERE (length(grams.g) = 2 AND strpos(grams.g, ' ') = 0) OR (length(grams.g) = 1 AND ascii(grams.g) >= 4352)
$$;--> statement-breakpoint
-- Hidden messages (clients' own signalling) and deleted ones are never found, so they hold no grams.
CREATE FUNCTION "messages_search_tokens_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_tokens" := CASE WHEN NEW."deleted_at" IS NULL AND NEW."type" <> 'hidden'
    THEN "message_search_tokens"(NEW."app_id", NEW."text") END;
  RETURN NEW;
END
$$;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_tokens" text[];--> statement-breakpoint
UPDATE "messages" SET "search_tokens" = "message_search_tokens"("app_id", "text")
  WHERE "deleted_at" IS NULL AND "type" <> 'hidden';--> statement-breakpoint
CREATE TRIGGER "messages_search_tokens_insert" BEFORE INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "messages_search_tokens_sync"();--> statement-breakpoint
CREATE TRIGGER "messages_search_tokens_update" BEFORE UPDATE OF "text", "deleted_at" ON "messages"
  FOR EACH ROW WHEN (OLD."text" IS DISTINCT FROM NEW."text" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at")
  EXECUTE FUNCTION "messages_search_tokens_sync"();--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "messages_app_created_idx" ON "messages" USING btree ("app_id", "created_at", "id");
