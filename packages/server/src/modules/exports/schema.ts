import type { Language, TExportSection, TExportStatus } from "@parley/contract";
import { bigint, boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";
import { accounts } from "../auth/schema";

/** Where an export's job stands: each section's rows counted and written, and where its next page starts. */
export interface ExportState {
  sections: {
    section: TExportSection;
    total: number;
    done: number;
    /** Part files written (`exports/{id}/{section}-{n}`); the archive joins them in order. */
    parts: number;
    /** The cursor after the last row written; null before the first page. */
    after: string | null;
    finished: boolean;
  }[];
  /**
   * The completed archive's storage key, one per run: a run that lost its lease while writing its archive never
   * replaces the archive of the run that completed.
   */
  archive?: string;
}

/**
 * Data exports and their jobs' progress. The unique index on the app and the user (migration 0026) keeps one export
 * of the same data queued or running at a time.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "set null" }),
    requestedBy: text("requested_by").notNull(),
    /** The requester's language when asked: the ready mail's. */
    language: text("language").$type<Language>().notNull(),
    userId: text("user_id"),
    includeFiles: boolean("include_files").notNull().default(false),
    status: text("status").$type<TExportStatus>().notNull().default("queued"),
    state: jsonb("state").$type<ExportState>(),
    /** Runs started: a job that keeps failing ends the export failed rather than retrying forever. */
    attempts: integer("attempts").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    /** The download link's capability; the archive is the same data, so it is kept as it is, like the link. */
    downloadToken: text("download_token"),
    size: bigint("size", { mode: "number" }),
    errorCode: text("error_code"),
    createdAt: ts("created_at").notNull(),
    startedAt: ts("started_at"),
    completedAt: ts("completed_at"),
    expiresAt: ts("expires_at"),
    /** When the archive and the job's parts were removed from storage. */
    removedAt: ts("removed_at"),
  },
  (t) => [index("data_exports_app_idx").on(t.appId, t.createdAt)],
);
export type DataExportRow = typeof dataExports.$inferSelect;
