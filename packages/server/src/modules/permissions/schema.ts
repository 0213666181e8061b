import type { TChannelType, TPermission } from "@parley/contract";
import { jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";

/**
 * An app's custom roles, and the descriptions it gave built-in ones (a row named like a built-in role holds only
 * that). Migration 0041.
 */
export const appRoles = pgTable(
  "app_roles",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.name] })],
);
export type AppRoleRow = typeof appRoles.$inferSelect;

/** A channel type's matrix where the app departs from the default; no row: the default. */
export const permissionMatrices = pgTable(
  "permission_matrices",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    channelType: text("channel_type").$type<TChannelType>().notNull(),
    appGrants: jsonb("app_grants").$type<Record<string, TPermission[]>>().notNull(),
    channelGrants: jsonb("channel_grants").$type<Record<"owner" | "moderator" | "member", TPermission[]>>().notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.channelType] })],
);
export type PermissionMatrixRow = typeof permissionMatrices.$inferSelect;
