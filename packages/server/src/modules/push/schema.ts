import type {
  TApnsEnvironment,
  TPushNotificationSettings,
  TPushPlatform,
  TPushProvider,
  TPushTemplateKey,
  TSuperChannelPushSettings,
} from "@parley/contract";
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
