import type { TCallEndReason, TCallKind, TCallState } from "@parley/contract";
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";
import { chatUsers } from "../chat-users/schema";

/** Every call of an app, from its first ring to its final state: the history both APIs list. */
export const calls = pgTable(
  "calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    callerId: uuid("caller_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    calleeId: uuid("callee_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    kind: text("kind").$type<TCallKind>().notNull(),
    state: text("state").$type<TCallState>().notNull(),
    createdAt: ts("created_at").notNull(),
    acceptedAt: ts("accepted_at"),
    endedAt: ts("ended_at"),
    endReason: text("end_reason").$type<TCallEndReason>(),
    endedBy: uuid("ended_by").references(() => chatUsers.id, { onDelete: "set null" }),
    /** Set by the push job that told an offline callee, so a job run twice pushes once. */
    pushedAt: ts("pushed_at"),
  },
  (t) => [
    index("calls_app_idx").on(t.appId, t.createdAt),
    index("calls_caller_idx").on(t.callerId, t.createdAt),
    index("calls_callee_idx").on(t.calleeId, t.createdAt),
    index("calls_ringing_idx").on(t.createdAt).where(sql`state = 'ringing'`),
  ],
);
export type CallRow = typeof calls.$inferSelect;

/**
 * One row per user in a ringing or accepted call, made with the call and removed when it ends. Its key is what keeps
 * a user in one call at a time: of two calls started at once with a common party, the second insert fails.
 */
export const activeCalls = pgTable("active_calls", {
  chatUserId: uuid("chat_user_id")
    .primaryKey()
    .references(() => chatUsers.id, { onDelete: "cascade" }),
  callId: uuid("call_id")
    .notNull()
    .references(() => calls.id, { onDelete: "cascade" }),
});

/** An app's ICE servers. The TURN secret is stored as the app's other keys are (FCM, webhook) and never sent back. */
export const callSettings = pgTable("call_settings", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  stunUrls: jsonb("stun_urls").$type<string[]>().notNull().default([]),
  turnUrls: jsonb("turn_urls").$type<string[]>().notNull().default([]),
  turnSecret: text("turn_secret"),
});
