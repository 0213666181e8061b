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
    /** Login tokens issued before this are refused, and sessions started before it were ended (migration 0037). */
    loginsRevokedBefore: ts("logins_revoked_before"),
    /** Shadow-banned in the whole app (migration 0039): every new message of theirs is seen by them only. */
    shadowBanned: boolean("shadow_banned").notNull().default(false),
    /**
     * The user's app role (migration 0041): a built-in one or a custom role of the app; an anonymous user is a guest.
     * Read with the session, so checking a permission costs no read of its own.
     */
    role: text("role").notNull().default("member"),
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

/**
 * The secrets an app signs its users' login tokens with (HS256), by the `kid` tokens name. At most two per app: the
 * current one (`expires_at` null) and one rotated out, verifying until `expires_at`. Kept in clear, as the webhook
 * signing secrets are: verifying an HMAC needs the secret itself (docs/decisions/0270-app-signed-login-tokens.md).
 */
export const loginSigningSecrets = pgTable(
  "login_signing_secrets",
  {
    id: text("id").primaryKey(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    secret: text("secret").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at"),
  },
  (t) => [index("login_signing_secrets_app_idx").on(t.appId)],
);
export type LoginSigningSecretRow = typeof loginSigningSecrets.$inferSelect;

/** Per app: login tokens issued before `revoked_before` are refused, for every user of the app. */
export const loginRevocations = pgTable("login_revocations", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  revokedBefore: ts("revoked_before").notNull(),
});
