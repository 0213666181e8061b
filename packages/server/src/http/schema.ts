import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts } from "../db/columns";
import { apps } from "../modules/apps/schema";
import { accounts } from "../modules/auth/schema";

/**
 * The answers to writes sent with an `Idempotency-Key`, so a request resent after a lost answer gets the first
 * answer instead of a second resource: a dashboard session's keys belong to its account, an API key's to its app.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** The account whose dashboard session sent the request; keys of different accounts never meet. */
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    /** The app whose API key sent a chat API request; all keys of one app share its idempotency keys. */
    appId: uuid("app_id").references(() => apps.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** Method and route of the first request; the same key on another route is refused. */
    route: text("route").notNull(),
    /** A hash of the first request's body; the same key with another body is refused. */
    requestHash: text("request_hash").notNull(),
    /** Null while the first request is still being handled. */
    statusCode: integer("status_code"),
    responseBody: jsonb("response_body"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("idempotency_keys_account_key").on(t.accountId, t.key),
    uniqueIndex("idempotency_keys_app_key").on(t.appId, t.key),
    check("idempotency_keys_one_owner", sql`(${t.accountId} IS NULL) <> (${t.appId} IS NULL)`),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);
