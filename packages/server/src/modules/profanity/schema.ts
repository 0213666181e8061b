import type { TProfanitySettings } from "@parley/contract";
import { boolean, jsonb, pgTable, uuid } from "drizzle-orm/pg-core";
import { apps } from "../apps/schema";

/** An app's profanity filter; no row means the defaults of the contract (off). Settings are validated on write. */
export const profanityFilters = pgTable("profanity_filters", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  settings: jsonb("settings").$type<TProfanitySettings>().notNull(),
});
