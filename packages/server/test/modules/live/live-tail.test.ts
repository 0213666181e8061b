import {
  LIVE_MAX_EVENTS_PER_SECOND,
  LIVE_STREAMS_PER_SESSION,
  type TLiveFrame,
  type TLiveWebhookDelivery,
  type TWebhookSettings,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createAccount, createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp, uniqueEmail } from "../../harness";
import { accepted, type LiveViewer, openLive } from "../../live-client";
import { startReceiver } from "../../webhooks-receiver";

let t: TestApp;
let baseUrl: string;
const viewers: LiveViewer[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { ...ALLOW_LOOPBACK } });
  const address = await t.server.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = address;
});
afterAll(async () => {
  for (const viewer of viewers) viewer.close();
  await t?.close();
});

async function watch(appId: string, token: string, query: Record<string, string> = {}): Promise<LiveViewer> {
  const viewer = accepted(await openLive(baseUrl, appId, token, query));
  viewers.push(viewer);
  return viewer;
}

const isEvent =
  (type: string, test: (data: Record<string, unknown>) => boolean = () => true) =>
  (frame: TLiveFrame) =>
    frame.kind === "event" && frame.event.type === type && test(frame.event.data);
const messageText = (data: Record<string, unknown>) => (data.message as { text?: string } | undefined)?.text;

/** An app with a user in a channel of their own, ready to send. */
async function room(userId = "kim") {
  const app = await createChatApp(t);
  const user = await app.user(userId);
  const created = await user.api.post<{ channel: { id: string } }>("/channels", { name: "Room" });
  return { app, user, channelId: created.body.channel.id };
}

describe("the live event tail", () => {
  it("answers with text/event-stream and shows a chat API message within a second", async () => {
    const { app, user, channelId } = await room();
    const response = await fetch(`${baseUrl}/api/apps/${app.appId}/events/live`, {
      headers: { authorization: `Bearer ${app.owner.token}` },
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toContain("no-cache");
    await response.body?.cancel();

    const viewer = await watch(app.appId, app.owner.token);
    const sentAt = Date.now();
    await user.api.post(`/channels/${channelId}/messages`, { text: "hello tail" });
    const frame = await viewer.waitFor(
      isEvent("message.created", (data) => messageText(data) === "hello tail"),
      1000,
    );
    expect(Date.now() - sentAt).toBeLessThan(1000);
    expect(frame).toMatchObject({ event: { channelId, userId: "kim" } });
  });

  it("shows a message sent by the app's server with its API key", async () => {
    const { app, channelId } = await room();
    const viewer = await watch(app.appId, app.owner.token);
    await app.server.post(`/channels/${channelId}/messages`, { text: "from the server" });
    await viewer.waitFor(
      isEvent("message.created", (data) => messageText(data) === "from the server"),
      1000,
    );
  });

  it("filters by event type, channel and user on the server", async () => {
    const { app, user: kim, channelId: kimRoom } = await room("kim");
    const lee = await app.user("lee");
    const leeRoom = (await lee.api.post<{ channel: { id: string } }>("/channels", { name: "Lee" })).body.channel.id;
    const onlyJoins = await watch(app.appId, app.owner.token, { types: "member.joined,member.left" });
    const onlyKimRoom = await watch(app.appId, app.owner.token, { channelId: kimRoom });
    const onlyLee = await watch(app.appId, app.owner.token, { userId: "lee" });

    await kim.api.post(`/channels/${kimRoom}/messages`, { text: "kim here" });
    await lee.api.post(`/channels/${leeRoom}/messages`, { text: "lee there" });
    await lee.api.post(`/channels/${leeRoom}/members`, { userIds: ["kim"] });
    await kim.api.post(`/channels/${kimRoom}/messages`, { text: "last" });

    // Each viewer's last wanted event arrives after every unwanted one was published.
    await onlyJoins.waitFor(isEvent("member.joined"));
    await onlyKimRoom.waitFor(isEvent("message.created", (data) => messageText(data) === "last"));
    await onlyLee.waitFor(isEvent("message.created", (data) => messageText(data) === "lee there"));
    await onlyKimRoom.waitFor(isEvent("message.created", (data) => messageText(data) === "last"));

    expect(onlyJoins.events().map((e) => e.type)).toEqual(["member.joined"]);
    expect(onlyKimRoom.events().every((e) => e.channelId === kimRoom)).toBe(true);
    expect(onlyKimRoom.events().map((e) => messageText(e.data))).toEqual(["kim here", "last"]);
    expect(onlyLee.events().every((e) => e.userId === "lee")).toBe(true);
    expect(onlyLee.events().map((e) => messageText(e.data))).toContain("lee there");
  });

  it(`sends at most ${LIVE_MAX_EVENTS_PER_SECOND} events a second and then says how many it dropped`, async () => {
    const { app, channelId } = await room();
    const viewer = await watch(app.appId, app.owner.token);
    const burst = LIVE_MAX_EVENTS_PER_SECOND * 2 + 20;
    // A burst faster than any HTTP client sends, straight onto the bus the fan-out reads.
    for (let i = 0; i < burst; i++) {
      await t.bus.publish({
        appId: app.appId,
        event: {
          id: String(1_000_000 + i),
          type: "channel.read",
          channelId,
          createdAt: new Date().toISOString(),
          userId: "kim",
          seq: i,
        },
      });
    }
    const dropped = await viewer.waitFor((frame) => frame.kind === "dropped", 3000);
    const delivered = viewer.events().filter((e) => e.type === "channel.read").length;
    expect(delivered).toBe(LIVE_MAX_EVENTS_PER_SECOND);
    expect(dropped).toMatchObject({ kind: "dropped", count: burst - LIVE_MAX_EVENTS_PER_SECOND });
  });

  it("never shows another app's events, and refuses other accounts and a sub-account of another app with 3003", async () => {
    const mine = await room("kim");
    const theirs = await room("kim");
    const viewer = await watch(mine.app.appId, mine.app.owner.token);
    await theirs.user.api.post(`/channels/${theirs.channelId}/messages`, { text: "not yours" });
    await theirs.app.user("late");
    await mine.user.api.post(`/channels/${mine.channelId}/messages`, { text: "yours" });
    await viewer.waitFor(isEvent("message.created", (data) => messageText(data) === "yours"));
    expect(viewer.events().map((e) => messageText(e.data))).not.toContain("not yours");
    expect(viewer.events().every((e) => e.channelId === null || e.channelId === mine.channelId)).toBe(true);
    expect(viewer.events().some((e) => e.type === "user.login" && e.userId === "late")).toBe(false);

    const stranger = await createAccount(t);
    expect(await openLive(baseUrl, mine.app.appId, stranger.token)).toMatchObject({
      status: 403,
      body: { code: "3003" },
    });
    expect(await openLive(baseUrl, mine.app.appId, null)).toMatchObject({ status: 401, body: { code: "1001" } });

    // A sub-account of `theirs` may watch that app and no other.
    const api = client(t.server);
    const subEmail = uniqueEmail("sub");
    await api.post(`/apps/${theirs.app.appId}/sub-accounts`, { email: subEmail }, theirs.app.owner.token);
    const link = new URL(/https?:\/\/\S+/.exec((await t.waitForMail(subEmail)).text)?.[0] ?? "").searchParams;
    const sub = await api.post<{ sessionToken: string }>("/auth/link/login", {
      userType: "subaccount",
      appId: theirs.app.appId,
      email: subEmail,
      token: link.get("sessiontoken"),
    });
    expect(await openLive(baseUrl, mine.app.appId, sub.body.sessionToken)).toMatchObject({
      status: 403,
      body: { code: "3003" },
    });
    const own = await watch(theirs.app.appId, sub.body.sessionToken);
    expect(own.frames[0]).toMatchObject({ kind: "ready", maxPerSecond: LIVE_MAX_EVENTS_PER_SECOND });
  });

  it("refuses a malformed filter with 300", async () => {
    const { app } = await room();
    const malformed: Record<string, string>[] = [
      { types: "message.created,nonsense" },
      { channelId: "not-a-uuid" },
      { userId: "a b" },
    ];
    for (const query of malformed) {
      expect(await openLive(baseUrl, app.appId, app.owner.token, query)).toMatchObject({
        status: 400,
        body: { code: "300" },
      });
    }
  });

  it(`refuses a session's ${LIVE_STREAMS_PER_SESSION + 1}th open tail with 3120, and admits one again once a tail closes`, async () => {
    const { app } = await room();
    const open: LiveViewer[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_SESSION; i++) open.push(await watch(app.appId, app.owner.token));
    expect(await openLive(baseUrl, app.appId, app.owner.token)).toMatchObject({ status: 429, body: { code: "3120" } });
    const before = t.services.live.viewerCount();
    open[0]?.close();
    await expect.poll(() => t.services.live.viewerCount()).toBe(before - 1);
    const again = await openLive(baseUrl, app.appId, app.owner.token);
    expect(again.status).toBe(200);
    if ("viewer" in again) viewers.push(again.viewer);
  });

  it("shows logins, and webhook deliveries with their status", async () => {
    const { app, channelId, user } = await room();
    const receiver = await startReceiver();
    try {
      const api = client(t.server);
      await api.put<{ settings: TWebhookSettings }>(
        `/apps/${app.appId}/webhook/settings`,
        { url: receiver.url, events: ["message.created"] },
        app.owner.token,
      );
      await api.put(`/apps/${app.appId}/webhook/enabled`, { enabled: true }, app.owner.token);
      const viewer = await watch(app.appId, app.owner.token);
      await app.user("lee");
      const login = await viewer.waitFor(isEvent("user.login"));
      expect(login).toMatchObject({ event: { userId: "lee", channelId: null, data: { method: "token" } } });

      await user.api.post(`/channels/${channelId}/messages`, { text: "hooked" });
      const delivery = await viewer.waitFor(isEvent("webhook.delivery"), 10_000);
      expect(delivery).toMatchObject({ event: { channelId, userId: "kim" } });
      const data = (delivery as Extract<TLiveFrame, { kind: "event" }>).event.data as unknown as TLiveWebhookDelivery;
      expect(data).toMatchObject({ event: "message.created", status: "succeeded", attempt: 1, httpStatus: 200 });
    } finally {
      await receiver.close();
    }
  });

  it("ends the tails of a session that logs out", async () => {
    const { app } = await room();
    const owner = await createAccount(t);
    const api = client(t.server);
    const appId = (await api.post<{ app: { id: string } }>("/apps", { name: "Solo" }, owner.token)).body.app.id;
    const viewer = accepted(await openLive(baseUrl, appId, owner.token));
    const other = await watch(app.appId, app.owner.token);
    await api.post("/auth/logout", {}, owner.token);
    await viewer.ended;
    expect(other.frames.length).toBeGreaterThan(0);
  });
});

describe("a server that stops", () => {
  it("ends every open tail, and its close does not wait on them", async () => {
    const own = await startTestApp();
    const address = await own.server.listen({ port: 0, host: "127.0.0.1" });
    const app = await createChatApp(own);
    const viewer = accepted(await openLive(address, app.appId, app.owner.token));
    const started = Date.now();
    await own.close();
    await viewer.ended;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
