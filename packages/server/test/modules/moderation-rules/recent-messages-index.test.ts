import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../src/db/client";
import { withTransaction } from "../../../src/db/transaction";
import { createRecentCountReader, RECENT_COUNT_STATEMENT } from "../../../src/modules/messages";
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
    const sender = await t.services.chatUsers.requireUser(room.app.appId, "kim");
    // A test's table is small enough that a scan would win; the question is which index the read can use.
    const plan = await withTransaction(t.ctx.database.db, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return rowsOf<{ "QUERY PLAN": unknown }>(
        await tx.execute(sql`explain (format json) select text, created_at from messages
          where sender_id = ${sender.id}::uuid and channel_id = ${room.channelId}::uuid
            and created_at > ${new Date(Date.now() - 60_000)} order by created_at desc limit 5`),
      );
    });
    expect(JSON.stringify(plan)).toContain('"Index Name":"messages_sender_channel_created_idx"');
  });

  it("counts a sender's messages of a window by the sender, channel and time index, up to the cap", async () => {
    const room = await roomWithRules(t, [keywordRule("spam")]);
    for (const text of ["one", "two", "three"]) expect((await room.send(text)).status).toBe(200);
    expect((await room.lee.api.post(`/channels/${room.channelId}/messages`, { text: "lee's" })).status).toBe(200);
    const { id: kimId } = await t.services.chatUsers.requireUser(room.app.appId, "kim");
    const minuteAgo = new Date(Date.now() - 60_000);
    const count = createRecentCountReader(t.ctx.database);
    const counts = await Promise.all([
      count(room.channelId, kimId, minuteAgo, 10),
      count(room.channelId, kimId, minuteAgo, 2),
      count(room.channelId, kimId, new Date(Date.now() + 60_000), 10),
    ]);
    expect(counts).toEqual([3, 2, 0]);

    // Planned on the table as it is: small, where a walk of the channel's messages from its first was the pick.
    const plan = await t.ctx.database.query(`explain (format json) ${RECENT_COUNT_STATEMENT}`, [
      [room.channelId],
      [kimId],
      [minuteAgo.getTime()],
      [10],
    ]);
    expect(JSON.stringify(plan)).toContain('"Index Name":"messages_sender_channel_created_idx"');
    expect(JSON.stringify(plan)).not.toContain("messages_channel_seq_key");
  });
});
