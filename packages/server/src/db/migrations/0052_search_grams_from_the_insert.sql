-- An insert may bring a message's search grams, made by the server exactly as "message_search_tokens" makes them, for
-- texts whose case and spaces every locale treats alike (modules/messages/search-grams.ts): the function is a large
-- part of a send's cost on the embedded database. Without them, and on every update of the text, the trigger makes
-- them as before (docs/decisions/0318-search-grams-made-by-the-server.md).
CREATE OR REPLACE FUNCTION "messages_search_tokens_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW."search_tokens" IS NOT NULL AND NEW."deleted_at" IS NULL AND NEW."type" <> 'hidden' THEN
    RETURN NEW;
  END IF;
  NEW."search_tokens" := CASE WHEN NEW."deleted_at" IS NULL AND NEW."type" <> 'hidden'
    THEN "message_search_tokens"(NEW."app_id", NEW."text") END;
  RETURN NEW;
END
$$;
