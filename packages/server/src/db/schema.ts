import type {
  TAdminAction,
  TBrandImageType,
  TCampaignSendType,
  TCampaignStatus,
  TChatEvent,
  TContactCategory,
  TExclusionReason,
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
  type AnyPgColumn,
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
    /** The versions of the terms of service and the privacy policy the account accepted, and when. */
    termsVersion: text("terms_version"),
    privacyVersion: text("privacy_version"),
    termsAcceptedAt: ts("terms_accepted_at"),
    language: text("language").$type<"ko" | "en">().notNull(),
    paymentCurrency: text("payment_currency").$type<"KRW" | "USD">().notNull(),
    kind: text("kind").$type<"ordinary" | "subaccount" | "marketplaceaccount">().notNull().default("ordinary"),
    role: text("role").$type<"customer" | "admin">().notNull().default("customer"),
    subAccountAppId: text("sub_account_app_id"),
    noticeFeatureEnabled: boolean("notice_feature_enabled").notNull().default(false),
    /** A sub-account signed in by its invitation link sets a password before anything else. */
    passwordRequired: boolean("password_required").notNull().default(false),
    /** The cloud marketplace's id of the customer a marketplace account was made for. */
    marketplaceCustomerId: text("marketplace_customer_id"),
    /** Days an admin added to the 30-day trial. */
    trialExtensionDays: integer("trial_extension_days").notNull().default(0),
    /** Set while an admin has stopped the account's service. */
    serviceStoppedByAdminAt: ts("service_stopped_by_admin_at"),
    lastLoginAt: ts("last_login_at"),
    emailVerifiedAt: ts("email_verified_at"),
    passwordChangedAt: ts("password_changed_at").notNull(),
    passwordNoticeHiddenUntil: ts("password_notice_hidden_until"),
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    lockedAt: ts("locked_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("accounts_email_key").on(t.email),
    uniqueIndex("accounts_marketplace_customer_key")
      .on(t.marketplaceCustomerId)
      .where(sql`marketplace_customer_id is not null`),
    index("accounts_sub_account_app_idx").on(t.subAccountAppId),
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
    purpose: text("purpose").$type<"verify_email" | "reset_password" | "sign_in">().notNull(),
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
    /** Set on a brand's one-to-one channel with a recipient of its bulk messages. */
    brandId: uuid("brand_id").references((): AnyPgColumn => brands.id, { onDelete: "set null" }),
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
    /** The sender's idempotency key; unique per channel and sender (an expression index in migration 0011). */
    clientMessageId: text("client_message_id"),
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

/**
 * Paid plans an account applied for, one row per application. The plan's state is derived from these dates and
 * the invoices (see `modules/billing/rules.ts`), never stored as a flag. `end_date` is the last day in service,
 * set by a cancellation; one before `start_date` means the plan was withdrawn before it started.
 */
export const paidPlans = pgTable(
  "paid_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    planType: text("plan_type").$type<"PlanC">().notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
    appliedAt: ts("applied_at").notNull(),
    cancelledAt: ts("cancelled_at"),
  },
  // At most one plan runs per account: a double click on Apply cannot create two.
  (t) => [
    index("paid_plans_account_idx").on(t.accountId, t.startDate),
    uniqueIndex("paid_plans_open_key").on(t.accountId).where(sql`end_date is null`),
  ],
);
export type PaidPlanRow = typeof paidPlans.$inferSelect;

/** The account's card as the payment gateway stored it: only its reference and what the screens show. */
export const billingCards = pgTable(
  "billing_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    gatewayRef: text("gateway_ref").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    holder: text("holder").notNull(),
    registeredAt: ts("registered_at").notNull(),
  },
  (t) => [uniqueIndex("billing_cards_account_key").on(t.accountId)],
);
export type BillingCardRow = typeof billingCards.$inferSelect;

export interface CardSnapshot {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
  registeredAt: string;
}

/** A visit to the gateway's hosted card page, and how it ended. */
export const cardSessions = pgTable(
  "card_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    completedAt: ts("completed_at"),
    result: text("result").$type<"success" | "declined" | "invalid" | "cancelled">(),
    card: jsonb("card").$type<CardSnapshot>(),
  },
  (t) => [index("card_sessions_account_idx").on(t.accountId)],
);

export interface InvoiceLine {
  kind: "base" | "messages" | "dau";
  quantity: number;
  unitPrice: number;
  tier?: { from: number; upTo: number | null };
  amount: number;
}

export interface InvoiceAppUsage {
  appId: string;
  name: string;
  messages: number;
  cumulativeDau: number;
}

/**
 * One calendar month of a paid plan, priced once when it is invoiced (the 5th of the next month) and never
 * re-priced. `(account_id, period)` keeps a re-run of the daily job from billing a month twice.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    period: text("period").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    currency: text("currency").$type<"KRW" | "USD">().notNull(),
    messages: bigint("messages", { mode: "number" }).notNull(),
    cumulativeDau: bigint("cumulative_dau", { mode: "number" }).notNull(),
    daysInService: integer("days_in_service").notNull(),
    daysInMonth: integer("days_in_month").notNull(),
    usageByApp: jsonb("usage_by_app").$type<InvoiceAppUsage[]>().notNull(),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    capApplied: boolean("cap_applied").notNull(),
    fee: bigint("fee", { mode: "number" }).notNull(),
    vat: bigint("vat", { mode: "number" }).notNull(),
    total: bigint("total", { mode: "number" }).notNull(),
    status: text("status").$type<"confirmationNeeded" | "failed" | "paid">().notNull(),
    paymentDate: date("payment_date", { mode: "string" }).notNull(),
    createdAt: ts("created_at").notNull(),
    paidAt: ts("paid_at"),
    chargeId: text("charge_id"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /** Days on which the daily charge failed: the service stops when they reach PAYMENT_RETRY_DAYS. */
    failedDays: integer("failed_days").notNull().default(0),
    lastFailureReason: text("last_failure_reason"),
    /** When the failed days stopped the service; it runs again from `paid_at`. */
    serviceStoppedAt: ts("service_stopped_at"),
  },
  (t) => [
    uniqueIndex("invoices_account_period_key").on(t.accountId, t.period),
    index("invoices_unpaid_idx").on(t.paymentDate).where(sql`paid_at is null`),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Every charge of an invoice. `attempt_key` is `daily:<day>` for the daily charge and `card:<card id>` for the
 * retry a newly registered card triggers, so neither a re-run of the job nor a repeated request charges twice.
 * The key is also the gateway's idempotency key: an attempt left `pending` by a crash is finished by asking again.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    attemptKey: text("attempt_key").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    cardRef: text("card_ref"),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").$type<"KRW" | "USD">().notNull(),
    status: text("status").$type<"pending" | "succeeded" | "failed">().notNull(),
    failureReason: text("failure_reason"),
    chargeId: text("charge_id"),
    createdAt: ts("created_at").notNull(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    uniqueIndex("payment_attempts_invoice_key").on(t.invoiceId, t.attemptKey),
    index("payment_attempts_pending_idx").on(t.createdAt).where(sql`status = 'pending'`),
  ],
);

/**
 * The built-in sandbox gateway's own books, standing in for a payment provider's: the cards it holds and the
 * charges it made, one per idempotency key.
 */
export const sandboxGatewayCards = pgTable("sandbox_gateway_cards", {
  ref: text("ref").primaryKey(),
  behaviour: text("behaviour").$type<"succeeds" | "failsEveryCharge">().notNull(),
  last4: text("last4").notNull(),
  createdAt: ts("created_at").notNull(),
  removedAt: ts("removed_at"),
});

export const sandboxGatewayCharges = pgTable("sandbox_gateway_charges", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  kind: text("kind").$type<"charge" | "refund">().notNull(),
  cardRef: text("card_ref"),
  chargeId: text("charge_id"),
  amount: bigint("amount", { mode: "number" }).notNull(),
  currency: text("currency").$type<"KRW" | "USD">().notNull(),
  status: text("status").$type<"succeeded" | "failed">().notNull(),
  failureReason: text("failure_reason"),
  createdAt: ts("created_at").notNull(),
});

/**
 * Inquiries from the public site's contact form, kept even when the mail to sales is delayed or lost, so none
 * depends on a mailbox alone. `mail_job_id` is the mail job that carried it.
 */
export const contactInquiries = pgTable(
  "contact_inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    company: text("company").notNull(),
    category: text("category").$type<TContactCategory>().notNull(),
    description: text("description").notNull(),
    language: text("language").$type<"ko" | "en">().notNull(),
    mailJobId: text("mail_job_id"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("contact_inquiries_created_idx").on(t.createdAt)],
);
export type ContactInquiryRow = typeof contactInquiries.$inferSelect;

/**
 * Brand cover images, uploaded before the brand form is saved so the form can preview them. Kept apart from chat
 * files: a cover lives as long as a brand uses it, not for the chat file retention period.
 */
export const brandCoverImages = pgTable(
  "brand_cover_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    size: integer("size").notNull(),
    mimeType: text("mime_type").$type<TBrandImageType>().notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("brand_cover_images_app_idx").on(t.appId)],
);
export type BrandCoverImageRow = typeof brandCoverImages.$inferSelect;

/** An app's sender identities for bulk messages. */
export const brands = pgTable(
  "brands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    coverImageId: uuid("cover_image_id").references(() => brandCoverImages.id, { onDelete: "set null" }),
    inUse: boolean("in_use").notNull().default(true),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  // Unique regardless of case: recipients tell brands apart by name, and "Acme" and "ACME" would look alike.
  (t) => [
    uniqueIndex("brands_app_name_key").on(t.appId, sql`lower(${t.name})`),
    index("brands_app_created_idx").on(t.appId, t.createdAt),
  ],
);
export type BrandRow = typeof brands.$inferSelect;

/** A brand's one-to-one channel with one user, made on the first bulk message and reused by later ones. */
export const brandChannels = pgTable(
  "brand_channels",
  {
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    chatUserId: uuid("chat_user_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.chatUserId] }), index("brand_channels_channel_idx").on(t.channelId)],
);

/** A bulk message (spec section 3); its status follows spec section 4. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    title: text("title").notNull().default(""),
    content: text("content").notNull().default(""),
    metadata: jsonb("metadata").$type<{ key: string; value: string }[]>().notNull().default([]),
    pushEnabled: boolean("push_enabled").notNull().default(false),
    pushTitle: text("push_title").notNull().default(""),
    pushBody: text("push_body").notNull().default(""),
    sendType: text("send_type").$type<TCampaignSendType>().notNull().default("now"),
    scheduledAt: ts("scheduled_at"),
    status: text("status").$type<TCampaignStatus>().notNull().default("draft"),
    errorCode: text("error_code"),
    recipientFileName: text("recipient_file_name"),
    recipientsUploadedAt: ts("recipients_uploaded_at"),
    totalRows: integer("total_rows").notNull().default(0),
    recipientCount: integer("recipient_count").notNull().default(0),
    excludedUnknown: integer("excluded_unknown").notNull().default(0),
    excludedDuplicate: integer("excluded_duplicate").notNull().default(0),
    excludedDeactivated: integer("excluded_deactivated").notNull().default(0),
    succeededCount: integer("succeeded_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    deletedCount: integer("deleted_count").notNull().default(0),
    /** Who runs the send or deletion now, and until when; another process takes over once it lapses. */
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    resentFromId: uuid("resent_from_id"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("campaigns_app_created_idx").on(t.appId, t.createdAt),
    index("campaigns_due_idx").on(t.status, t.scheduledAt),
  ],
);
export type CampaignRow = typeof campaigns.$inferSelect;

/**
 * One recipient of a campaign. `state` moves from pending to succeeded or failed in the same transaction that
 * stores the message, which is what makes a resumed send skip everyone already handled.
 */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    /**
     * No foreign key, for the same reason as `chat_user_id`: a statement-level trigger on `campaigns` (migration
     * 0009) removes a deleted campaign's recipients instead, once per statement rather than once per row.
     */
    campaignId: uuid("campaign_id").notNull(),
    /** The row of the uploaded file, for the order of sending. */
    rowNo: integer("row_no").notNull(),
    /**
     * No foreign key: its check would cost more than the rest of storing a 100,000-row upload. A user deleted
     * after the upload is found missing by the sender and counted as failed (3018).
     */
    chatUserId: uuid("chat_user_id").notNull(),
    state: text("state").$type<"pending" | "succeeded" | "failed">().notNull().default("pending"),
    errorCode: text("error_code"),
    channelId: uuid("channel_id"),
    messageId: uuid("message_id"),
    messageSeq: integer("message_seq"),
    sentAt: ts("sent_at"),
    readAt: ts("read_at"),
    deletedAt: ts("deleted_at"),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.chatUserId] }),
    index("campaign_recipients_pending_idx").on(t.campaignId, t.rowNo).where(sql`state = 'pending'`),
    index("campaign_recipients_unread_idx").on(t.channelId).where(sql`message_id is not null and read_at is null`),
    index("campaign_recipients_message_idx").on(t.messageId).where(sql`message_id is not null`),
    index("campaign_recipients_delivered_idx")
      .on(t.campaignId, t.rowNo)
      .where(sql`state = 'succeeded' and deleted_at is null`),
  ],
);
export type CampaignRecipientRow = typeof campaignRecipients.$inferSelect;

/** The rows of the uploaded file that were left out, for the counts and the download. */
export const campaignExclusions = pgTable(
  "campaign_exclusions",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    rowNo: integer("row_no").notNull(),
    value: text("value").notNull(),
    reason: text("reason").$type<TExclusionReason>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.rowNo] })],
);

/** What admins did to a customer company, and who did it when. */
export const adminActions = pgTable(
  "admin_actions",
  {
    /** In the order the actions happened, even within one millisecond. */
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Kept by email, so the record outlives the admin's account. */
    adminEmail: text("admin_email").notNull(),
    action: text("action").$type<TAdminAction>().notNull(),
    detail: jsonb("detail").$type<Record<string, string | number | boolean>>().notNull().default({}),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("admin_actions_account_idx").on(t.accountId, t.createdAt)],
);

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
