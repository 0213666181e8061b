import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";

export const chatUsers = pgTable(
  "chat_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    nickname: text("nickname").notNull(),
    profileImageUrl: text("profile_image_url").notNull().default(""),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * Created by anonymous login rather than by the app's server or dashboard. Only such a user may be logged into
     * again anonymously: a user the app created is claimed by no one who merely knows its id.
     */
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    createdAt: ts("created_at").notNull(),
    lastSeenAt: ts("last_seen_at"),
  },
  (t) => [uniqueIndex("chat_users_app_user_key").on(t.appId, t.userId)],
);
export type ChatUserRow = typeof chatUsers.$inferSelect;

/** Login tokens an app's server issues for its users; reusable until they expire. */
export const chatLoginTokens = pgTable(
  "chat_login_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chatUserId: uuid("chat_user_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [uniqueIndex("chat_login_tokens_hash_key").on(t.tokenHash)],
);

export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    chatUserId: uuid("chat_user_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: ts("created_at").notNull(),
    lastUsedAt: ts("last_used_at").notNull(),
  },
  (t) => [uniqueIndex("chat_sessions_hash_key").on(t.tokenHash), index("chat_sessions_user_idx").on(t.chatUserId)],
);

/**
 * Who blocks whom in an app: the blocked user's messages do not reach the blocker. Read by the blocker's own
 * lists (the key's prefix) and, on every send, for the sender's blockers (`user_blocks_blocked_idx`).
 */
export const userBlocks = pgTable(
  "user_blocks",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.blockerId, t.blockedId] }),
    index("user_blocks_blocked_idx").on(t.appId, t.blockedId),
  ],
);
