import type { TExportSection } from "@parley/contract";

/** Whose data an export holds: a whole app's, or one user's (a data-subject request). */
export interface ExportScope {
  appId: string;
  /** The one user's row id (`chat_users.id`) and user ID, or null for the whole app. */
  user: { id: string; userId: string } | null;
}

/**
 * One part of an export archive, read by the module that owns its tables: a count for the progress bar, then pages in
 * a stable order, each after the cursor the page before ended at. Rows are what the archive's NDJSON holds, in the
 * shapes of the chat API.
 */
export interface ExportSectionReader {
  section: TExportSection;
  count(scope: ExportScope): Promise<number>;
  /** Up to `limit` rows after `after` (null: from the start), and the cursor after the last of them. */
  page(scope: ExportScope, after: string | null, limit: number): Promise<{ rows: object[]; next: string | null }>;
}

/** A cursor of several keys (a channel and a sequence number), kept as one string in the export's state. */
export const joinCursor = (...keys: (string | number)[]): string => JSON.stringify(keys);
export function splitCursor(after: string | null): (string | number)[] | null {
  if (after === null) return null;
  const keys = JSON.parse(after) as unknown;
  if (!Array.isArray(keys)) throw new Error(`bad export cursor ${after}`);
  return keys as (string | number)[];
}
