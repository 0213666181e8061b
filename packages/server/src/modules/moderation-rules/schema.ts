import type { TChannelType, TModerationAction, TModerationCondition } from "@parley/contract";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";

/** An app's rules, validated by the contract on write; `hits` counts the messages each fired on. */
export const moderationRules = pgTable(
  "moderation_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    enabled: boolean("enabled").notNull(),
    channelTypes: jsonb("channel_types").$type<TChannelType[]>().notNull(),
    condition: jsonb("condition").$type<TModerationCondition>().notNull(),
    action: jsonb("action").$type<TModerationAction>().notNull(),
    hits: integer("hits").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("moderation_rules_name_key").on(t.appId, t.name),
    index("moderation_rules_app_idx").on(t.appId, t.position),
  ],
);
export type ModerationRuleRow = typeof moderationRules.$inferSelect;

/** The engine's switch per app; no row: off. */
export const moderationRuleSettings = pgTable("moderation_rule_settings", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull(),
});
