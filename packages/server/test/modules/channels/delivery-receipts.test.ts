import type { TChannel, TChatEvent, TMember } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type App = Awaited<ReturnType<typeof createChatApp>>;
type User = Awaited<ReturnType<App["user"]>>;

async function conversation(type = "private_invite") {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const park = await app.user("park");
  const res = await kim.api.post<{ channel: TChannel }>("/channels", { name: "Lunch", type, userIds: ["lee", "park"] });
  expect(res.status).toBe(200);
  const channelId = res.body.channel.id;
  const say = async (user: User, text: string) => {
    const sent = await user.api.post<{ message: { seq: number } }>(`/channels/${channelId}/messages`, { text });
    expect(sent.status).toBe(200);
    return sent.body.message.seq;
  };
  const delivered = (user: User, seq: number) =>
    user.api.post<{ lastDeliveredSeq: number; code?: string }>(`/channels/${channelId}/delivered`, { seq });
  const marks = async (user: User) => {
    const { members } = (await user.api.get<{ members: TMember[] }>(`/channels/${channelId}/members`)).body;
    return Object.fromEntries(members.map((m) => [m.userId, [m.lastDeliveredSeq, m.lastReadSeq]]));
  };
  return { app, kim, lee, park, channelId, say, delivered, marks };
}

const eventsOf = async (user: User, type: string) =>
  (await user.api.get<{ events: TChatEvent[] }>("/events?after=0&limit=500")).body.events.filter(
    (e) => e.type === type,
  );

describe("delivery receipts", () => {
  it("shows each member's delivered and read marks in the members list, and tells the others by channel.delivered", async () => {
    const c = await conversation();
    await c.say(c.kim, "one");
    const last = await c.say(c.kim, "two");
    const res = await c.delivered(c.lee, last);
    expect(res.status).toBe(200);
    expect(res.body.lastDeliveredSeq).toBe(last);
    // The sender's own message counts as read by them, and so as delivered.
    expect(await c.marks(c.kim)).toEqual({ kim: [last, last], lee: [last, 0], park: [0, 0] });
    const told = await eventsOf(c.kim, "channel.delivered");
    expect(told.map((e) => [e.channelId, e.userId, e.seq])).toEqual([[c.channelId, "lee", last]]);
  });

  it("never moves a delivered mark backwards, nor past the channel's last message, and announces no standstill", async () => {
    const c = await conversation();
    await c.say(c.kim, "one");
    await c.say(c.kim, "two");
    const last = await c.say(c.kim, "three");
    expect((await c.delivered(c.lee, 99)).body.lastDeliveredSeq).toBe(last);
    expect((await c.delivered(c.lee, 1)).body.lastDeliveredSeq).toBe(last);
    expect((await c.marks(c.park)).lee).toEqual([last, 0]);
    expect(await eventsOf(c.park, "channel.delivered")).toHaveLength(1);
  });

  it("takes a read mark as delivery: a delivered mark below it changes nothing and tells no one", async () => {
    const c = await conversation();
    await c.say(c.kim, "one");
    const last = await c.say(c.kim, "two");
    expect((await c.lee.api.post(`/channels/${c.channelId}/read`, { seq: last })).status).toBe(200);
    expect((await c.marks(c.kim)).lee).toEqual([last, last]);
    expect((await c.delivered(c.lee, 1)).body.lastDeliveredSeq).toBe(last);
    expect(await eventsOf(c.kim, "channel.delivered")).toEqual([]);
  });

  it("refuses delivery receipts in an open channel with code 3240 and shows no delivered marks there", async () => {
    const c = await conversation("open");
    const seq = await c.say(c.kim, "welcome");
    const res = await c.delivered(c.lee, seq);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("3240");
    expect((await c.marks(c.kim)).lee).toEqual([undefined, 0]);
  });

  it("refuses a non-member with 3020 and the app's server with 1023", async () => {
    const c = await conversation();
    const seq = await c.say(c.kim, "hi");
    const choi = await c.app.user("choi");
    expect((await c.delivered(choi, seq)).body.code).toBe("3020");
    const byKey = await c.app.server.post<{ code: string }>(`/channels/${c.channelId}/delivered`, { seq });
    expect(byKey.body.code).toBe("1023");
  });

  it("lets a member pass a shadowed message they never received, so its sender sees it delivered like any other", async () => {
    const c = await conversation();
    expect((await c.app.server.put("/users/kim/shadow-ban", {})).status).toBe(200);
    const shadowed = await c.say(c.kim, "only kim sees this");
    const after = await c.say(c.park, "hello");
    expect(after).toBeGreaterThan(shadowed);
    expect((await c.delivered(c.lee, after)).status).toBe(200);
    const lee = (await c.marks(c.kim)).lee as [number, number];
    expect(lee[0]).toBeGreaterThanOrEqual(shadowed);
  });
});
