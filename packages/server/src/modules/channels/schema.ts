import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
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
    /** The member's subchannel in a super group with subchannels on; null otherwise, or until they are placed. */
    subchannel: integer("subchannel"),
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
