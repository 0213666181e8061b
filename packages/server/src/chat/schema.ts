import type { TChatEvent } from "@parley/contract";
import { bigint, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../db/columns";

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
