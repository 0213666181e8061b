import type { TFileInfo, TLinkPreview, TMessageType, TScheduledMessageStatus } from "@parley/contract";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
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

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id").notNull(),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    type: text("type").$type<TMessageType>().notNull(),
    text: text("text").notNull(),
    senderId: uuid("sender_id").references(() => chatUsers.id, { onDelete: "set null" }),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    file: jsonb("file").$type<TFileInfo | null>(),
    createdAt: ts("created_at").notNull(),
    deletedAt: ts("deleted_at"),
    /** The sender's idempotency key; unique per channel and sender (an expression index in migration 0011). */
    clientMessageId: text("client_message_id"),
    /** The sender's subchannel in a partitioned super group: only its members read it. Null: the whole channel. */
    subchannel: integer("subchannel"),
    customType: text("custom_type"),
    /** How many members added each reaction, kept by the statement that adds or removes one (migration 0018). */
    reactions: jsonb("reactions").$type<Record<string, number>>().notNull().default({}),
    editedAt: ts("edited_at"),
    /** A reply's thread; replies of replies are refused, so threads are one level deep. */
    parentMessageId: uuid("parent_message_id").references((): AnyPgColumn => messages.id, { onDelete: "cascade" }),
    /** A reply that is also shown in the channel's history. */
    showInChannel: boolean("show_in_channel").notNull().default(false),
    replyCount: integer("reply_count").notNull().default(0),
    lastRepliedAt: ts("last_replied_at"),
    /** The user IDs the sender mentioned (migration 0019); each member's `unread_mentions` counts them. */
    mentionedUserIds: jsonb("mentioned_user_ids").$type<string[]>(),
    /**
     * The translations the sender asked for at send (migration 0021), by language, written as each lands; null when
     * none was asked for or none has landed. A copy of what `message_translations` caches, kept on the row so a page
     * of history reads them without another query.
     */
    translations: jsonb("translations").$type<Record<string, string>>(),
    /** Seen by its sender only (migration 0039): a shadow-banned sender's, or one a moderation rule shadowed. */
    shadowed: boolean("shadowed").notNull().default(false),
    /** The card of the text's first link (migration 0048), written by the link-previews module once fetched. */
    linkPreview: jsonb("link_preview").$type<TLinkPreview>(),
    /** The link whose preview the sender removed: no preview of it comes back, an edit to another link brings one. */
    linkPreviewRemovedUrl: text("link_preview_removed_url"),
    // `search_tokens` (text[], migration 0023) is written by a trigger and read only by search.ts, so it is not
    // declared here: a message read with select() would carry its n-grams for nothing.
  },
  (t) => [
    uniqueIndex("messages_channel_seq_key").on(t.channelId, t.seq),
    // A sender's latest messages in a channel: what the moderation rules' repeat and flood conditions read, and,
    // by its first column, every lookup of a sender's messages.
    index("messages_sender_channel_created_idx").on(t.senderId, t.channelId, t.createdAt),
    index("messages_thread_idx").on(t.parentMessageId, t.seq).where(sql`${t.parentMessageId} is not null`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** Who reacted with what: the truth behind `messages.reactions`. */
export const messageReactions = pgTable(
  "message_reactions",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    chatUserId: uuid("chat_user_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    reaction: text("reaction").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.chatUserId, t.reaction] }),
    index("message_reactions_user_idx").on(t.chatUserId),
  ],
);

/**
 * How far an app's event log is pruned (migration 0033): the highest chat event id the retention removed. A catch-up
 * cursor below it may have missed events and answers 3140; one at it or above has missed none. No row: nothing pruned.
 */
export const chatEventHorizons = pgTable("chat_event_horizons", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  prunedThrough: bigint("pruned_through", { mode: "bigint" }).notNull(),
});

/**
 * Messages a member scheduled (migration 0046): the send they asked for and when, and what became of it. The channel
 * is not a foreign key, so a scheduled message outlives its channel's deletion and ends `failed` with 3007, which its
 * sender then reads. `status` moves `scheduled` → `sending` → `sent` or `failed`; only the send job moves it past
 * `scheduled`, and a cancel deletes the row while it is still `scheduled`.
 */
export const scheduledMessages = pgTable(
  "scheduled_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id").notNull(),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    mentionedUserIds: jsonb("mentioned_user_ids").$type<string[]>().notNull().default([]),
    scheduledAt: ts("scheduled_at").notNull(),
    status: text("status").$type<TScheduledMessageStatus>().notNull().default("scheduled"),
    /** While `sending`: when the send was claimed. A claim older than the send's lease is taken to be lost. */
    claimedAt: ts("claimed_at"),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "set null" }),
    errorCode: text("error_code"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    check("scheduled_messages_status_check", sql`${t.status} in ('scheduled', 'sending', 'sent', 'failed')`),
    // A sender's list, soonest first, over all channels or one.
    index("scheduled_messages_sender_idx").on(t.senderId, t.scheduledAt),
    // The sweep's search for messages due and sends whose claim lapsed.
    index("scheduled_messages_due_idx").on(t.scheduledAt).where(sql`${t.status} in ('scheduled', 'sending')`),
    // The sweep's removal of finished messages past their keeping time.
    index("scheduled_messages_finished_idx").on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
  ],
);
export type ScheduledMessageRow = typeof scheduledMessages.$inferSelect;

/**
 * A poll (migration 0045), carried by its `type: "poll"` message. Its options are fixed at creation, so they live on
 * the row; the votes are the truth for every count, which is read from them rather than kept beside them.
 */
export const polls = pgTable(
  "polls",
  {
    id: uuid("id").primaryKey(),
    appId: uuid("app_id").notNull(),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    /** The user who created it; null for the app's server. */
    creatorId: uuid("creator_id").references(() => chatUsers.id, { onDelete: "set null" }),
    question: text("question").notNull(),
    options: jsonb("options").$type<{ id: string; text: string }[]>().notNull(),
    allowsMultiple: boolean("allows_multiple").notNull(),
    anonymous: boolean("anonymous").notNull(),
    closesAt: ts("closes_at"),
    closedAt: ts("closed_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("polls_message_key").on(t.messageId),
    // What the closing job looks for: open polls with a closing time.
    index("polls_closing_idx").on(t.closesAt).where(sql`${t.closedAt} is null and ${t.closesAt} is not null`),
  ],
);
export type PollRow = typeof polls.$inferSelect;

/** One row per member and option chosen; a single-choice poll holds one per member. */
export const pollVotes = pgTable(
  "poll_votes",
  {
    pollId: uuid("poll_id")
      .notNull()
      .references(() => polls.id, { onDelete: "cascade" }),
    chatUserId: uuid("chat_user_id")
      .notNull()
      .references(() => chatUsers.id, { onDelete: "cascade" }),
    optionId: text("option_id").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pollId, t.chatUserId, t.optionId] }),
    // An option's voters in the order they voted: the voters' pages.
    index("poll_votes_option_idx").on(t.pollId, t.optionId, t.createdAt, t.chatUserId),
    index("poll_votes_user_idx").on(t.chatUserId),
  ],
);
