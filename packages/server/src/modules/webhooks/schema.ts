import type { TAnyWebhookPayload, TWebhookEvent } from "@parley/contract";
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";

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
    payload: jsonb("payload").$type<TAnyWebhookPayload>().notNull(),
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
