import { DAY_MS } from "@parley/contract";
import { eq, type SQL, sql } from "drizzle-orm";
import { chatEvents } from "../../chat/schema";
import type { Config } from "../../config";
import type { Context } from "../../context";
import { type Db, rowsOf } from "../../db/client";
import { appExists } from "../apps";
import { chatEventHorizons } from "./schema";

/** How long chat events are kept, in seconds: what the events page, the `ready` frame and 3140 say. */
export const eventRetentionSeconds = (config: Pick<Config, "eventRetentionDays">): number =>
  (config.eventRetentionDays * DAY_MS) / 1000;

/** A stored event as the prune's statement names it: its columns, as SQL. */
export interface EventColumns {
  id: SQL;
  channelId: SQL;
  type: SQL;
  payload: SQL;
}

/**
 * Events another module reads back after the retention, which the log keeps for it: a condition on the event that
 * holds when it is to be kept. `cutoff` is where the retention begins: events created before it are past it.
 */
export type KeptEvents = (event: EventColumns, cutoff: Date) => SQL;

/** Events a statement of the prune removes at most: each batch is its own short transaction. */
const PRUNE_BATCH = 5000;

const candidate: EventColumns = {
  id: sql.raw("e.id"),
  channelId: sql.raw("e.channel_id"),
  type: sql.raw("e.type"),
  payload: sql.raw("e.payload"),
};

/** The highest event id the retention removed of the app, or null while it has removed none. */
export async function prunedThrough(db: Db, appId: string): Promise<bigint | null> {
  const [row] = await db
    .select({ prunedThrough: chatEventHorizons.prunedThrough })
    .from(chatEventHorizons)
    .where(eq(chatEventHorizons.appId, appId))
    .limit(1);
  return row?.prunedThrough ?? null;
}

/**
 * The id of an app's latest event, or of the last one pruned when that is later (every event the log still holds
 * may be older, kept for another module): a cursor at it is never expired. "0" for an app with no event yet.
 */
export async function latestEventId(db: Db, appId: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`select greatest(
      (select coalesce(max(${chatEvents.id}), 0) from ${chatEvents} where ${chatEvents.appId} = ${appId}),
      (select coalesce(max(${chatEventHorizons.prunedThrough}), 0) from ${chatEventHorizons}
        where ${chatEventHorizons.appId} = ${appId})
    )::text as id`),
  );
  return row?.id ?? "0";
}

/**
 * The event log's retention: events older than EVENT_RETENTION_DAYS are removed, oldest first, in batches, each
 * batch moving the horizon of the apps it removed events of in the same statement. Events `keep` names stay (what
 * the push of a channel's deletion reads back); they are below the horizon, so catch-up never serves them again.
 */
export function createEventRetention(ctx: Context, deps: { keep: readonly KeptEvents[] }) {
  const { db } = ctx.database;
  const retentionSeconds = eventRetentionSeconds(ctx.config);

  return {
    retentionSeconds,

    /** Removes the events past the retention; answers how many. Safe to run twice, or twice at once. */
    async prune(): Promise<number> {
      const cutoff = new Date(ctx.clock.now().getTime() - retentionSeconds * 1000);
      const kept = deps.keep.map((keep) => keep(candidate, cutoff));
      const spared = kept.length > 0 ? sql`and not (${sql.join(kept, sql` or `)})` : sql``;
      // Ids follow time closely enough that the first event inside the retention ends the walk; without this bound
      // the last batch of each run would read every event of the retention looking for old ones.
      const [first] = rowsOf<{ id: string }>(
        await db.execute(
          sql`select ${chatEvents.id}::text as id from ${chatEvents} where ${chatEvents.createdAt} >= ${cutoff}
            order by ${chatEvents.id} limit 1`,
        ),
      );
      const bound = first ? sql`and e.id < ${first.id}::bigint` : sql``;
      let after = "0";
      let removed = 0;
      for (;;) {
        // The kept events are skipped by the condition, not counted against the batch: `after` walks past them.
        const [batch] = rowsOf<{ removed: number; last: string | null }>(
          await db.execute(sql`
            with doomed as (
              select e.id from ${chatEvents} e
              where e.id > ${after}::bigint ${bound} and e.created_at < ${cutoff} ${spared}
              order by e.id
              limit ${PRUNE_BATCH}
            ), gone as (
              delete from ${chatEvents} where id in (select id from doomed) returning id, app_id
            ), moved as (
              insert into ${chatEventHorizons} (app_id, pruned_through)
              select gone.app_id, max(gone.id) from gone where ${appExists(sql.raw("gone.app_id"))}
              group by gone.app_id
              on conflict (app_id) do update
                set pruned_through = greatest(${chatEventHorizons.prunedThrough}, excluded.pruned_through)
            )
            select count(*)::int as removed, max(id)::text as last from gone`),
        );
        removed += Number(batch?.removed ?? 0);
        if (!batch?.last || Number(batch.removed) < PRUNE_BATCH) return removed;
        after = batch.last;
      }
    },
  };
}

export type EventRetention = ReturnType<typeof createEventRetention>;
