import { afterEach, describe, expect, inject, it } from "vitest";
import type { Database } from "../../src/db/client";
import { type PglitePool, pglitePool } from "../pglite-pool";

const source = inject("testDatabase");
const dumpFile = source.kind === "pglite" ? source.dumpFile : "";

/** Every public table but the migrations' with its row count, and each sequence's last value. */
async function contents(database: Database) {
  const tables = await database.query<{ name: string }>(
    `select relname as name from pg_class
     where relnamespace = 'public'::regnamespace and relkind = 'r' and relname <> 'schema_migrations' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
    counts[name] = row?.n ?? -1;
  }
  const sequences = await database.query(
    `select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`,
  );
  return { counts, sequences };
}

// The embedded run's own databases; a run on PostgreSQL copies its template database per file instead.
describe.skipIf(source.kind !== "pglite")("the worker's pool of embedded test databases", () => {
  let pool: PglitePool;
  const taken: Database[] = [];
  const take = async () => {
    const database = await pool.take();
    taken.push(database);
    return database;
  };

  afterEach(async () => {
    for (const database of taken.splice(0)) await database.close();
  });

  it("gives a returned database back as the template was: its rows gone, its sequences restarted, its session new", async () => {
    pool = pglitePool(dumpFile);
    const first = await take();
    const fresh = await contents(first);
    await first.exec(`insert into jobs (name, data) values ('mail', '{}'), ('mail', '{}');
      insert into chat_events (app_id, channel_id, type, payload, created_at)
        values (gen_random_uuid(), gen_random_uuid(), 'message.created', '{}', now());
      select nextval('event_outbox_id_seq');
      create temporary table scratch (id int);
      set work_mem = '7MB';
      prepare left_behind as select 1;`);
    await first.close();

    const second = await take();
    expect(second.pglite).toBe(first.pglite);
    expect(await contents(second)).toEqual(fresh);
    const [session] = await second.query<{ work_mem: string; page_cost: string; prepared: number; temp: number }>(
      `select current_setting('work_mem') as work_mem, current_setting('random_page_cost') as page_cost,
        (select count(*)::int from pg_prepared_statements where name = 'left_behind') as prepared,
        (select count(*)::int from pg_class where relname = 'scratch') as temp`,
    );
    expect(session).toEqual({ work_mem: "4MB", page_cost: "1.1", prepared: 0, temp: 0 });
  });

  it("starts a new database in place of one whose schema a file changed", async () => {
    pool = pglitePool(dumpFile);
    const first = await take();
    await first.exec("alter table audit_log rename to audit_log_away");
    await first.close();

    const second = await take();
    expect(second.pglite).not.toBe(first.pglite);
    expect(first.pglite?.closed).toBe(true);
    const [row] = await second.query<{ n: number }>(
      `select count(*)::int as n from pg_class where relname in ('audit_log', 'audit_log_away')`,
    );
    expect(row?.n).toBe(1);
    await expect(second.query("select 1 from audit_log limit 1")).resolves.toEqual([]);
  });

  it("keeps two databases at most, and closes what it does not keep", async () => {
    pool = pglitePool(dumpFile);
    const three = [await take(), await take(), await take()];
    await Promise.all(three.map((database) => database.close()));
    expect(three.filter((database) => database.pglite?.closed)).toHaveLength(1);
    const again = [await take(), await take(), await take()];
    const reused = again.filter((database) => three.some((old) => old.pglite === database.pglite));
    expect(reused).toHaveLength(2);
  });

  it("gives a database closed twice back once, so no two files share it", async () => {
    pool = pglitePool(dumpFile);
    const first = await take();
    await first.close();
    await first.close();
    const [again, other] = [await take(), await take()];
    expect(again.pglite).toBe(first.pglite);
    expect(other.pglite).not.toBe(first.pglite);
  });
});
