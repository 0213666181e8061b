import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../src/db/client";
import { withTransaction } from "../../../src/db/transaction";
import { createSenderHistoryReader } from "../../../src/modules/messages";
import { startTestApp, type TestApp } from "../../harness";
import { keywordRule, roomWithRules } from "./helpers";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe("the repeat and flood read", () => {
  it("finds a sender's latest messages in a channel by the sender, channel and time index", async () => {
    const room = await roomWithRules(t, [keywordRule("spam")]);
    for (const text of ["one", "two", "three"]) expect((await room.send(text)).status).toBe(200);
    const [sender] = await t.ctx.database.query<{ id: string }>(
      "select id from chat_users where app_id = $1 and user_id = 'kim'",
      [room.app.appId],
    );
    // A test's table is small enough that a scan would win; the question is which index the read can use.
    const plan = await withTransaction(t.ctx.database.db, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return rowsOf<{ "QUERY PLAN": unknown }>(
        await tx.execute(sql`explain (format json) select text, created_at from messages
          where sender_id = ${sender?.id}::uuid and channel_id = ${room.channelId}::uuid
            and created_at > ${new Date(Date.now() - 60_000)} order by created_at desc limit 5`),
      );
    });
    expect(JSON.stringify(plan)).toContain('"Index Name":"messages_sender_channel_created_idx"');
  });

  it("answers lists and counts asked for in one round, each its own, from one statement", async () => {
    const room = await roomWithRules(t, [keywordRule("spam")]);
    for (const text of ["one", "two", "three"]) expect((await room.send(text)).status).toBe(200);
    expect((await room.lee.api.post(`/channels/${room.channelId}/messages`, { text: "lee's" })).status).toBe(200);
    const ids = await t.ctx.database.query<{ id: string; user_id: string }>(
      "select id, user_id from chat_users where app_id = $1 and user_id in ('kim', 'lee')",
      [room.app.appId],
    );
    const kim = ids.find((u) => u.user_id === "kim")?.id ?? "";
    const lee = ids.find((u) => u.user_id === "lee")?.id ?? "";
    const reader = createSenderHistoryReader(t.ctx.database);
    const minuteAgo = new Date(Date.now() - 60_000);
    const statements: string[] = [];
    const query = t.ctx.database.query.bind(t.ctx.database);
    const counted = {
      ...t.ctx.database,
      query: (text: string, params?: unknown[]) => {
        statements.push(text);
        return query(text, params);
      },
    } as typeof t.ctx.database;
    const countingReader = createSenderHistoryReader(counted);
    const [kimsTwo, kimsCount, kimsCappedCount, leesList, leesCount, nobodysList, later] = await Promise.all([
      countingReader.recentMessages(room.channelId, kim, minuteAgo, 2),
      countingReader.recentCount(room.channelId, kim, minuteAgo, 10),
      countingReader.recentCount(room.channelId, kim, minuteAgo, 2),
      countingReader.recentMessages(room.channelId, lee, minuteAgo, 5),
      countingReader.recentCount(room.channelId, lee, minuteAgo, 10),
      countingReader.recentMessages(room.channelId, lee, new Date(Date.now() + 60_000), 5),
      reader.recentCount(room.channelId, kim, new Date(Date.now() + 60_000), 10),
    ]);
    expect(kimsTwo.map((m) => m.text)).toEqual(["three", "two"]);
    expect(kimsTwo.every((m) => m.id.length > 0 && m.at.getTime() > minuteAgo.getTime())).toBe(true);
    expect([kimsCount, kimsCappedCount, leesCount, later]).toEqual([3, 2, 1, 0]);
    expect(leesList.map((m) => m.text)).toEqual(["lee's"]);
    expect(nobodysList).toEqual([]);
    expect(statements).toHaveLength(1);
  });
});
