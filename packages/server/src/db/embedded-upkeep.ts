import { repeating } from "../repeating";
import type { Database } from "./client";

/** How often the embedded database's tables are looked over. */
export const EMBEDDED_UPKEEP_MS = 60_000;

/**
 * Transaction ids a table's oldest row may be behind before it is vacuumed to freeze them, whatever its dead rows:
 * PostgreSQL's own `autovacuum_freeze_max_age`.
 */
const FREEZE_MAX_AGE = 200_000_000;

/** What one look found and did, by table name. */
export interface UpkeepPass {
  analyzed: string[];
  vacuumed: string[];
}

/**
 * The tables that need it, by autovacuum's own rules and defaults: analyzed once the rows changed since their last
 * analysis pass 50 plus a tenth of the table (or the table was never analyzed and holds rows), vacuumed once its dead
 * rows pass 50 plus a fifth of it, or once its oldest transaction id is `FREEZE_MAX_AGE` old.
 */
async function tablesDue(database: Pick<Database, "query">) {
  return database.query<{ name: string; analyze: boolean; vacuum: boolean }>(
    `select c.relname as name,
            s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
              or (c.reltuples < 0 and s.n_live_tup > 0) as analyze,
            s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
              or age(c.relfrozenxid) > $1 as vacuum
       from pg_stat_user_tables s
       join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'
      order by age(c.relfrozenxid) desc, s.n_dead_tup desc`,
    [FREEZE_MAX_AGE],
  );
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * One look over the tables: every one due analysis is analyzed (a sample of at most 30,000 rows each, so a pass
 * costs milliseconds a table whatever its size), and the one most due vacuuming is vacuumed, with its analysis. One
 * vacuum a pass: the embedded database has one connection, which every request waits on while a table is vacuumed,
 * and a vacuum reads the pages changed since the last one, so the first of a large table takes longest.
 */
export async function upkeepOnce(database: Pick<Database, "query" | "exec">): Promise<UpkeepPass> {
  const due = await tablesDue(database);
  const vacuumed = due.filter((table) => table.vacuum).slice(0, 1);
  const analyzed = due.filter((table) => table.analyze && !vacuumed.includes(table));
  for (const table of vacuumed) await database.exec(`vacuum (analyze) ${quoted(table.name)}`);
  for (const table of analyzed) await database.exec(`analyze ${quoted(table.name)}`);
  return { analyzed: analyzed.map((t) => t.name), vacuumed: vacuumed.map((t) => t.name) };
}

/**
 * What autovacuum does on a PostgreSQL server, for the embedded database, which runs no background process:
 * without it no table was ever analyzed, so the planner guessed every table's size and spread from its pages alone,
 * no dead row was ever reclaimed but by the pruning of the page it sat on, and no transaction id was ever frozen, so
 * a server that wrote for long enough would reach PostgreSQL's wraparound limit and stop taking writes. Every
 * `intervalMs` the tables are looked over (`upkeepOnce`).
 */
export function startEmbeddedUpkeep(
  database: Pick<Database, "query" | "exec">,
  log: { warn: (obj: object, msg: string) => void },
  intervalMs = EMBEDDED_UPKEEP_MS,
) {
  return repeating(
    intervalMs,
    () => upkeepOnce(database),
    (err) => log.warn({ err }, "the embedded database's upkeep failed; it is tried again"),
  );
}

export type EmbeddedUpkeep = ReturnType<typeof startEmbeddedUpkeep>;
