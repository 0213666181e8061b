import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../src/db/client";
import { withTransaction } from "../../../src/db/transaction";
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
});
