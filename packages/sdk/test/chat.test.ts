import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ChatEventOf, ParleyError } from "../src";
import { record, sdkApp, startServer, type TestServer, waitFor } from "./helpers";

let t: TestServer;
let baseUrl: string;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  ({ t, baseUrl } = await startServer());
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(() => t?.close());

async function app(settings: { allowAnonymousLogin?: boolean } = {}) {
  const a = await sdkApp(t, baseUrl, settings);
  cleanups.push(a.cleanup);
  return a;
}

/** Two signed-in users, both members of one public channel. */
async function room() {
  const a = await app();
  const kim = await a.user("kim");
  const lee = await a.user("lee");
  const channel = await kim.channels.create({ name: "Room" });
  await lee.channels.join(channel.id);
  return { a, kim, lee, channel };
}

describe("real-time chat", () => {
  it("delivers one user's message to the other through the socket", async () => {
    const { kim, lee, channel } = await room();
    const leeLog = record(lee);
    await Promise.all([kim.connect(), lee.connect()]);
    expect(lee.connectionState).toBe("open");
    expect(leeLog.states).toEqual(["connecting", "open"]);
    expect(lee.currentUser?.userId).toBe("lee");

    const sent = await kim.messages.send(channel.id, "hello lee", { mood: "cheerful" });
    expect(sent).toMatchObject({ seq: 1, type: "text", sender: { userId: "kim" } });

    const [received] = await waitFor(
      "lee to receive kim's message",
      () => leeLog.messages.length > 0 && leeLog.messages,
    );
    expect(received).toMatchObject({
      id: sent.id,
      channelId: channel.id,
      text: "hello lee",
      metadata: { mood: "cheerful" },
      sender: { userId: "kim", nickname: "KIM" },
    });
    expect(lee.lastEventId).toBe(leeLog.eventIds[0]);

    const history = await lee.messages.history(channel.id);
    expect(history).toEqual({ messages: [sent], hasMore: false });
  });

  it("tells members who joined, and lets an off listener go quiet", async () => {
    const a = await app();
    const kim = await a.user("kim");
    const lee = await a.user("lee");
    const channel = await kim.channels.create({ name: "Lobby" });
    await kim.connect();
    const joined: ChatEventOf<"member.joined">[] = [];
    const listener = (event: ChatEventOf<"member.joined">) => joined.push(event);
    kim.on("member.joined", listener);
    await lee.channels.join(channel.id);
    await waitFor("member.joined", () => joined.length === 1);
    expect(joined[0]).toMatchObject({ type: "member.joined", channelId: channel.id, userId: "lee" });

    kim.off("member.joined", listener);
    const kimLog = record(kim);
    await lee.channels.leave(channel.id);
    await kim.messages.send(channel.id, "after the leave");
    await waitFor("kim's own message", () => kimLog.messages.length === 1);
    expect(joined).toHaveLength(1);
  });

  it("refuses a muted user's message with 3022 and tells them they are muted", async () => {
    const { kim, lee, channel } = await room();
    await lee.connect();
    const muted: ChatEventOf<"member.muted">[] = [];
    lee.on("member.muted", (event) => muted.push(event));

    const member = await kim.members.mute(channel.id, "lee", 10);
    expect(member).toMatchObject({ userId: "lee" });
    expect(member.mutedUntil).not.toBeNull();
    await waitFor("member.muted", () => muted.length === 1);
    expect(muted[0]).toMatchObject({ userId: "lee", channelId: channel.id });

    const refusal = await lee.messages.send(channel.id, "can you hear me?").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ParleyError);
    expect(refusal).toMatchObject({ code: "3022", status: 403 });

    await kim.members.unmute(channel.id, "lee");
    await expect(lee.messages.send(channel.id, "back")).resolves.toMatchObject({ text: "back" });
  });

  it("refuses users in a frozen channel (3021) but delivers the app's admin message", async () => {
    const { a, kim, lee, channel } = await room();
    const leeLog = record(lee);
    await lee.connect();
    const frozen = await a.dashboard("POST", `/apps/${a.appId}/channels/${channel.id}/freeze`);
    if (!frozen.ok) throw new Error(`the channel was not frozen: ${frozen.status}`);

    await expect(kim.messages.send(channel.id, "anyone?")).rejects.toMatchObject({
      name: "ParleyError",
      code: "3021",
      status: 403,
    });

    await a.server("POST", `/channels/${channel.id}/messages`, { text: "Maintenance at 10" });
    const [admin] = await waitFor("the admin message", () => leeLog.messages.length > 0 && leeLog.messages);
    expect(admin).toMatchObject({ type: "admin", sender: null, text: "Maintenance at 10", channelId: channel.id });
    expect(leeLog.messages).toHaveLength(1);
  });
});

describe("reconnect", () => {
  /** Sent last; once it arrives, every earlier delivery, duplicates included, has arrived. */
  const MARKER = "marker";
  const withoutMarker = (log: string[]) => log.filter((entry) => entry !== `message:${MARKER}`);

  /** Cuts every WebSocket's TCP connection, as a restart or a broken network would. */
  const dropSockets = () => {
    for (const socket of t.upgraded) socket.destroy();
  };

  it("replays what was sent while the socket was down, in order, exactly once, before live messages", async () => {
    const a = await app();
    const kim = await a.user("kim");
    // Long enough a pause that the messages below are surely sent while lee is away.
    const lee = await a.user("lee", { reconnect: { initialDelayMs: 1500, maxDelayMs: 1500 } });
    const channel = await kim.channels.create({ name: "Room" });
    await lee.channels.join(channel.id);
    const leeLog = record(lee);
    await lee.connect();

    await kim.messages.send(channel.id, "m0");
    await waitFor("m0", () => leeLog.messages.length === 1);

    dropSockets();
    await waitFor("lee to notice the drop", () => lee.connectionState === "reconnecting");
    for (const text of ["m1", "m2", "m3"]) await kim.messages.send(channel.id, text);
    expect(leeLog.messages).toHaveLength(1);

    await waitFor("lee to be back", () => lee.connectionState === "open", 10_000);
    await kim.messages.send(channel.id, "m4");
    await waitFor("m4", () => leeLog.messages.length >= 5);
    // One socket delivers in order: a duplicate of anything before the marker would have arrived before it.
    await kim.messages.send(channel.id, MARKER);
    await waitFor("the marker", () => leeLog.messages.some((m) => m.text === MARKER));

    expect(withoutMarker(leeLog.log)).toEqual([
      "state:connecting",
      "state:open",
      "message:m0",
      "state:reconnecting",
      "message:m1",
      "message:m2",
      "message:m3",
      "state:open",
      "message:m4",
    ]);
    expect(leeLog.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(leeLog.eventIds).size).toBe(6);
  });

  it("loses and repeats nothing when the socket drops again and again in the middle of a burst", async () => {
    const a = await app();
    const kim = await a.user("kim");
    const lee = await a.user("lee", { reconnect: { initialDelayMs: 10, maxDelayMs: 40 } });
    const channel = await kim.channels.create({ name: "Busy" });
    await lee.channels.join(channel.id);
    const leeLog = record(lee);
    await lee.connect();

    const sent: string[] = [];
    for (let i = 1; i <= 40; i++) {
      const text = `burst ${i}`;
      await kim.messages.send(channel.id, text);
      sent.push(text);
      if (i % 10 === 5) dropSockets();
    }
    await waitFor("every message", () => leeLog.messages.length >= sent.length, 15_000);
    await waitFor("lee to be back", () => lee.connectionState === "open", 10_000);
    await kim.messages.send(channel.id, MARKER);
    await waitFor("the marker", () => leeLog.messages.some((m) => m.text === MARKER));

    expect(leeLog.messages.map((m) => m.text)).toEqual([...sent, MARKER]);
    expect(new Set(leeLog.eventIds).size).toBe(sent.length + 1);
    expect(leeLog.states.filter((s) => s === "reconnecting").length).toBeGreaterThanOrEqual(4);
  });

  it("catches up from a stored event id after a restart of the client", async () => {
    const a = await app();
    const kim = await a.user("kim");
    const lee = await a.user("lee");
    const channel = await kim.channels.create({ name: "Room" });
    await lee.channels.join(channel.id);
    await lee.connect();
    const stored = { session: lee.sessionToken, after: lee.lastEventId };
    lee.disconnect();
    expect(lee.connectionState).toBe("closed");
    if (!stored.session || !stored.after) throw new Error("nothing to store");

    await kim.messages.send(channel.id, "while you were out");
    const later = a.client();
    const log = record(later);
    expect((await later.resume(stored.session)).userId).toBe("lee");
    await later.connect({ after: stored.after });
    expect(log.log).toEqual(["state:connecting", "message:while you were out", "state:open"]);
  });

  it("keeps a quiet link alive with pings", async () => {
    const a = await app();
    // A ping unanswered by the next one drops the link; 250 ms leaves room for a server slowed by a busy machine.
    const lee = await a.user("lee", { pingIntervalMs: 250 });
    const log = record(lee);
    const before = new Set(t.upgraded);
    await lee.connect();
    const link = [...t.upgraded].find((socket) => !before.has(socket));
    if (!link) throw new Error("no WebSocket relayed");
    // The authentication frame, then four pings, each answered in time or the client would have reconnected.
    await waitFor("four pings", () => link.chunksFromClient >= 5);
    expect(lee.connectionState).toBe("open");
    expect(log.states).toEqual(["connecting", "open"]);
  });
});

describe("sending through a failing connection", () => {
  it("tries a send again when its answer is lost, and the message is stored once", async () => {
    const a = await app();
    let dropped = 0;
    // The first answer to a send never reaches the client, as when a mobile link drops after the request left.
    const flaky: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === "POST" && String(input).endsWith("/messages") && dropped === 0) {
        dropped++;
        throw new TypeError("fetch failed");
      }
      return response;
    };
    const kim = await a.user("kim", { fetch: flaky });
    const channel = await kim.channels.create({ name: "Flaky" });
    const sent = await kim.messages.send(channel.id, "once");
    expect(dropped).toBe(1);
    const { messages } = await kim.messages.history(channel.id);
    expect(messages.map((m) => m.id)).toEqual([sent.id]);
    expect(sent.clientMessageId).toEqual(expect.any(String));
  });
});

describe("errors and sessions", () => {
  it("throws ParleyError with the catalogue code, status and data for bad calls", async () => {
    const a = await app();
    const kim = await a.user("kim");
    const lee = await a.user("lee");

    const missing = await kim.channels.get("00000000-0000-4000-8000-000000000000").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ParleyError);
    expect(missing).toMatchObject({ code: "3007", status: 404 });

    const malformed = await kim.channels.create({ name: "" }).catch((e: unknown) => e);
    expect(malformed).toBeInstanceOf(ParleyError);
    expect((malformed as ParleyError).status).toBe(400);
    expect(["300", "301"]).toContain((malformed as ParleyError).code);

    const vip = await kim.channels.create({ name: "VIP", type: "private", inviteCode: "secret" });
    await expect(lee.channels.join(vip.id)).rejects.toMatchObject({ code: "3008", status: 400 });
    await expect(lee.channels.join(vip.id, { inviteCode: "guess" })).rejects.toMatchObject({ code: "3032" });
    await expect(lee.channels.join(vip.id, { inviteCode: "secret" })).resolves.toMatchObject({ memberCount: 2 });

    const theirs = await kim.messages.send(vip.id, "mine");
    await expect(lee.messages.delete(vip.id, theirs.id)).rejects.toMatchObject({ code: "3033" });

    await expect(a.client().loginWithToken("kim", "not-a-token")).rejects.toMatchObject({ code: "3027", status: 401 });
    await expect(a.client().loginAnonymously("guest", "Guest")).rejects.toMatchObject({ code: "3016" });
  });

  it("resumes a stored session, refuses an ended one (3028) on REST and on the socket", async () => {
    const a = await app({ allowAnonymousLogin: true });
    const guest = a.client();
    const user = await guest.loginAnonymously("guest", "Guest");
    expect(user).toMatchObject({ userId: "guest", nickname: "Guest" });
    const token = guest.sessionToken;
    if (!token) throw new Error("no session token");

    const again = a.client();
    expect(await again.resume(token)).toMatchObject({ userId: "guest" });
    expect((await again.me.update({ nickname: "Guest 2" })).nickname).toBe("Guest 2");
    expect(again.currentUser?.nickname).toBe("Guest 2");

    await guest.logout();
    expect(guest.sessionToken).toBeNull();
    await expect(a.client().resume(token)).rejects.toMatchObject({ code: "3028", status: 401 });

    const stale = a.client();
    const states = record(stale).states;
    await expect(stale.resume(token)).rejects.toBeInstanceOf(ParleyError);
    // A failed resume leaves no credential behind, so nothing is attempted on the socket.
    expect(stale.sessionToken).toBeNull();
    await expect(stale.connect()).rejects.toThrow(/Log in/);
    expect(states).toEqual(["connecting", "closed"]);
  });

  it("rejects connect() with the server's refusal when the session is not valid", async () => {
    const a = await app({ allowAnonymousLogin: true });
    const guest = a.client();
    await guest.loginAnonymously("guest", "Guest");
    const token = guest.sessionToken as string;
    const other = a.client();
    await other.resume(token);
    await guest.logout();
    const states = record(other).states;
    const refusal = await other.connect().catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ParleyError);
    expect(refusal).toMatchObject({ code: "3028", status: 401 });
    expect(states).toEqual(["connecting", "closed"]);
  });

  it("reports an unreachable server as ParleyConnectionError", async () => {
    const { ParleyClient, ParleyConnectionError } = await import("../src");
    const client = new ParleyClient({ baseUrl: "http://127.0.0.1:9", appId: "00000000-0000-4000-8000-000000000000" });
    const failure = await client.loginAnonymously("guest", "Guest").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ParleyConnectionError);
  });
});

describe("subchannels", () => {
  it("says which subchannel the user is in, and follows the dashboard turning subchannels on and off", async () => {
    const a = await app();
    const kim = await a.user("kim");
    const lee = await a.user("lee");
    const channel = await kim.channels.create({ name: "Stadium", type: "supergroup" });
    const settings = (enabled: boolean) =>
      a.dashboard("PUT", `/apps/${a.appId}/channels/${channel.id}`, {
        subchannel: { enabled, minMembers: 500, maxMembers: 3000, mergeMinutes: 60 },
      });
    expect((await settings(true)).status).toBe(200);
    await kim.connect();
    expect(kim.subchannelOf(channel.id)).toBe(1);

    const changes: ChatEventOf<"member.joined">[] = [];
    kim.on("member.joined", (event) => changes.push(event));
    await lee.connect();
    await lee.channels.join(channel.id);
    await waitFor("lee's join", () => changes.find((event) => event.userId === "lee"));
    await waitFor("lee's own placement", () => lee.subchannelOf(channel.id) === 1);
    expect(await lee.channels.subchannels(channel.id)).toEqual({
      mine: 1,
      subchannels: [{ number: 1, memberCount: 2 }],
    });

    const sent = await lee.messages.send(channel.id, "hello stadium");
    expect(sent.subchannel).toBe(1);
    expect((await settings(false)).status).toBe(200);
    await waitFor("subchannels turned off", () => kim.subchannelOf(channel.id) === null);
  });
});
