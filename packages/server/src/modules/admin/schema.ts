import type { TAdminAction } from "@parley/contract";
import { bigint, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { accounts } from "../auth/schema";

/** What admins did to a customer company, and who did it when. */
export const adminActions = pgTable(
  "admin_actions",
  {
    /** In the order the actions happened, even within one millisecond. */
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Kept by email, so the record outlives the admin's account. */
    adminEmail: text("admin_email").notNull(),
    action: text("action").$type<TAdminAction>().notNull(),
    detail: jsonb("detail").$type<Record<string, string | number | boolean>>().notNull().default({}),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("admin_actions_account_idx").on(t.accountId, t.createdAt)],
);
