import { SUBCHANNEL_MAX_MEMBERS, SUBCHANNEL_MIN_MEMBERS } from "@parley/contract";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
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
import { brands } from "../campaigns/schema";
import { chatUsers } from "../chat-users/schema";

/** A channel's subchannel settings until they are set. */
export const SUBCHANNEL_DEFAULTS = { min: SUBCHANNEL_MIN_MEMBERS, max: SUBCHANNEL_MAX_MEMBERS, mergeMinutes: 60 };

export const channels = pgTable(
  "channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    imageUrl: text("image_url").notNull().default(""),
    type: text("type").$type<"public" | "private" | "private_invite" | "supergroup" | "broadcast" | "open">().notNull(),
    memberLimit: integer("member_limit"),
    inviteCode: text("invite_code").notNull().default(""),
    ownerId: uuid("owner_id").references(() => chatUsers.id, { onDelete: "set null" }),
    isFrozen: boolean("is_frozen").notNull().default(false),
    lastSeq: integer("last_seq").notNull().default(0),
    memberCount: integer("member_count").notNull().default(0),
    subchannelEnabled: boolean("subchannel_enabled").notNull().default(false),
    subchannelMin: integer("subchannel_min").notNull().default(SUBCHANNEL_DEFAULTS.min),
    subchannelMax: integer("subchannel_max").notNull().default(SUBCHANNEL_DEFAULTS.max),
    subchannelMergeMinutes: integer("subchannel_merge_minutes").notNull().default(SUBCHANNEL_DEFAULTS.mergeMinutes),
    /** Set on a brand's one-to-one channel with a recipient of its bulk messages. */
    brandId: uuid("brand_id").references((): AnyPgColumn => brands.id, { onDelete: "set null" }),
    /** A brand channel's one recipient; a brand has one channel per user. */
    brandRecipientId: uuid("brand_recipient_id").references((): AnyPgColumn => chatUsers.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** The owner's or the app's key/value pairs, at most `CHANNEL_DATA_MAX`. */
    data: jsonb("data").$type<Record<string, string>>().notNull().default({}),
    /** Members see no message sent before they joined (`channel_members.joined_seq`). */
    hideMessagesBeforeJoin: boolean("hide_messages_before_join").notNull().default(false),
    /** The sorted member set of a distinct channel; unique per app, so two creates at once make one channel. */
    distinctKey: text("distinct_key"),
    /** Pinned messages' ids, oldest pin first, at most `PINNED_MESSAGES_MAX`. */
    pinnedMessageIds: jsonb("pinned_message_ids").$type<string[]>().notNull().default([]),
    /**
     * Messages that count toward unread counts (all but hidden ones), kept by the statement that stores a message.
     * A member's unread count is this less `channel_members.read_countable`: no count over messages when reading.
     */
    countableSeq: integer("countable_seq").notNull().default(0),
    /** Those of them that reach every member: in a broadcast channel only the owner's and the app's. */
    countablePublicSeq: integer("countable_public_seq").notNull().default(0),
    /** Seconds a member waits between two of their messages; 0 is off (slow-mode.ts). */
    slowModeSeconds: integer("slow_mode_seconds").notNull().default(0),
  },
  (t) => [
    index("channels_app_idx").on(t.appId, t.createdAt),
    uniqueIndex("channels_distinct_key").on(t.appId, t.distinctKey).where(sql`${t.distinctKey} is not null`),
    uniqueIndex("channels_brand_recipient_key")
      .on(t.brandId, t.brandRecipientId)
      .where(sql`${t.brandRecipientId} is not null`),
  ],
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
  // "Sale" and "sale" are one tag (migration 0029).
  (t) => [uniqueIndex("channel_tags_key").on(t.channelId, sql`lower(normalize(${t.tag}, NFC))`)],
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
    /**
     * The member's client has received the channel's messages up to this seq (migration 0047). Only moves forward;
     * what they show is the greater of it and `last_read_seq`, since a read message was delivered.
     */
    lastDeliveredSeq: integer("last_delivered_seq").notNull().default(0),
    /** The member's subchannel in a super group with subchannels on; null otherwise, or until they are placed. */
    subchannel: integer("subchannel"),
    /** The channel's last seq when the member joined: where their history starts when it hides earlier messages. */
    joinedSeq: integer("joined_seq").notNull().default(0),
    /** `channels.countable_seq` as of the member's read mark. */
    readCountable: integer("read_countable").notNull().default(0),
    /** `channels.countable_public_seq` as of the member's read mark. */
    readCountablePublic: integer("read_countable_public").notNull().default(0),
    /** Unread messages that mention the member; reset by the read mark. */
    unreadMentions: integer("unread_mentions").notNull().default(0),
    /** When the member's last message claimed its place under the channel's slow mode (slow-mode.ts). */
    lastSentAt: ts("last_sent_at"),
    /** Shadow-banned in this channel (migration 0039): every new message of theirs here is seen by them only. */
    shadowBanned: boolean("shadow_banned").notNull().default(false),
    /**
     * `moderator` or `member` (migration 0041). The owner is `channels.owner_id`, whatever this says, so a transfer
     * of ownership needs no second write.
     */
    role: text("role").notNull().default("member"),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.chatUserId] }), index("channel_members_user_idx").on(t.chatUserId)],
);

/**
 * A super group's subchannels and how many members each holds. The counts are kept by a trigger on
 * `channel_members` (migration 0016), so every way a member goes (leaving, a ban, a deleted user's cascade) counts.
 */
export const channelSubchannels = pgTable(
  "channel_subchannels",
  {
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    memberCount: integer("member_count").notNull().default(0),
    /** Since when it has held fewer members than the channel's minimum, as the merge job last saw it. */
    belowMinSince: ts("below_min_since"),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.number] })],
);
export type SubchannelRow = typeof channelSubchannels.$inferSelect;

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

export type ChannelMemberRow = typeof channelMembers.$inferSelect;
