import fs from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { type Database, pgliteDatabase } from "../src/db/client";

/**
 * The embedded test databases of one worker, kept for the next test file once a file is done with them. Starting a
 * database from the template's dump costs about half a second of CPU (unpacking 30 MB into WebAssembly's file system,
 * then starting PostgreSQL), which a worker paid once for each of its files; emptying the tables a file wrote to costs
 * a fifth of that. A database goes back to the pool only when it is the template again: every table as empty as the
 * template left it, the session as new, and the schema the same (a file that renames a table and fails before
 * renaming it back leaves its database out).
 */
export interface PglitePool {
  take(): Promise<Database>;
}

/** At most this many kept: two apps at once is the most any test file starts. */
const KEPT = 2;

/** What makes a database the template, besides its rows: its relations, columns, constraints, triggers, functions. */
const SCHEMA_FINGERPRINT = `
  select md5(string_agg(part, ',' order by part)) as fingerprint from (
    select c.relname || ':' || c.relkind::text || ':' || a.attname || ':' || a.atttypid || ':' || a.attnotnull
    from pg_class c join pg_attribute a on a.attrelid = c.oid
    where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
    union all
    select conrelid::regclass::text || ':' || conname || ':' || md5(pg_get_constraintdef(oid)) from pg_constraint
    where connamespace = 'public'::regnamespace
    union all
    select tgrelid::regclass::text || ':' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
    union all
    select proname || ':' || md5(prosrc) from pg_proc where pronamespace = 'public'::regnamespace
    union all
    select 'migrations:' || count(*) from schema_migrations
  ) parts(part)`;

/** Each sequence's last value, as JSON: null for one never used. */
async function sequencesOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ sequences: string }>(
    `select coalesce(json_agg(json_build_object('name', sequencename, 'last', last_value) order by sequencename), '[]')::text
       as sequences
     from pg_sequences where schemaname = 'public'`,
  );
  return rows[0]?.sequences ?? "[]";
}

/**
 * Those of `tables` that hold a row, found by one look into each: a file writes to few, and truncating an empty table
 * costs about what truncating a full one does.
 */
async function writtenTables(client: PGlite, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    tables.map((name) => `select '${name}' as name where exists (select 1 from "${name}")`).join(" union all "),
  );
  return rows.map((row) => row.name);
}

/** Tables whose rows the template's migrations wrote, kept when a database is emptied. */
const KEPT_TABLES = new Set(["schema_migrations"]);

export function pglitePool(dumpFile: string): PglitePool {
  const idle: PGlite[] = [];
  let dump: Promise<Blob> | undefined;
  let template: Promise<{ fingerprint: string; tables: string[]; sequences: string }> | undefined;

  const fingerprintOf = async (client: PGlite) =>
    (await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).rows[0]?.fingerprint ?? "";

  async function start(): Promise<PGlite> {
    dump ??= fs.readFile(dumpFile).then((bytes) => new Blob([bytes]));
    const client = await PGlite.create({ loadDataDir: await dump });
    template ??= (async () => {
      const { rows } = await client.query<{ name: string }>(
        `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`,
      );
      const tables = rows.map((row) => row.name).filter((name) => !KEPT_TABLES.has(name));
      const seeded = await writtenTables(client, tables);
      if (seeded.length > 0) throw new Error(`the template has rows in ${seeded.join(", ")}: add them to KEPT_TABLES`);
      return {
        fingerprint: await fingerprintOf(client),
        tables,
        sequences: await sequencesOf(client),
      };
    })();
    await template;
    return client;
  }

  /** Empties what a test file wrote and resets the session; answers whether the database is the template again. */
  async function reset(client: PGlite): Promise<boolean> {
    const { fingerprint, tables, sequences } = await (template as NonNullable<typeof template>);
    if ((await fingerprintOf(client)) !== fingerprint) return false;
    const written = await writtenTables(client, tables);
    if (written.length > 0) await client.exec(`truncate ${written.map((name) => `"${name}"`).join(", ")} cascade`);
    // Every sequence where the template left it, a table's that only a refused insert moved included.
    if ((await sequencesOf(client)) !== sequences) {
      await client.query(
        `select setval(format('%I', s.name), coalesce(s.last, p.start_value), s.last is not null)
         from json_to_recordset($1::json) as s(name text, last bigint)
         join pg_sequences p on p.schemaname = 'public' and p.sequencename = s.name`,
        [sequences],
      );
    }
    // A session as new: no prepared statement, setting, temporary table or lock left; alone, since it cannot run in
    // the implicit transaction of several statements.
    await client.exec("discard all");
    // The planner's statistics and the tables' activity counts as the template had them (the embedded upkeep reads
    // the counts).
    await client.exec(`delete from pg_statistic
      where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace);
      select pg_stat_reset();`);
    return true;
  }

  /** Databases being emptied to go back to the pool: they count against what it keeps. */
  let returning = 0;

  async function release(client: PGlite) {
    if (client.closed) return;
    if (idle.length + returning >= KEPT) return client.close();
    returning += 1;
    const clean = await reset(client).catch(() => false);
    returning -= 1;
    if (clean) idle.push(client);
    else await client.close();
  }

  return {
    async take() {
      const client = idle.pop() ?? (await start());
      // Once per handle: a second close must not put its database in the pool twice, for two files to share.
      let released: Promise<void> | undefined;
      return pgliteDatabase(client, () => {
        released ??= release(client);
        return released;
      });
    },
  };
}
