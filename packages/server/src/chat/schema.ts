import type { TChatEvent } from "@parley/contract";
import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../db/columns";

/**
 * Every real-time event, kept so a client that reconnects can fetch what it missed: for EVENT_RETENTION_DAYS, after
 * which the `events.prune` job removes it (modules/messages/event-retention.ts), except what the push of a channel's
 * deletion reads back (the partial indexes find those).
 */
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
  (t) => [
    index("chat_events_app_idx").on(t.appId, t.id),
    index("chat_events_channel_idx").on(t.channelId, t.id),
    index("chat_events_membership_idx")
      .on(t.channelId, sql`(${t.payload}->>'userId')`, t.id)
      .where(sql`type in ('member.joined', 'member.left', 'member.banned')`),
    index("chat_events_snapshot_idx").on(t.channelId, t.id).where(sql`type in ('channel.created', 'channel.changed')`),
    index("chat_events_deletion_idx").on(t.channelId, t.createdAt).where(sql`type = 'channel.deleted'`),
  ],
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
