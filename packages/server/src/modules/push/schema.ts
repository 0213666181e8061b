import type {
  TApnsEnvironment,
  TChannelPushMode,
  TPushLevel,
  TPushNotificationSettings,
  TPushPlatform,
  TPushProvider,
  TPushTemplateKey,
  TSuperChannelPushSettings,
} from "@parley/contract";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";
import { channels } from "../channels/schema";
import { chatUsers } from "../chat-users/schema";

export interface StoredFcmCredential {
  kind: "legacy" | "serviceAccount";
  /** The legacy server key, or the service account's private key (PEM). */
  secret: string;
  clientEmail: string | null;
  projectId: string | null;
  /** The service account's token endpoint (`token_uri`). */
  tokenUri: string | null;
}

/** An APNs key as stored: the `.p8` contents with what identifies it, and the fingerprint the dashboard shows. */
export interface StoredApnsCredential {
  privateKey: string;
  keyId: string;
  teamId: string;
  bundleId: string;
  environment: TApnsEnvironment;
  fingerprint: string;
}

export const pushSettings = pgTable("push_settings", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  credential: jsonb("credential").$type<StoredFcmCredential>(),
  credentialCreatedAt: ts("credential_created_at"),
  apnsCredential: jsonb("apns_credential").$type<StoredApnsCredential>(),
  apnsCredentialCreatedAt: ts("apns_credential_created_at"),
  notification: jsonb("notification").$type<TPushNotificationSettings>().notNull(),
  superChannel: jsonb("super_channel").$type<TSuperChannelPushSettings>().notNull(),
  /** Only the templates the owner changed; the others are the defaults. */
  templates: jsonb("templates")
    .$type<Partial<Record<TPushTemplateKey, { text: string; title?: string; updatedAt: string }>>>()
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
    provider: text("provider").$type<TPushProvider>().notNull().default("fcm"),
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
    provider: text("provider").$type<TPushProvider>().notNull().default("fcm"),
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

/**
 * A user's push preferences (migration 0047); a user without a row gets every push. Quiet hours are kept as the
 * user set them, `HH:MM` in their IANA time zone, so a change of daylight saving time moves nothing.
 */
export const pushPreferences = pgTable("push_preferences", {
  chatUserId: uuid("chat_user_id")
    .primaryKey()
    .references(() => chatUsers.id, { onDelete: "cascade" }),
  level: text("level").$type<TPushLevel>().notNull().default("all"),
  dndStart: text("dnd_start"),
  dndEnd: text("dnd_end"),
  timeZone: text("time_zone"),
  snoozeUntil: ts("snooze_until"),
  updatedAt: ts("updated_at").notNull(),
});
export type PushPreferencesRow = typeof pushPreferences.$inferSelect;

/**
 * A member's push mode for one channel (migration 0047); no row is `default`. Kept when the member leaves, so a
 * muted channel stays muted if they come back; gone with the channel or the user.
 */
export const pushChannelPreferences = pgTable(
  "push_channel_preferences",
  {
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    chatUserId: uuid("chat_user_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    mode: text("mode").$type<TChannelPushMode>().notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.chatUserId] }),
    index("push_channel_preferences_user_idx").on(t.chatUserId),
  ],
);
