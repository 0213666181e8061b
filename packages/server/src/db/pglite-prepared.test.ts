import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { bigserial, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "./client";
import { pgliteStatements } from "./pglite-prepared";

const notes = pgTable("notes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  body: jsonb("body").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull(),
  tag: text("tag").unique(),
  owner: uuid("owner"),
});

let client: PGlite;
let prepared: ReturnType<typeof pgliteStatements>["prepared"];

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`create table notes (id bigserial primary key, body jsonb not null, at timestamptz not null,
    tag text unique, owner uuid)`);
  prepared = pgliteStatements(client).prepared;
});

/** The statements this connection holds prepared whose text mentions `mark`. */
const preparedMentioning = async (mark: string) =>
  (
    await client.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where statement like '%' || $1 || '%'",
      [mark],
    )
  ).rows[0]?.n;
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

  it("runs drizzle's statements outside a transaction prepared, with the rows drizzle maps from the plain client", async () => {
    const at = new Date("2026-12-06T11:00:00.000Z");
    const plain = drizzle({ client });
    const viaStatements = drizzle({ client: pgliteStatements(client).client() });
    await plain.insert(notes).values({ body: { n: 1 }, at, tag: "mapped" });
    const read = () => viaStatements.select().from(notes).where(eq(notes.tag, "mapped"));
    const [mine] = await read();
    expect(mine).toEqual((await plain.select().from(notes).where(eq(notes.tag, "mapped")))[0]);
    expect(mine?.at).toEqual(at);
    const before = await preparedMentioning('"notes"."tag" = $1');
    await read();
    expect(await preparedMentioning('"notes"."tag" = $1')).toBe(before);
    expect(before).toBe(1);
  });

  it("runs a transaction's statements prepared, and a rolled back transaction leaves nothing", async () => {
    const db = drizzle({ client: pgliteStatements(client).client() });
    const at = new Date();
    const undone = () => db.select().from(notes).where(eq(notes.tag, "undone"));
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ body: {}, at, tag: "undone" });
        expect(await tx.select().from(notes).where(eq(notes.tag, "undone"))).toHaveLength(1);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await undone()).toHaveLength(0);
    expect(await preparedMentioning('insert into "notes"')).toBe(1);
  });

  it("fails a transaction whose statement fails, and runs the next one", async () => {
    const db = drizzle({ client: pgliteStatements(client).client() });
    const at = new Date();
    await db.insert(notes).values({ body: {}, at, tag: "once" });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ body: {}, at, tag: "kept in no transaction" });
        await tx.insert(notes).values({ body: {}, at, tag: "once" });
      }),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
    expect(await db.select().from(notes).where(eq(notes.tag, "kept in no transaction"))).toHaveLength(0);
    const made = await db.transaction(async (tx) =>
      tx.insert(notes).values({ body: {}, at, tag: "twice" }).returning(),
    );
    expect(made[0]?.tag).toBe("twice");
  });

  it("keeps at most the given number of statements, closing the least recently run", async () => {
    const statements = pgliteStatements(client, { kept: 2 });
    const run = (n: number) => statements.prepared(sql`select ${n}::int as kept_${sql.raw(String(n))}`);
    await run(1);
    await run(2);
    await run(1);
    await run(3);
    expect(await preparedMentioning("as kept_1")).toBe(1);
    expect(await preparedMentioning("as kept_2")).toBe(0);
    expect(await preparedMentioning("as kept_3")).toBe(1);
    const [{ kept_2: again } = { kept_2: 0 }] = await statements.prepared<{ kept_2: number }>(
      sql`select ${2}::int as kept_2`,
    );
    expect(again).toBe(2);
  });

  it("prepares a statement again when the table it reads changed shape", async () => {
    await client.exec("create table shapes (id int primary key)");
    await client.exec("insert into shapes values (1)");
    const statements = pgliteStatements(client);
    const read = () => statements.prepared<Record<string, unknown>>(sql`select * from shapes where id = ${1}`);
    expect(await read()).toEqual([{ id: 1 }]);
    await client.exec("alter table shapes add column label text default 'one'");
    expect(await read()).toEqual([{ id: 1, label: "one" }]);
  });
});
