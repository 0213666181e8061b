import type { TImportDryRun, TImportFileFailure, TImportKind, TImportSource, TImportStatus } from "@parley/contract";
import { boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";
import { accounts } from "../auth/schema";

/** Where an import's job stands: each kind's plan parts in storage, and how many of them are written. */
export interface ImportState {
  /** The storage folder of the plan's parts, one per analysis run. */
  plan: string;
  kinds: {
    kind: TImportKind;
    /** Rows the plan holds. */
    total: number;
    /** Rows of the parts written. */
    done: number;
    /** Part files of the plan (`{plan}/{kind}-{n}`). */
    parts: number;
    /**
     * The parts written, each added in the transaction that wrote its part: pages written at once commit in any
     * order, so a run taken up after a crash writes exactly the parts this does not list.
     */
    written?: number[];
    /**
     * Messages only: the first part of replies. Replies are written once every part of threads before them is, as a
     * reply counts on its thread.
     */
    firstReplyPart?: number;
    /** A state saved before parts were listed one by one: the parts before this one are written. */
    next?: number;
  }[];
  /** Files that could not be copied, the first `IMPORT_FILE_FAILURES_LISTED`, and how many there were. */
  fileFailures?: TImportFileFailure[];
  fileFailuresTotal?: number;
}

/** The dry run as the API answers it, with the channel map that only the downloaded report carries. */
export type StoredDryRun = TImportDryRun & { channelMap: Record<string, string> };

/** TalkPlus's credentials, kept only until the pull has read everything. */
export interface ImportCredentials {
  baseUrl: string;
  appId: string;
  apiKey: string;
}

/**
 * Data imports and their jobs' progress. The unique index on the app (migration 0035) keeps one import that is not
 * finished per app.
 */
export const dataImports = pgTable(
  "data_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "set null" }),
    requestedBy: text("requested_by").notNull(),
    source: text("source").$type<TImportSource>().notNull(),
    /** The uploaded file's name, or the base URL pulled from. */
    origin: text("origin").notNull(),
    credentials: jsonb("credentials").$type<ImportCredentials>(),
    /** Copy the files messages reference into storage (migration 0036). */
    copyFiles: boolean("copy_files").notNull().default(false),
    status: text("status").$type<TImportStatus>().notNull().default("analyzing"),
    /** The dry run, with the channel map the API answers only in the downloaded report. */
    dryRun: jsonb("dry_run").$type<StoredDryRun>(),
    state: jsonb("state").$type<ImportState>(),
    /** Runs started: a job that keeps failing ends the import failed rather than retrying forever. */
    attempts: integer("attempts").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    errorCode: text("error_code"),
    errorReason: text("error_reason"),
    createdAt: ts("created_at").notNull(),
    analyzedAt: ts("analyzed_at"),
    startedAt: ts("started_at"),
    completedAt: ts("completed_at"),
    /** When the source and the plan were removed from storage. */
    removedAt: ts("removed_at"),
  },
  (t) => [index("data_imports_app_idx").on(t.appId, t.createdAt)],
);
export type DataImportRow = typeof dataImports.$inferSelect;
