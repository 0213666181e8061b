import type { TMediaState } from "@parley/contract";
import { boolean, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";

export const files = pgTable("files", {
  id: uuid("id").primaryKey().defaultRandom(),
  appId: uuid("app_id")
    .notNull()
    .references(() => apps.id, { onDelete: "cascade" }),
  channelId: uuid("channel_id").notNull(),
  name: text("name").notNull(),
  size: integer("size").notNull(),
  mimeType: text("mime_type").notNull(),
  storageKey: text("storage_key").notNull(),
  createdAt: ts("created_at").notNull(),
  /** Pixels as shown (orientation applied); null for a file that is not an image, or a video without a decoder. */
  width: integer("width"),
  height: integer("height"),
  /** The thumbnails' storage keys and sizes; the URLs are made from the file's own at answer time. */
  thumbnails: jsonb("thumbnails").$type<StoredThumbnail[]>(),
  mediaState: text("media_state").$type<TMediaState>(),
  durationMs: integer("duration_ms"),
  posterKey: text("poster_key"),
  /** A voice message's audio (docs/decisions/0305-voice-messages.md), with `durationMs` and `waveform`. */
  voice: boolean("voice").notNull().default(false),
  /** A voice message's loudness bars, 0 to 100; null when neither the server nor the recorder gave them. */
  waveform: jsonb("waveform").$type<number[]>(),
});

export interface StoredThumbnail {
  size: number;
  format: "webp" | "jpeg";
  width: number;
  height: number;
  key: string;
}
