import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../db/columns";
import { accounts } from "../modules/auth/schema";

/**
 * The answers to dashboard creates sent with an `Idempotency-Key`, so a request resent after a lost answer gets
 * the first answer instead of a second resource.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** The account whose session sent the request; keys of different accounts never meet. */
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
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
  (t) => [primaryKey({ columns: [t.accountId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
