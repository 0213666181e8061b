import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPglite } from "./client";

describe("the embedded database's planner", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(undefined);
    // A newcomer's tables: a thousand sessions and users, as a socket's sign-in reads them by token.
    await database.exec(`
      create table users (id int primary key, name text not null);
      create table sessions (id int primary key, user_id int not null references users(id), token_hash text not null);
      create unique index sessions_hash on sessions (token_hash);
      insert into users select n, 'user ' || n from generate_series(1, 1000) n;
      insert into sessions select n, n, md5(n::text) || md5((n * 7)::text) from generate_series(1, 1000) n;
    `);
  });
  afterAll(() => database.close());

  it("reads a few sessions and their users by their indexes, not by scanning every row", async () => {
    const hashes = Array.from({ length: 9 }, (_, i) => `'${i}'`).join(", ");
    const rows = await database.query<{ "QUERY PLAN": string }>(
      `explain select s.id, u.name from sessions s join users u on u.id = s.user_id
        where s.token_hash = any(array[${hashes}]::text[])`,
    );
    const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toMatch(/sessions_hash/);
  });
});
