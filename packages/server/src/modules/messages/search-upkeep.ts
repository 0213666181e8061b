import type { Database } from "../../db/client";
import { repeating } from "../../repeating";

/** Merges the message search index's pending entries into it; answers the pages emptied, none when none pending. */
export async function mergeSearchPending(database: Pick<Database, "query">): Promise<number> {
  const [row] = await database.query<{ pages: number }>(
    "select gin_clean_pending_list('messages_search_idx'::regclass)::int as pages",
  );
  return row?.pages ?? 0;
}

/**
 * Merges the message search index's pending entries into the index every `intervalMs` (`SEARCH_MERGE_MS`, a second
 * by default), outside any send.
 *
 * `messages_search_idx` is a GIN index (migration 0023): an insert only appends its message's n-grams to the
 * index's pending list, and the insert that finds the list past `gin_pending_list_limit` (4 MB, some 9,000 messages)
 * merges the whole list before its statement ends. One send statement in every 9,000 messages took 40 to 80 ms longer
 * for it, and every send it carried, or that queued behind it, waited as long: most of a busy app's slowest sends.
 * Merged here a second's worth at a time, the list reaches the limit only above some 9,000 messages a second, and
 * the cost, the same in all, is paid by no send. A search reads the pending list as well as the index, so a message
 * is found whether its entries are merged yet or not.
 */
export function startSearchUpkeep(
  database: Pick<Database, "query">,
  log: { warn: (obj: object, msg: string) => void },
  intervalMs: number,
) {
  const upkeep = repeating(
    intervalMs,
    () => mergeSearchPending(database),
    (err) => {
      if (!isLasting(err)) {
        log.warn({ err }, "merging the search index's pending entries failed");
        return;
      }
      // Every later try would fail the same way, each with its line in the log.
      upkeep.cancel();
      log.warn({ err }, "the search index's pending entries cannot be merged here; the inserts merge them");
    },
  );
  return { stop: upkeep.stop };
}

/**
 * A failure no retry mends: the merge is for the index's owner or a superuser only (42501, a database user that was
 * granted the tables rather than owning them), and a standby in recovery cannot merge (55000).
 */
function isLasting(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "42501" || code === "55000";
}

export type SearchUpkeep = ReturnType<typeof startSearchUpkeep>;
