import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { accounts } from "../auth/schema";

export const apps = pgTable(
  "apps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    allowAnonymousLogin: boolean("allow_anonymous_login").notNull().default(false),
    defaultMemberLimit: integer("default_member_limit").notNull().default(100),
    createdAt: ts("created_at").notNull(),
    /** Set while an admin has deactivated this app on its own (3001). */
    deactivatedAt: ts("deactivated_at"),
    /** The account's `apps_deactivated_at`, kept on the row every chat call reads (3002). */
    accountDeactivatedAt: ts("account_deactivated_at"),
  },
  // Names are unique per account regardless of case and Unicode form: "Chat" and "chat", or "한" composed and
  // decomposed, would confuse the Apps menu (migration 0029).
  (t) => [
    uniqueIndex("apps_account_name_key").on(t.accountId, sql`lower(normalize(${t.name}, NFC))`),
    index("apps_account_idx").on(t.accountId),
  ],
);
export type AppRow = typeof apps.$inferSelect;

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    createdAt: ts("created_at").notNull(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_secret_hash_key").on(t.secretHash), index("api_keys_app_idx").on(t.appId)],
);
