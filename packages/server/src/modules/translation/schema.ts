import { boolean, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";
import { messages } from "../messages/schema";

export const translationSettings = pgTable("translation_settings", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  apiKey: text("api_key"),
  keyCreatedAt: ts("key_created_at"),
});

export const messageTranslations = pgTable(
  "message_translations",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    text: text("text").notNull(),
    sourceLanguage: text("source_language"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.language] })],
);
