import type { TAuditActorKind, TAuditChange } from "@parley/contract";
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";

/**
 * One row per request that changed something, written in the transaction of its first change (and added to in the
 * transaction of each later one). No foreign keys: the log of an app outlives the app, and an account's the account's
 * deletion until the retention job removes it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Whose log it is: the app's owner, or the account an administrator acted on. */
    accountId: uuid("account_id"),
    appId: uuid("app_id"),
    at: ts("at").notNull(),
    actorKind: text("actor_kind").$type<TAuditActorKind>().notNull(),
    actorId: text("actor_id").notNull(),
    actorLabel: text("actor_label").notNull(),
    ip: text("ip"),
    action: text("action").notNull(),
    path: text("path").notNull(),
    status: integer("status"),
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    changes: jsonb("changes").$type<TAuditChange[]>().notNull(),
  },
  (t) => [
    index("audit_log_app_idx").on(t.appId, t.at.desc(), t.id.desc()),
    index("audit_log_account_idx").on(t.accountId, t.at.desc(), t.id.desc()),
    index("audit_log_at_idx").on(t.at),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;
