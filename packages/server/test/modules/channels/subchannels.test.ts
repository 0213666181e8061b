import {
  dashboardChat,
  fillPath,
  type TMessage,
  type TMessagesResponse,
  type TSubchannelsResponse,
} from "@parley/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createChatApp } from "../../factories";
import { listenForSockets, startTestApp, type TestApp } from "../../harness";
import { messageTexts, openSocket, overtakeNextSignIn, readySocketsAt } from "../../ws-client";

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  wsUrl = await listenForSockets(t);
});
afterAll(() => t?.close());

type ChatUser = Awaited<ReturnType<Awaited<ReturnType<typeof createChatApp>>["user"]>>;

/**
 * A super group with subchannels on. The API keeps the spec's bounds (500 to 3,000 members); the test sets small
 * ones in the database so a handful of users fill a subchannel.
 */
async function splitSuperGroup(limits: { min: number; max: number; mergeMinutes?: number }) {
  const app = await createChatApp(t);
  const { channel } = (
    await app.server.post<{ channel: { id: string } }>("/channels", { name: "Stadium", type: "supergroup" })
  ).body;
  await t.ctx.database.db.execute(sql`
    update channels set subchannel_enabled = true, subchannel_min = ${limits.min}, subchannel_max = ${limits.max},
      subchannel_merge_minutes = ${limits.mergeMinutes ?? 60}
    where id = ${channel.id}`);
  const members: ChatUser[] = [];
  /** Users who join one after another, in the order given. */
  const join = async (...userIds: string[]) => {
    for (const userId of userIds) {
      const user = await app.user(userId);
      expect((await user.api.post(`/channels/${channel.id}/join`)).status).toBe(200);
      members.push(user);
    }
  };
  const subchannelsOf = async (user: ChatUser) =>
    (await user.api.get<TSubchannelsResponse>(`/channels/${channel.id}/subchannels`)).body;
  const dashboard = async <T>(path: string, query = "") => {
    const res = await t.server.inject({
      method: "GET",
      url: `/api${fillPath(path, { id: app.appId, channelId: channel.id })}${query}`,
      headers: app.dashboardAuth,
    });
    return res.json() as T;
  };
  const mergeJob = async () => {
    const handler = t.jobHandlers.get("channels.merge-subchannels");
    if (!handler) throw new Error("no merge job");
    await handler.handle({}, { jobId: "test" });
  };
  return { app, channelId: channel.id, join, members, subchannelsOf, dashboard, mergeJob };
}

/**
 * Subchannels of at most 4 and at least 3 members, merged after 30 minutes: a1 and a4 left in subchannel 1 once a2 and
 * a3 leave it, and b1 alone in subchannel 2, below the minimum.
 */
async function smallSecondSubchannel() {
  const g = await splitSuperGroup({ min: 3, max: 4, mergeMinutes: 30 });
  await g.join("a1", "a2", "a3", "a4", "b1");
  const [a1, a2, a3, , b1] = g.members as ChatUser[] as [ChatUser, ChatUser, ChatUser, ChatUser, ChatUser];
  await a2.api.post(`/channels/${g.channelId}/leave`);
  await a3.api.post(`/channels/${g.channelId}/leave`);
  return { g, a1, b1 };
}

describe("subchannels", () => {
  it("places members who join in the lowest subchannel with room, and opens a new one when all are full", async () => {
    const g = await splitSuperGroup({ min: 2, max: 3 });
    await g.join("a1", "a2", "a3", "b1", "b2", "b3", "c1");
    const last = await g.subchannelsOf(g.members[6] as ChatUser);
    expect(last).toEqual({
      mine: 3,
      subchannels: [
        { number: 1, memberCount: 3 },
        { number: 2, memberCount: 3 },
        { number: 3, memberCount: 1 },
      ],
    });
    expect((await g.subchannelsOf(g.members[0] as ChatUser)).mine).toBe(1);
    // A place freed by someone leaving is the next newcomer's.
    expect((await (g.members[1] as ChatUser).api.post(`/channels/${g.channelId}/leave`)).status).toBe(200);
    await g.join("d1");
    expect((await g.subchannelsOf(g.members[7] as ChatUser)).mine).toBe(1);
    const distribution = await g.dashboard<TSubchannelsResponse>(dashboardChat.subchannels);
    expect(distribution.subchannels.map((s) => s.memberCount)).toEqual([3, 3, 1]);
  });

  it("delivers a member's message to their own subchannel only, and the app's to everyone", async () => {
    const g = await splitSuperGroup({ min: 2, max: 2 });
    await g.join("a1", "a2", "b1");
    const [a1, a2, b1] = g.members as [ChatUser, ChatUser, ChatUser];
    const [sa2, sb1] = await readySocketsAt(wsUrl, { token: a2.sessionToken }, { token: b1.sessionToken });
    const ready = sb1.frames.find((f) => f.type === "ready");
    expect(ready).toMatchObject({ subchannels: { [g.channelId]: 2 } });

    const sent = await a1.api.post<{ message: { subchannel?: number } }>(`/channels/${g.channelId}/messages`, {
      text: "for room one",
    });
    expect(sent.body.message.subchannel).toBe(1);
    await sa2.event("message.created", (e) => e.message?.text === "for room one");
    await g.app.server.post(`/channels/${g.channelId}/messages`, { text: "for all" });
    await sa2.event("message.created", (e) => e.message?.text === "for all");
    await sb1.event("message.created", (e) => e.message?.text === "for all");
    await sb1.caughtUp();
    expect(messageTexts(sb1)).toEqual(["for all"]);

    // History and catch-up keep the same boundary.
    const history = await b1.api.get<TMessagesResponse>(`/channels/${g.channelId}/messages`);
    expect(history.body.messages.map((m) => m.text)).toEqual(["for all"]);
    const events = await b1.api.get<{ events: { message?: { text: string } }[] }>("/events?after=0");
    expect(events.body.events.flatMap((e) => (e.message ? [e.message.text] : []))).toEqual(["for all"]);
    const a2History = await a2.api.get<TMessagesResponse>(`/channels/${g.channelId}/messages`);
    expect(a2History.body.messages.map((m) => m.text)).toEqual(["for room one", "for all"]);

    // The dashboard reads one subchannel, or all of them.
    const room2 = await g.dashboard<TMessagesResponse>(dashboardChat.messages, "?subchannel=2");
    expect(room2.messages.map((m) => m.text)).toEqual(["for all"]);
    const whole = await g.dashboard<TMessagesResponse>(dashboardChat.messages);
    expect(whole.messages.map((m) => m.text)).toEqual(["for room one", "for all"]);
    sa2.ws.close();
    sb1.ws.close();
  });

  it("lets a dashboard view watch one subchannel, or all of them", async () => {
    const g = await splitSuperGroup({ min: 2, max: 1 });
    await g.join("a1", "b1");
    const [a1, b1] = g.members as [ChatUser, ChatUser];
    const auth = { token: g.app.owner.token, appId: g.app.appId };
    const [one, all] = await readySocketsAt(wsUrl, auth, auth);
    one.send({ type: "subscribe", channelId: g.channelId, subchannel: 2 });
    all.send({ type: "subscribe", channelId: g.channelId });
    await one.next((f) => f.type === "subscribed" && f.subchannel === 2);
    await all.next((f) => f.type === "subscribed");
    await a1.api.post(`/channels/${g.channelId}/messages`, { text: "in one" });
    await b1.api.post(`/channels/${g.channelId}/messages`, { text: "in two" });
    await all.event("message.created", (e) => e.message?.text === "in two");
    await one.event("message.created", (e) => e.message?.text === "in two");
    await one.caughtUp();
    expect(messageTexts(all)).toEqual(["in one", "in two"]);
    expect(messageTexts(one)).toEqual(["in two"]);
    one.ws.close();
    all.ws.close();
  });

  it("merges a subchannel below the minimum into one with room once the merge time has passed", async () => {
    const { g, a1, b1 } = await smallSecondSubchannel();
    const sb1 = await openSocket(wsUrl, { token: b1.sessionToken });
    await sb1.next((f) => f.type === "ready");

    await g.mergeJob();
    t.clock.advance(29 * 60_000);
    await g.mergeJob();
    expect((await g.subchannelsOf(b1)).mine).toBe(2);

    t.clock.advance(2 * 60_000);
    await g.mergeJob();
    const event = await sb1.event("subchannels.changed");
    expect(event.merge).toEqual({ from: 2, into: 1 });
    expect(await g.subchannelsOf(b1)).toEqual({ mine: 1, subchannels: [{ number: 1, memberCount: 3 }] });
    // The socket moved with its member: room one's messages now reach it.
    await a1.api.post(`/channels/${g.channelId}/messages`, { text: "together" });
    await sb1.event("message.created", (e) => e.message?.text === "together");
    sb1.ws.close();
  });

  it("moves a socket whose sign-in read was overtaken by a merge to the subchannel its member was merged into", async () => {
    const { g, a1, b1 } = await smallSecondSubchannel();
    await g.mergeJob();
    t.clock.advance(31 * 60_000);
    // b1's sign-in reads subchannel 2; the merge into 1 is heard before its connection is counted.
    overtakeNextSignIn(
      t,
      () => g.mergeJob(),
      (message) =>
        "event" in message && message.event.type === "subchannels.changed" && message.event.channelId === g.channelId,
    );
    const sb1 = await openSocket(wsUrl, { token: b1.sessionToken });
    const ready = await sb1.next((f) => f.type === "ready");
    expect(ready).toMatchObject({ subchannels: { [g.channelId]: 1 } });
    await a1.api.post(`/channels/${g.channelId}/messages`, { text: "merged before the socket was" });
    await sb1.event("message.created", (e) => e.message?.text === "merged before the socket was");
    sb1.ws.close();
  });

  it("places every member anew when the dashboard turns subchannels on, and none when it turns them off", async () => {
    const app = await createChatApp(t);
    const { channel } = (
      await app.server.post<{ channel: { id: string } }>("/channels", {
        name: "Hall",
        type: "supergroup",
        userIds: [],
      })
    ).body;
    const users = await Promise.all(["u1", "u2"].map((id) => app.user(id)));
    for (const user of users) await user.api.post(`/channels/${channel.id}/join`);
    const patch = (enabled: boolean) =>
      t.server.inject({
        method: "PUT",
        url: `/api${fillPath(dashboardChat.channel, { id: app.appId, channelId: channel.id })}`,
        headers: app.dashboardAuth,
        payload: { subchannel: { enabled, minMembers: 500, maxMembers: 3000, mergeMinutes: 60 } },
      });
    const mine = async () =>
      (await (users[1] as ChatUser).api.get<TSubchannelsResponse>(`/channels/${channel.id}/subchannels`)).body;
    const send = async (text: string) =>
      (await (users[1] as ChatUser).api.post<{ message: TMessage }>(`/channels/${channel.id}/messages`, { text })).body
        .message;
    expect(await mine()).toEqual({ mine: null, subchannels: [] });
    expect((await send("before")).subchannel).toBeUndefined();
    expect((await patch(true)).statusCode).toBe(200);
    expect(await mine()).toEqual({ mine: 1, subchannels: [{ number: 1, memberCount: 2 }] });
    // The message right after the split goes to the sender's subchannel, though the channel was read unsplit.
    expect((await send("after")).subchannel).toBe(1);
    expect((await patch(false)).statusCode).toBe(200);
    expect(await mine()).toEqual({ mine: null, subchannels: [] });
    // Nor does the one right after the channel is whole again go to a subchannel.
    expect((await send("whole again")).subchannel).toBeUndefined();
  });

  it("stores a placed member's message in one statement with their subchannel, and places one who has none first", async () => {
    const g = await splitSuperGroup({ min: 2, max: 2 });
    await g.join("a1", "a2", "b1");
    const [a2, b1] = [g.members[1], g.members[2]] as [ChatUser, ChatUser];
    // b1's place is taken away, as if they joined before the split; the next send must place them again.
    await t.ctx.database.db.execute(sql`
      update channel_members set subchannel = null
      where channel_id = ${g.channelId} and chat_user_id = (select id from chat_users where user_id = 'b1'
        and app_id = ${g.app.appId})`);
    const [sa2] = await readySocketsAt(wsUrl, { token: a2.sessionToken });
    // Which path ran shows in what it reads first: the fast path the channel alone, the full path the channel with
    // the sender's membership.
    const { channels } = t.services;
    const fast = vi.spyOn(channels, "channelForSend");
    const full = vi.spyOn(channels, "requireChannelWithMember");
    const send = async (user: ChatUser, text: string) =>
      (await user.api.post<{ message: TMessage }>(`/channels/${g.channelId}/messages`, { text })).body.message;
    try {
      const inOne = await send(a2, "room one, fast");
      expect(inOne.subchannel).toBe(1);
      expect([fast.mock.calls.length, full.mock.calls.length]).toEqual([1, 0]);
      const placed = await send(b1, "placed on the way");
      expect(placed.subchannel).toBe(2);
      expect([fast.mock.calls.length, full.mock.calls.length]).toEqual([2, 1]);
      expect((await send(b1, "room two, fast")).subchannel).toBe(2);
      expect([fast.mock.calls.length, full.mock.calls.length]).toEqual([3, 1]);
    } finally {
      fast.mockRestore();
      full.mockRestore();
    }
    const heard = await sa2.event("message.created", (e) => e.message?.text === "room one, fast");
    expect(heard.message?.subchannel).toBe(1);
    await sa2.caughtUp();
    expect(messageTexts(sa2)).toEqual(["room one, fast"]);
    const history = await b1.api.get<TMessagesResponse>(`/channels/${g.channelId}/messages`);
    expect(history.body.messages.map((m) => [m.text, m.subchannel])).toEqual([
      ["placed on the way", 2],
      ["room two, fast", 2],
    ]);
    const events = await a2.api.get<{ events: { message?: TMessage }[] }>("/events?after=0");
    expect(events.body.events.flatMap((e) => (e.message ? [[e.message.text, e.message.subchannel]] : []))).toEqual([
      ["room one, fast", 1],
    ]);
    sa2.ws.close();
  });

  it("counts a deleted user out of their subchannel", async () => {
    const g = await splitSuperGroup({ min: 2, max: 3 });
    await g.join("a1", "a2");
    expect((await g.app.server.delete("/users/a2")).status).toBe(200);
    expect((await g.subchannelsOf(g.members[0] as ChatUser)).subchannels).toEqual([{ number: 1, memberCount: 1 }]);
  });
});
