import {
  dashboardChat,
  fillPath,
  OPEN_CHANNEL_MEMBER_LIMIT,
  REGULAR_CHANNEL_MEMBER_LIMIT,
  type TChannel,
  type TMessageSearchResponse,
  type TMessagesResponse,
  type TUnreadResponse,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { listenForSockets, startTestApp, type TestApp } from "../../harness";
import { messageTexts, readySocketsAt } from "../../ws-client";

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  wsUrl = await listenForSockets(t);
});
afterAll(() => t?.close());

type App = Awaited<ReturnType<typeof createChatApp>>;
type User = Awaited<ReturnType<App["user"]>>;

/** kim's open channel with lee in it, and park, a user of the app who has not joined. */
async function liveEvent(body: Record<string, unknown> = {}) {
  const app = await createChatApp(t);
  const [kim, lee, park] = [await app.user("kim"), await app.user("lee"), await app.user("park")];
  const res = await kim.api.post<{ channel: TChannel }>("/channels", {
    name: "Keynote",
    type: "open",
    userIds: ["lee"],
    ...body,
  });
  expect(res.status).toBe(200);
  return { app, kim, lee, park, channel: res.body.channel };
}

/** A change of the channel's settings in the dashboard, where its type is changed. */
async function changeInDashboard(app: App, channelId: string, payload: Record<string, unknown>) {
  const res = await t.server.inject({
    method: "PUT",
    url: `/api${fillPath(dashboardChat.channel, { id: app.appId, channelId })}`,
    headers: app.dashboardAuth,
    payload,
  });
  return { status: res.statusCode, body: res.json() as { code?: string; channel: TChannel } };
}

async function send(user: User, channelId: string, text: string, extra: Record<string, unknown> = {}) {
  const res = await user.api.post<{ message: { id: string; seq: number } }>(`/channels/${channelId}/messages`, {
    text,
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.body.message;
}

const historyTexts = async (user: User, channelId: string) =>
  (await user.api.get<TMessagesResponse>(`/channels/${channelId}/messages`)).body.messages.map((m) => m.text);

/**
 * `count` users of the app made members of the channel as rows, with the channel's member count to match: the API
 * would take that many sign-ups and joins.
 */
async function addManyMembers(appId: string, channelId: string, count: number) {
  await t.ctx.database.query(
    `with made as (
       insert into chat_users (app_id, user_id, nickname, created_at)
       select $1, 'fan-' || n, 'fan ' || n, now() from generate_series(1, $3::int) as n
       returning id
     ), joined as (
       insert into channel_members (channel_id, chat_user_id, joined_at)
       select $2, id, now() from made returning chat_user_id
     )
     update channels set member_count = member_count + (select count(*) from joined) where id = $2`,
    [appId, channelId, count],
  );
}

describe("an open channel", () => {
  it(`is made with the open channels' member limit of ${OPEN_CHANNEL_MEMBER_LIMIT}, whatever limit is asked for`, async () => {
    const { channel } = await liveEvent({ memberLimit: 10 });
    expect(channel).toMatchObject({ type: "open", memberLimit: OPEN_CHANNEL_MEMBER_LIMIT, requiresInviteCode: false });
  });

  it("shows its record, history, threads and search to a user of the app who has not joined", async () => {
    const { kim, park, channel } = await liveEvent();
    const first = await send(kim, channel.id, "welcome to the keynote");
    await send(kim, channel.id, "the speaker answers", { parentMessageId: first.id });

    const record = await park.api.get<{ channel: TChannel }>(`/channels/${channel.id}`);
    expect(record.status).toBe(200);
    expect(record.body.channel).toMatchObject({ id: channel.id, type: "open", memberCount: 2 });
    expect(await historyTexts(park, channel.id)).toEqual(["welcome to the keynote"]);
    const thread = await park.api.get<TMessagesResponse>(`/channels/${channel.id}/messages/${first.id}/replies`);
    expect(thread.body.messages.map((m) => m.text)).toEqual(["the speaker answers"]);
    const found = await park.api.get<TMessageSearchResponse>(`/channels/${channel.id}/messages/search?q=keynote`);
    expect(found.status).toBe(200);
    expect(found.body.results.map((r) => r.message.text)).toEqual(["welcome to the keynote"]);
    const listed = await park.api.get<{ channels: TChannel[] }>("/channels?scope=public");
    expect(listed.body.channels.map((c) => c.id)).toContain(channel.id);
  });

  it("keeps a public channel's history from a non-member with 3020, as before", async () => {
    const { kim, park } = await liveEvent();
    const room = (await kim.api.post<{ channel: TChannel }>("/channels", { name: "Room" })).body.channel;
    await send(kim, room.id, "members only");
    const res = await park.api.get(`/channels/${room.id}/messages`);
    expect([res.status, res.body.code]).toEqual([403, "3020"]);
  });

  it("refuses a non-member's message with 3020, and takes it once they join without an invite code", async () => {
    const { park, channel } = await liveEvent();
    const refused = await park.api.post(`/channels/${channel.id}/messages`, { text: "hello?" });
    expect(refused.body.code).toBe("3020");
    const joined = await park.api.post<{ channel: TChannel }>(`/channels/${channel.id}/join`, {});
    expect(joined.status).toBe(200);
    expect(joined.body.channel.memberCount).toBe(3);
    await send(park, channel.id, "hello!");
    expect(await historyTexts(park, channel.id)).toEqual(["hello!"]);
  });

  it("delivers its live messages to members only: joining is what subscribes", async () => {
    const { kim, lee, park, channel } = await liveEvent();
    const [leeSocket, parkSocket] = await readySocketsAt(
      wsUrl,
      { token: lee.sessionToken },
      { token: park.sessionToken },
    );
    await send(kim, channel.id, "before park joins");
    await leeSocket.event("message.created", (e) => e.message?.text === "before park joins");
    await parkSocket.caughtUp();
    expect(messageTexts(parkSocket)).toEqual([]);

    expect((await park.api.post(`/channels/${channel.id}/join`, {})).status).toBe(200);
    await send(kim, channel.id, "after park joins");
    await parkSocket.event("message.created", (e) => e.message?.text === "after park joins");
    leeSocket.ws.close();
    parkSocket.ws.close();
  });

  it("counts no unread messages nor mentions for its members, in the channel list and the totals", async () => {
    const { kim, lee, channel } = await liveEvent();
    const room = (await kim.api.post<{ channel: TChannel }>("/channels", { name: "Room", userIds: ["lee"] })).body
      .channel;
    for (const text of ["one", "two"]) await send(kim, channel.id, text);
    await send(kim, channel.id, "@lee look", { mentionedUserIds: ["lee"] });
    await send(kim, room.id, "@lee here too", { mentionedUserIds: ["lee"] });

    const mine = (await lee.api.get<{ channels: TChannel[] }>("/channels?scope=mine")).body.channels;
    expect(mine.find((c) => c.id === channel.id)).toMatchObject({ unreadCount: 0, unreadMentionCount: 0 });
    expect(mine.find((c) => c.id === room.id)).toMatchObject({ unreadCount: 1, unreadMentionCount: 1 });
    const one = (await lee.api.get<{ channel: TChannel }>(`/channels/${channel.id}`)).body.channel;
    expect(one).toMatchObject({ unreadCount: 0, unreadMentionCount: 0 });
    expect((await lee.api.get<TUnreadResponse>("/me/unread")).body).toEqual({
      unreadCount: 1,
      unreadMentionCount: 1,
      channels: 1,
    });
  });

  it(`admits members beyond the regular limit of ${REGULAR_CHANNEL_MEMBER_LIMIT}, and refuses to become a regular channel with them (3207)`, async () => {
    const { app, park, channel } = await liveEvent();
    await addManyMembers(app.appId, channel.id, REGULAR_CHANNEL_MEMBER_LIMIT + 50);
    const joined = await park.api.post<{ channel: TChannel }>(`/channels/${channel.id}/join`, {});
    expect(joined.status).toBe(200);
    expect(joined.body.channel.memberCount).toBe(REGULAR_CHANNEL_MEMBER_LIMIT + 53);
    await send(park, channel.id, "from the crowd");

    const converted = await changeInDashboard(app, channel.id, { type: "public" });
    expect([converted.status, converted.body.code]).toEqual([400, "3207"]);
    const still = await app.server.get<{ channel: TChannel }>(`/channels/${channel.id}`);
    expect(still.body.channel).toMatchObject({ type: "open", memberLimit: OPEN_CHANNEL_MEMBER_LIMIT });
  });

  it("becomes a regular channel with the app's default limit when its members fit, and a regular one becomes open", async () => {
    const { app, channel } = await liveEvent();
    const regular = await changeInDashboard(app, channel.id, { type: "public" });
    expect(regular.status).toBe(200);
    expect(regular.body.channel).toMatchObject({ type: "public", memberLimit: REGULAR_CHANNEL_MEMBER_LIMIT });
    const open = await changeInDashboard(app, channel.id, { type: "open" });
    expect(open.body.channel).toMatchObject({ type: "open", memberLimit: OPEN_CHANNEL_MEMBER_LIMIT });
  });

  it("refuses an invite code or hidden earlier history with 3207, on create and on update", async () => {
    const { kim, channel } = await liveEvent();
    for (const body of [{ inviteCode: "secret" }, { hideMessagesBeforeJoin: true }]) {
      const created = await kim.api.post("/channels", { name: "Stage", type: "open", ...body });
      expect([created.status, created.body.code]).toEqual([400, "3207"]);
      const updated = await kim.api.patch(`/channels/${channel.id}`, body);
      expect([updated.status, updated.body.code]).toEqual([400, "3207"]);
    }
  });

  it("is another app's users' to read or join no more than any channel of that app: 3007", async () => {
    const { kim, channel } = await liveEvent();
    await send(kim, channel.id, "ours");
    const stranger = await (await createChatApp(t)).user("kim");
    for (const res of [
      await stranger.api.get(`/channels/${channel.id}`),
      await stranger.api.get(`/channels/${channel.id}/messages`),
      await stranger.api.get(`/channels/${channel.id}/messages/search?q=ours`),
      await stranger.api.post(`/channels/${channel.id}/join`, {}),
    ]) {
      expect(res.body.code).toBe("3007");
    }
  });
});
