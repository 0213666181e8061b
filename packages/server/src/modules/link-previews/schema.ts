import type { TLinkPreview } from "@parley/contract";
import { boolean, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";

/** An app's switch for link previews; no row: on. */
export const linkPreviewSettings = pgTable("link_preview_settings", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(true),
});

/**
 * What a linked page gave, by URL, for every app alike: the page is fetched the same way whoever linked it. A null
 * `preview` is a page that gave nothing to show or could not be fetched, kept for less time than a preview.
 */
export const linkPreviewCache = pgTable(
  "link_preview_cache",
  {
    url: text("url").primaryKey(),
    preview: jsonb("preview").$type<TLinkPreview>(),
    fetchedAt: ts("fetched_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("link_preview_cache_expires_idx").on(t.expiresAt)],
);
