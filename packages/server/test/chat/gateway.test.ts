import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BusMessage } from "../../src/chat/bus";
import { createChatApp } from "../factories";
import { listenForSockets, STRONG_PASSWORD, startTestApp, type TestApp } from "../harness";
import { messageTexts, openSocket, overtakeNextSignIn, readySocketsAt } from "../ws-client";

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  wsUrl = await listenForSockets(t);
});
let shutDown = false;
afterAll(() => (shutDown ? undefined : t?.close()));

const socket = (auth: Record<string, unknown>) => openSocket(wsUrl, auth);
const readySockets = <T extends Record<string, unknown>[]>(...auths: T) => readySocketsAt(wsUrl, ...auths);

describe("WebSocket gateway", () => {
  it("delivers a member's message to the other members' sockets, and not to strangers", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const park = await app.user("park");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room", userIds: ["lee"] })
    ).body;
    const [leeSocket, parkSocket] = await readySockets({ token: lee.sessionToken }, { token: park.sessionToken });
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "hi lee" });
    const event = await leeSocket.event("message.created");
    expect(event.message).toMatchObject({ text: "hi lee", sender: { userId: "kim" } });
    await parkSocket.caughtUp();
    expect(messageTexts(parkSocket)).toEqual([]);
    leeSocket.ws.close();
    parkSocket.ws.close();
  });

  it("answers a plain GET without an Upgrade header at once with 426, code 011 and Upgrade: websocket", async () => {
    // The time-out only bounds a failure: the answer it guards against never comes.
    const res = await fetch(wsUrl.replace(/^ws:/, "http:"), { signal: AbortSignal.timeout(5000) });
    expect(res.status).toBe(426);
    expect(res.headers.get("upgrade")).toBe("websocket");
    expect(await res.json()).toMatchObject({ code: "011" });
    // The socket of the refused request stays usable: the route still upgrades the next one.
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const [ready] = await readySockets({ token: kim.sessionToken });
    ready?.ws.close();
  });

  it("signs in sockets of many users at once, each hearing its own channels only", async () => {
    const app = await createChatApp(t);
    const owner = await app.user("owner");
    const users = await Promise.all(Array.from({ length: 12 }, (_, i) => app.user(`u${i}`)));
    // Two rooms, the even users in one and the odd in the other; the sockets then sign in together.
    const rooms = await Promise.all(
      ["Even", "Odd"].map(async (name, parity) => {
        const userIds = users.map((_, i) => `u${i}`).filter((_, i) => i % 2 === parity);
        return (await owner.api.post<{ channel: { id: string } }>("/channels", { name, userIds })).body.channel;
      }),
    );
    const sockets = await readySockets(...users.map((user) => ({ token: user.sessionToken })));
    await owner.api.post(`/channels/${rooms[0]?.id}/messages`, { text: "to even" });
    await owner.api.post(`/channels/${rooms[1]?.id}/messages`, { text: "to odd" });
    for (const [i, s] of sockets.entries()) {
      await s.event("message.created", (e) => e.message?.text === (i % 2 === 0 ? "to even" : "to odd"));
      await s.caughtUp();
      expect(messageTexts(s)).toEqual([i % 2 === 0 ? "to even" : "to odd"]);
      s.ws.close();
    }
  });

  it("starts delivering a channel's events once the user joins, and stops after a ban", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Open" })).body;
    const [s] = await readySockets({ token: lee.sessionToken });
    await lee.api.post(`/channels/${channel.id}/join`);
    await s.event("member.joined", (e) => e.userId === "lee");
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "welcome" });
    await s.event("message.created", (e) => e.message?.text === "welcome");
    await kim.api.post(`/channels/${channel.id}/members/lee/ban`);
    await s.event("member.banned", (e) => e.userId === "lee");
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "after ban" });
    await s.caughtUp();
    expect(messageTexts(s)).not.toContain("after ban");
    s.ws.close();
  });

  const eventOf = (type: string, userId: string) => (message: BusMessage) =>
    "event" in message && message.event.type === type && message.event.userId === userId;

  it("hears a channel joined between its sign-in's read and its connection being counted", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Open" })).body;
    overtakeNextSignIn(t, () => lee.api.post(`/channels/${channel.id}/join`), eventOf("member.joined", "lee"));
    const [s] = await readySockets({ token: lee.sessionToken });
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "joined just in time" });
    await s.event("message.created", (e) => e.message?.text === "joined just in time");
    s.ws.close();
  });

  it("stops hearing a channel banned from between its sign-in's read and its connection being counted", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room", userIds: ["lee"] })
    ).body;
    overtakeNextSignIn(
      t,
      () => kim.api.post(`/channels/${channel.id}/members/lee/ban`),
      eventOf("member.banned", "lee"),
    );
    const [s] = await readySockets({ token: lee.sessionToken });
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "after the ban" });
    await s.caughtUp();
    expect(messageTexts(s)).not.toContain("after the ban");
    s.ws.close();
  });

  it("lets the dashboard watch a channel of its app with its own session, acknowledging the subscription", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Watched" })).body;
    const dashboard = await socket({ token: app.owner.token, appId: app.appId });
    expect(await dashboard.next((f) => f.type === "ready")).toMatchObject({ type: "ready", user: null });
    dashboard.send({ type: "subscribe", channelId: channel.id });
    // Once acknowledged, a message sent at once arrives: the view's history read after this misses nothing.
    expect(await dashboard.next((f) => f.type === "subscribed")).toEqual({ type: "subscribed", channelId: channel.id });
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "seen by the console" });
    expect((await dashboard.event("message.created")).message?.text).toBe("seen by the console");
    dashboard.ws.close();
  });

  it("answers a dashboard's subscription to a channel it cannot see with 3007 and no acknowledgement", async () => {
    const app = await createChatApp(t);
    const other = await createChatApp(t);
    const kim = await other.user("kim");
    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Elsewhere" })).body;
    const dashboard = await socket({ token: app.owner.token, appId: app.appId });
    await dashboard.next((f) => f.type === "ready");
    dashboard.send({ type: "subscribe", channelId: channel.id });
    expect(await dashboard.next((f) => f.type === "error")).toMatchObject({ code: "3007" });
    expect(dashboard.frames.some((f) => f.type === "subscribed")).toBe(false);
    dashboard.ws.close();
  });

  it("refuses another account's dashboard session for an app (3003)", async () => {
    const app = await createChatApp(t);
    const other = await createChatApp(t);
    const s = await socket({ token: other.owner.token, appId: app.appId });
    expect(await s.next((f) => f.type === "error")).toMatchObject({ code: "3003" });
    expect(await s.closed).toBe(4001);
  });

  it("closes a socket that sends a bad token", async () => {
    const s = await socket({ token: "pcs_forged" });
    expect(await s.next((f) => f.type === "error")).toMatchObject({ type: "error", code: "3028" });
    expect(await s.closed).toBe(4001);
  });

  it("answers ping with pong", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const [s] = await readySockets({ token: kim.sessionToken });
    s.send({ type: "ping" });
    await s.next((f) => f.type === "pong");
    s.ws.close();
  });

  describe("closes the sockets of sessions that end", () => {
    /** A dashboard session of the account, as a second device would open it. */
    async function secondSession(email: string): Promise<string> {
      const login = await t.server.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password: STRONG_PASSWORD },
      });
      return login.json().sessionToken;
    }
    const dashboardCall = (token: string, method: "GET" | "DELETE" | "PUT", url: string, payload?: object) =>
      t.server.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, payload });
    const ended = (s: Awaited<ReturnType<typeof socket>>) =>
      s.next((f) => f.type === "error").then(async (frame) => ({ frame, code: await s.closed }));

    it("when the chat user logs out, is deactivated or deleted, with 3028 and close code 4001", async () => {
      const app = await createChatApp(t);
      const kim = await app.user("kim");
      const lee = await app.user("lee");
      const park = await app.user("park");
      const [kimSocket, leeSocket, parkSocket, other] = await readySockets(
        { token: kim.sessionToken },
        { token: lee.sessionToken },
        { token: park.sessionToken },
        { token: (await app.user("choi")).sessionToken },
      );

      expect((await kim.api.post("/auth/logout", {})).status).toBe(200);
      expect(await ended(kimSocket)).toEqual({
        frame: { type: "error", code: "3028", message: "the session ended" },
        code: 4001,
      });
      expect((await app.server.post("/users/lee/deactivate", {})).status).toBe(200);
      expect((await ended(leeSocket)).code).toBe(4001);
      expect((await app.server.delete("/users/park")).status).toBe(200);
      expect((await ended(parkSocket)).code).toBe(4001);

      // Another user of the app keeps their socket.
      other.send({ type: "ping" });
      await other.next((f) => f.type === "pong");
      other.ws.close();
    });

    it("when a dashboard session ends: ended from another device, or by logging out everywhere", async () => {
      const app = await createChatApp(t);
      const laptop = await secondSession(app.owner.email);
      const [watching] = await readySockets({ token: laptop, appId: app.appId });
      const sessions = await dashboardCall(app.owner.token, "GET", "/auth/sessions");
      const laptopId = (sessions.json().sessions as { id: string; current: boolean }[]).find((s) => !s.current)?.id;
      expect((await dashboardCall(app.owner.token, "DELETE", `/auth/sessions/${laptopId}`)).statusCode).toBe(200);
      expect(await ended(watching)).toMatchObject({ frame: { code: "3028" }, code: 4001 });

      const [own, phone] = await readySockets(
        { token: app.owner.token, appId: app.appId },
        { token: await secondSession(app.owner.email), appId: app.appId },
      );
      expect((await dashboardCall(app.owner.token, "DELETE", "/auth/sessions")).statusCode).toBe(200);
      expect((await ended(own)).code).toBe(4001);
      expect((await ended(phone)).code).toBe(4001);
    });

    it("when the password changes, except the socket of the session that changed it", async () => {
      const app = await createChatApp(t);
      const other = await secondSession(app.owner.email);
      const [kept, cut] = await readySockets(
        { token: app.owner.token, appId: app.appId },
        { token: other, appId: app.appId },
      );
      const change = await dashboardCall(app.owner.token, "PUT", "/account/password", {
        currentPassword: STRONG_PASSWORD,
        newPassword: "Parley-2027-ok",
        newPasswordConfirm: "Parley-2027-ok",
      });
      expect(change.statusCode).toBe(200);
      expect((await ended(cut)).code).toBe(4001);
      kept.send({ type: "ping" });
      await kept.next((f) => f.type === "pong");
      kept.ws.close();
    });
  });

  // Last: it shuts the server down.
  it("closes every socket with 1001 when the server shuts down, in a channel or not, a user's or a dashboard view's", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    await kim.api.post("/channels", { name: "Room", userIds: ["lee"] });
    const [member, alone, view] = await readySockets(
      { token: lee.sessionToken },
      { token: (await app.user("park")).sessionToken },
      { token: app.owner.token, appId: app.appId },
    );
    shutDown = true;
    await t.close();
    expect(await Promise.all([member.closed, alone.closed, view.closed])).toEqual([1001, 1001, 1001]);
  });
});
