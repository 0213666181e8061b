import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "./client";
import { pglitePrepared } from "./pglite-prepared";

let client: PGlite;
let prepared: ReturnType<typeof pglitePrepared>;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`create table notes (id bigserial primary key, body jsonb not null, at timestamptz not null,
    tag text unique, owner uuid)`);
  prepared = pglitePrepared(client);
});
afterAll(() => client?.close());

const insert = (tag: string | null, at: Date) => sql`
  with made as (
    insert into notes (body, at, tag, owner)
    values (${JSON.stringify({ tag, n: [1, 2] })}::jsonb, ${at}, ${tag}, ${"0c5a4f3e-8a51-4d7e-9a51-2f5b3c1d9e01"})
    returning *
  )
  select id, body, at, tag, owner, (select count(*) from notes) as before from made`;

describe("prepared statements on the embedded database", () => {
  it("answers the same rows as drizzle's raw execute of the same statement", async () => {
    const at = new Date("2026-12-06T10:00:00.000Z");
    const [mine] = await prepared<Record<string, unknown>>(insert("first", at));
    const [theirs] = rowsOf<Record<string, unknown>>(await drizzle({ client }).execute(insert("second", at)));
    expect(theirs).toMatchObject({ id: 2, tag: "second", before: 1 });
    expect(mine).toEqual({ ...theirs, id: 1, tag: "first", body: { tag: "first", n: [1, 2] }, before: 0 });
    expect(mine?.at).toBe("2026-12-06 10:00:00+00");
    const [nameless] = await prepared<{ tag: string | null }>(insert(null, at));
    expect(nameless?.tag).toBeNull();
  });

  it("parses a statement once and binds it on every later run", async () => {
    const count = async () =>
      (await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0]?.n;
    const before = await count();
    await prepared(sql`select ${1}::int + 1 as two`);
    expect(await count()).toBe((before ?? 0) + 1);
    const [{ two } = { two: 0 }] = await prepared<{ two: number }>(sql`select ${41}::int + 1 as two`);
    expect(two).toBe(42);
    expect(await count()).toBe((before ?? 0) + 1);
  });

  it("rejects with the database's error and leaves the connection ready for the next statement", async () => {
    const at = new Date();
    await prepared(insert("taken", at));
    await expect(prepared(insert("taken", at))).rejects.toMatchObject({ code: "23505" });
    const [row] = await prepared<{ tag: string }>(insert("free", at));
    expect(row?.tag).toBe("free");
  });

  it("waits for a transaction under way rather than running inside it", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedOnce = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into notes (body, at, tag) values ('{}', now(), 'rolled back')");
      inserted();
      await held;
      await tx.rollback();
    });
    await insertedOnce;
    const counted = prepared<{ n: number }>(sql`select count(*)::int as n from notes where tag = ${"rolled back"}`);
    release();
    await transaction;
    expect((await counted)[0]?.n).toBe(0);
  });
});
