import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
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
    type: text("type").$type<"text" | "file" | "admin">().notNull(),
    text: text("text").notNull(),
    senderId: uuid("sender_id").references(() => chatUsers.id, { onDelete: "set null" }),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    file: jsonb("file").$type<{ url: string; name: string; size: number; mimeType: string } | null>(),
    createdAt: ts("created_at").notNull(),
    deletedAt: ts("deleted_at"),
    /** The sender's idempotency key; unique per channel and sender (an expression index in migration 0011). */
    clientMessageId: text("client_message_id"),
    /** The sender's subchannel in a partitioned super group: only its members read it. Null: the whole channel. */
    subchannel: integer("subchannel"),
  },
  (t) => [uniqueIndex("messages_channel_seq_key").on(t.channelId, t.seq), index("messages_sender_idx").on(t.senderId)],
);
export type MessageRow = typeof messages.$inferSelect;
