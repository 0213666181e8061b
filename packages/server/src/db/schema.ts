import type {
  TChatEvent,
  TProfanitySettings,
  TPushNotificationSettings,
  TPushPlatform,
  TPushTemplateKey,
  TSuperChannelPushSettings,
  TWebhookEvent,
  TWebhookPayload,
} from "@parley/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull(),
    contact: text("contact").notNull(),
    companyName: text("company_name").notNull(),
    companyHomepage: text("company_homepage").notNull().default(""),
    postalCode: text("postal_code").notNull().default(""),
    address: text("address").notNull().default(""),
    addressDetail: text("address_detail").notNull().default(""),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    language: text("language").$type<"ko" | "en">().notNull(),
    paymentCurrency: text("payment_currency").$type<"KRW" | "USD">().notNull(),
    kind: text("kind").$type<"ordinary" | "subaccount" | "marketplaceaccount">().notNull().default("ordinary"),
    role: text("role").$type<"customer" | "admin">().notNull().default("customer"),
    subAccountAppId: text("sub_account_app_id"),
    noticeFeatureEnabled: boolean("notice_feature_enabled").notNull().default(false),
    emailVerifiedAt: ts("email_verified_at"),
    passwordChangedAt: ts("password_changed_at").notNull(),
    passwordNoticeHiddenUntil: ts("password_notice_hidden_until"),
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    lockedAt: ts("locked_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("accounts_email_key").on(t.email),
    index("accounts_unverified_idx").on(t.createdAt).where(sql`email_verified_at is null`),
  ],
);
export type AccountRow = typeof accounts.$inferSelect;

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: ts("created_at").notNull(),
    lastUsedAt: ts("last_used_at").notNull(),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_account_idx").on(t.accountId)],
);
export type SessionRow = typeof sessions.$inferSelect;

/** Single-use codes sent by mail: email verification and password reset. Only the hash is kept. */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"verify_email" | "reset_password">().notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [uniqueIndex("one_time_codes_hash_key").on(t.codeHash), index("one_time_codes_account_idx").on(t.accountId)],
);

/** Mail jobs already handed to the transport, so a job that runs twice after a crash does not mail twice. */
export const sentMail = pgTable("sent_mail", {
  jobId: text("job_id").primaryKey(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  sentAt: ts("sent_at").notNull(),
});

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
  },
  // Names are unique per account regardless of case: "Chat" and "chat" would confuse the Apps menu.
  (t) => [
    uniqueIndex("apps_account_name_key").on(t.accountId, sql`lower(${t.name})`),
    index("apps_account_idx").on(t.accountId),
  ],
);
export type AppRow = typeof apps.$inferSelect;

/** An app's profanity filter; no row means the defaults of the contract (off). Settings are validated on write. */
export const profanityFilters = pgTable("profanity_filters", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  settings: jsonb("settings").$type<TProfanitySettings>().notNull(),
});

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

export const channels = pgTable(
  "channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    type: text("type").$type<"public" | "private" | "private_invite" | "supergroup">().notNull(),
    memberLimit: integer("member_limit"),
    inviteCode: text("invite_code").notNull().default(""),
    ownerId: uuid("owner_id").references(() => chatUsers.id, { onDelete: "set null" }),
    isFrozen: boolean("is_frozen").notNull().default(false),
    lastSeq: integer("last_seq").notNull().default(0),
    memberCount: integer("member_count").notNull().default(0),
    subchannelEnabled: boolean("subchannel_enabled").notNull().default(false),
    subchannelMin: integer("subchannel_min").notNull().default(500),
    subchannelMax: integer("subchannel_max").notNull().default(3000),
    subchannelMergeMinutes: integer("subchannel_merge_minutes").notNull().default(60),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("channels_app_idx").on(t.appId, t.createdAt)],
);
export type ChannelRow = typeof channels.$inferSelect;

export const channelTags = pgTable(
  "channel_tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (t) => [uniqueIndex("channel_tags_key").on(t.channelId, t.tag)],
);

export const channelMembers = pgTable(
  "channel_members",
  {
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    chatUserId: uuid("chat_user_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    joinedAt: ts("joined_at").notNull(),
    mutedUntil: ts("muted_until"),
    lastReadSeq: integer("last_read_seq").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.chatUserId] }), index("channel_members_user_idx").on(t.chatUserId)],
);

export const channelBans = pgTable(
  "channel_bans",
  {
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    chatUserId: uuid("chat_user_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    bannedAt: ts("banned_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.chatUserId] })],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id").notNull(),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    type: text("type").$type<"text" | "file" | "admin">().notNull(),
    text: text("text").notNull(),
    senderId: uuid("sender_id").references(() => chatUsers.id, { onDelete: "set null" }),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    file: jsonb("file").$type<{ url: string; name: string; size: number; mimeType: string } | null>(),
    createdAt: ts("created_at").notNull(),
    deletedAt: ts("deleted_at"),
  },
  (t) => [uniqueIndex("messages_channel_seq_key").on(t.channelId, t.seq), index("messages_sender_idx").on(t.senderId)],
);
export type MessageRow = typeof messages.$inferSelect;

/** Every real-time event, kept so a client that reconnects can fetch what it missed. */
export const chatEvents = pgTable(
  "chat_events",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    appId: uuid("app_id").notNull(),
    channelId: uuid("channel_id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("chat_events_app_idx").on(t.appId, t.id), index("chat_events_channel_idx").on(t.channelId, t.id)],
);

export const files = pgTable("files", {
  id: uuid("id").primaryKey().defaultRandom(),
  appId: uuid("app_id")
    .notNull()
    .references(() => apps.id, { onDelete: "cascade" }),
  channelId: uuid("channel_id").notNull(),
  name: text("name").notNull(),
  size: integer("size").notNull(),
  mimeType: text("mime_type").notNull(),
  storageKey: text("storage_key").notNull(),
  createdAt: ts("created_at").notNull(),
});

/** Per-app daily counters, written as events happen so reports read days, not messages. */
export const dailyMetrics = pgTable(
  "daily_metrics",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    messageCount: integer("message_count").notNull().default(0),
    messageSenderCount: integer("message_sender_count").notNull().default(0),
    activeUserCount: integer("active_user_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day] })],
);

/** Who was active, and who sent, on a day: the distinct counts of `daily_metrics` come from inserts here. */
export const dailyUserActivity = pgTable(
  "daily_user_activity",
  {
    appId: uuid("app_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    chatUserId: uuid("chat_user_id").notNull(),
    kind: text("kind").$type<"active" | "sender">().notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.chatUserId, t.kind] })],
);

/** The addresses that receive an account's daily usage report mail, one row each. */
export const reportEmails = pgTable(
  "report_emails",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.email] })],
);

/**
 * The daily usage reports already mailed, one row per account and reported day: the key that keeps a re-run of
 * the daily job (a retry, a second process, a manual run) from mailing the same day twice.
 */
export const dailyReportsSent = pgTable(
  "daily_reports_sent",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    sentAt: ts("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/**
 * Chat events waiting to reach the app's integrations (webhooks, push). Written in the transaction of the change,
 * only for apps that have an integration on, and removed by the dispatcher in the transaction that turns each
 * into deliveries: an event is handed on once, and a crash on either side loses nothing.
 */
export const eventOutbox = pgTable("event_outbox", {
  id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
  appId: uuid("app_id").notNull(),
  eventId: bigint("event_id", { mode: "bigint" }).notNull(),
  event: jsonb("event").$type<TChatEvent>().notNull(),
  createdAt: ts("created_at").notNull(),
});

export interface StoredFcmCredential {
  kind: "legacy" | "serviceAccount";
  /** The legacy server key, or the service account's private key (PEM). */
  secret: string;
  clientEmail: string | null;
  projectId: string | null;
  /** The service account's token endpoint (`token_uri`). */
  tokenUri: string | null;
}

export const pushSettings = pgTable("push_settings", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  credential: jsonb("credential").$type<StoredFcmCredential>(),
  credentialCreatedAt: ts("credential_created_at"),
  notification: jsonb("notification").$type<TPushNotificationSettings>().notNull(),
  superChannel: jsonb("super_channel").$type<TSuperChannelPushSettings>().notNull(),
  /** Only the templates the owner changed; the others are the defaults. */
  templates: jsonb("templates")
    .$type<Partial<Record<TPushTemplateKey, { text: string; updatedAt: string }>>>()
    .notNull()
    .default({}),
});

export const pushDevices = pgTable(
  "push_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    chatUserId: uuid("chat_user_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    platform: text("platform").$type<TPushPlatform>().notNull(),
    token: text("token").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("push_devices_app_token_key").on(t.appId, t.token),
    index("push_devices_user_idx").on(t.chatUserId),
  ],
);

/** One row per attempt to one device; `(event_id, device_id)` keeps a re-run push job from notifying twice. */
export const pushAttempts = pgTable(
  "push_attempts",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    chatUserId: uuid("chat_user_id").notNull(),
    userId: text("user_id").notNull(),
    deviceId: uuid("device_id"),
    platform: text("platform").$type<TPushPlatform>().notNull(),
    deviceHint: text("device_hint").notNull(),
    /** The chat event pushed, or null for a test push. */
    eventId: bigint("event_id", { mode: "bigint" }),
    trigger: text("trigger").notNull(),
    status: text("status").notNull(),
    httpStatus: integer("http_status"),
    response: text("response").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("push_attempts_app_idx").on(t.appId, t.id),
    uniqueIndex("push_attempts_event_device_key").on(t.eventId, t.deviceId),
  ],
);

/** When each super channel last pushed, for its one-event-per-interval limit. */
export const pushChannelThrottle = pgTable("push_channel_throttle", {
  channelId: uuid("channel_id")
    .primaryKey()
    .references(() => channels.id, { onDelete: "cascade" }),
  lastPushedAt: ts("last_pushed_at").notNull(),
});

export const translationSettings = pgTable("translation_settings", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  apiKey: text("api_key"),
  keyCreatedAt: ts("key_created_at"),
});

export const messageTranslations = pgTable(
  "message_translations",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    text: text("text").notNull(),
    sourceLanguage: text("source_language"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.language] })],
);

export const webhookSettings = pgTable("webhook_settings", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  url: text("url").notNull().default(""),
  events: jsonb("events").$type<TWebhookEvent[]>().notNull().default([]),
  secret: text("secret").notNull(),
  previousSecret: text("previous_secret"),
  previousSecretExpiresAt: ts("previous_secret_expires_at"),
});

/**
 * One row per event to deliver (and per test send): the source of truth for the job that delivers it. `id` is
 * the `webhook-id` header. A job takes the row by moving `locked_until`, so a duplicated job is a no-op.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    eventId: bigint("event_id", { mode: "bigint" }),
    eventType: text("event_type").$type<TWebhookEvent>().notNull(),
    payload: jsonb("payload").$type<TWebhookPayload>().notNull(),
    status: text("status").$type<"pending" | "succeeded" | "failed">().notNull(),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    lockedUntil: ts("locked_until"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("webhook_deliveries_app_idx").on(t.appId, t.createdAt),
    uniqueIndex("webhook_deliveries_event_key").on(t.appId, t.eventId),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: ts("attempted_at").notNull(),
    httpStatus: integer("http_status"),
    durationMs: integer("duration_ms").notNull(),
    responseExcerpt: text("response_excerpt").notNull(),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.id)],
);
