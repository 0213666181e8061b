import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPglite } from "./client";
import { startEmbeddedUpkeep, upkeepOnce } from "./embedded-upkeep";

describe("the embedded database's upkeep", () => {
  let database: Database;
  /** Writes as a later statement sees them in the statistics, which PostgreSQL otherwise sends at most once a second. */
  const write = async (sql: string) => {
    await database.exec(sql);
    await database.query("select pg_stat_force_next_flush()");
  };

  const statsOf = async (table: string) => {
    const [row] = await database.query<{ reltuples: number; dead: number; analyzed: boolean }>(
      `select c.reltuples::float8 as reltuples, s.n_dead_tup::int as dead,
              (s.last_analyze is not null or s.last_autoanalyze is not null) as analyzed
         from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = $1`,
      [table],
    );
    return row;
  };

  beforeAll(async () => {
    database = await openPglite(undefined);
    await write(`
      create table notes (id int primary key, body text not null);
      create table quiet (id int primary key);
      insert into quiet select n from generate_series(1, 10) n;
    `);
    // A first pass over what the database holds now, so each test starts from tables with nothing due.
    await upkeepOnce(database);
  });
  afterAll(() => database.close());

  it("analyzes a table once enough of its rows changed, and leaves the others", async () => {
    await write("insert into notes select n, 'note ' || n from generate_series(1, 2000) n");
    const pass = await upkeepOnce(database);
    expect(pass.analyzed).toContain("notes");
    expect(pass.analyzed).not.toContain("quiet");
    expect((await statsOf("notes"))?.reltuples).toBe(2000);
    expect((await upkeepOnce(database)).analyzed).toEqual([]);
  });

  it("vacuums a table whose dead rows pass a fifth of it, and reclaims them", async () => {
    await write("delete from notes where id <= 1500");
    expect((await statsOf("notes"))?.dead).toBe(1500);
    const pass = await upkeepOnce(database);
    expect(pass.vacuumed).toEqual(["notes"]);
    expect((await statsOf("notes"))?.dead).toBe(0);
    expect((await statsOf("notes"))?.reltuples).toBe(500);
  });

  it("looks over the tables on its own, and stops when asked", async () => {
    await database.exec("insert into notes select n, 'again ' || n from generate_series(5001, 7000) n");
    const upkeep = startEmbeddedUpkeep(database, { warn: () => {} }, 20);
    try {
      await expect.poll(async () => (await statsOf("notes"))?.reltuples, { timeout: 10_000 }).toBe(2500);
    } finally {
      await upkeep.stop();
    }
  });
});
