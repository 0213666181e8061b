import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../src/db/client";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp();
  api = client(t.server);
});
afterAll(() => t?.close());

type Counts = { activeUserCount: number; messageCount: number; messageSenderCount: number };

const USERS = 50;
const SENDS_PER_USER = 4;
const MEMBERS_PER_CHANNEL = 5;

describe("day counters under concurrent sends", () => {
  it("count exactly 200 sends by 50 users at once, with each user once a sender and once active", async () => {
    t.clock.set("2026-05-04T10:00:00Z");
    const app = await createChatApp(t);
    const users = [];
    for (let i = 0; i < USERS; i++) users.push(await app.user(`u${i}`));
    const channelOf = new Map<string, string>();
    for (let i = 0; i < USERS; i += MEMBERS_PER_CHANNEL) {
      const [first, ...rest] = users.slice(i, i + MEMBERS_PER_CHANNEL);
      if (!first) continue;
      const { channel } = (await first.api.post<{ channel: { id: string } }>("/channels", { name: `Room ${i}` })).body;
      channelOf.set(first.userId, channel.id);
      for (const member of rest) {
        expect((await member.api.post(`/channels/${channel.id}/join`)).status).toBe(200);
        channelOf.set(member.userId, channel.id);
      }
    }
    const report = async () =>
      (await api.get<{ totals: Counts }>(`/metrics/apps/${app.appId}?from=2026-05-04&to=2026-05-04`, app.owner.token))
        .body.totals;
    const before = await report();

    const sends = users.flatMap((user) =>
      Array.from({ length: SENDS_PER_USER }, (_, n) =>
        user.api.post(`/channels/${channelOf.get(user.userId)}/messages`, { text: `message ${n}` }),
      ),
    );
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));

    const after = await report();
    expect(after.messageCount - before.messageCount).toBe(USERS * SENDS_PER_USER);
    expect(after.messageSenderCount).toBe(USERS);
    expect(after.activeUserCount).toBe(USERS);
    const dashboard = await api.get<{ app: { messagesThisMonth: number } }>(`/apps/${app.appId}`, app.owner.token);
    expect(dashboard.body.app.messagesThisMonth).toBe(after.messageCount);

    // The day is spread over several rows, so concurrent sends of the app do not all queue on one.
    const slots = rowsOf<{ n: number }>(
      await t.ctx.database.db.execute(
        sql`select count(*)::int as n from daily_metrics where app_id = ${app.appId} and day = '2026-05-04'`,
      ),
    );
    expect(slots[0]?.n).toBeGreaterThan(1);
  });
});
