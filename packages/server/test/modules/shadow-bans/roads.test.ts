import { randomBytes } from "node:crypto";
import type {
  TChannel,
  TChatEvent,
  TMessage,
  TMessageSearchResponse,
  TUnreadResponse,
  TWebhookPayload,
  TWebhookSettings,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, listenForSockets, startTestApp, type TestApp } from "../../harness";
import { type ApnsReceiver, startApnsReceiver, testApnsKey } from "../../push-apns-receiver";
import { type FcmReceiver, LEGACY_SERVER_KEY, pushJobsSettled, startFcmReceiver } from "../../push-fcm-receiver";
import { type Receiver, startReceiver } from "../../webhooks-receiver";
import { messageTexts, readySocketsAt } from "../../ws-client";

let t: TestApp;
let wsUrl: string;
let fcm: FcmReceiver;
let apns: ApnsReceiver;
let hooks: Receiver;

beforeAll(async () => {
  [fcm, apns, hooks] = await Promise.all([startFcmReceiver(), startApnsReceiver(), startReceiver()]);
  t = await startTestApp({
    env: { ...ALLOW_LOOPBACK, FCM_BASE_URL: fcm.url, APNS_SANDBOX_BASE_URL: apns.url },
  });
  wsUrl = await listenForSockets(t);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([fcm?.close(), apns?.close(), hooks?.close()]);
});

type Messages = { messages: TMessage[] };

/** An app with a channel kim owns that lee and park joined, and a message kim sent before any ban. */
async function room() {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const park = await app.user("park");
  const { channel } = (await kim.api.post<{ channel: TChannel }>("/channels", { name: "Room" })).body;
  await lee.api.post(`/channels/${channel.id}/join`);
  await park.api.post(`/channels/${channel.id}/join`);
  const base = `/channels/${channel.id}/messages`;
  const send = async (who: typeof kim, text: string, extra: Record<string, unknown> = {}) => {
    const sent = await who.api.post<{ message: TMessage }>(base, { text, ...extra });
    expect(sent.status).toBe(200);
    return sent.body.message;
  };
  const first = await send(kim, "before");
  const texts = async (who: typeof kim, path = base) =>
    (await who.api.get<Messages>(path)).body.messages.map((m) => m.text);
  const unread = async (who: typeof kim) => (await who.api.get<TUnreadResponse>("/me/unread")).body;
  const lastMessage = async (who: typeof kim) =>
    (await who.api.get<{ channels: TChannel[] }>("/channels")).body.channels.find((c) => c.id === channel.id)
      ?.lastMessage?.text;
  return { app, kim, lee, park, id: channel.id, base, first, send, texts, unread, lastMessage };
}

describe("a shadow-banned user's message", () => {
  it("stays out of other members' history, threads, search, unread counts, mentions, channel lists and catch-up, and is the sender's as any other", async () => {
    const { app, kim, lee, park, id, base, first, send, texts, unread, lastMessage } = await room();
    expect((await app.server.put("/users/lee/shadow-ban")).body).toEqual({ userId: "lee", shadowBanned: true });
    await send(park, "from park");
    const plain = await send(lee, "shadow plain");
    await send(lee, "shadow @kim", { mentionedUserIds: ["kim"] });
    await send(lee, "shadow reply", { parentMessageId: first.id });
    await send(lee, "shadow shown reply", { parentMessageId: first.id, showInChannel: true });
    await send(lee, "shadow translated", { translationLanguages: ["ko"] });
    expect(plain).not.toHaveProperty("shadowed");

    const shadowed = ["shadow plain", "shadow @kim", "shadow shown reply", "shadow translated"];
    expect(await texts(kim)).toEqual(["before", "from park"]);
    expect(await texts(park)).toEqual(["before", "from park"]);
    expect(await texts(lee)).toEqual(["before", "from park", ...shadowed]);
    expect(await texts(kim, `${base}/${first.id}/replies`)).toEqual([]);
    expect(await texts(lee, `${base}/${first.id}/replies`)).toEqual(["shadow reply", "shadow shown reply"]);
    const parent = (await kim.api.get<Messages>(base)).body.messages[0];
    expect(parent?.replyCount).toBe(0);

    const search = async (who: typeof kim) =>
      (await who.api.get<TMessageSearchResponse>(`${base}/search?q=shadow`)).body.results.map((r) => r.message.text);
    expect(await search(kim)).toEqual([]);
    expect((await search(lee)).sort()).toEqual([...shadowed, "shadow reply"].sort());

    expect(await unread(kim)).toEqual({ unreadCount: 1, unreadMentionCount: 0, channels: 1 });
    expect(await unread(park)).toEqual({ unreadCount: 0, unreadMentionCount: 0, channels: 0 });
    expect(await unread(lee)).toEqual({ unreadCount: 0, unreadMentionCount: 0, channels: 0 });
    // A read mark recounts what is after it: still none of lee's.
    await kim.api.post(`/channels/${id}/read`, { seq: first.seq });
    expect(await unread(kim)).toEqual({ unreadCount: 1, unreadMentionCount: 0, channels: 1 });

    expect(await lastMessage(kim)).toBe("from park");
    expect(await lastMessage(lee)).toBe("shadow translated");

    const caughtUp = async (who: typeof kim) =>
      (await who.api.get<{ events: TChatEvent[] }>("/events")).body.events
        .filter((e) => e.type === "message.created")
        .map((e) => e.message?.text);
    expect(await caughtUp(kim)).toEqual(["before", "from park"]);
    expect(await caughtUp(lee)).toEqual([
      "before",
      "from park",
      ...shadowed.slice(0, 2),
      "shadow reply",
      ...shadowed.slice(2),
    ]);

    // Others cannot react to it, nor reply to it, by its id.
    const refused = await kim.api.post(`${base}/${plain.id}/reactions`, { reaction: "like" });
    expect([refused.status, refused.body.code]).toEqual([404, "3026"]);
    const replied = await kim.api.post(base, { text: "re", parentMessageId: plain.id });
    expect(replied.body.code).toBe("3026");
    // Nor report it, nor pin it, though kim owns the channel; the app's server pins it as any message.
    const reported = await park.api.post(`${base}/${plain.id}/report`, { reason: "spam" });
    expect([reported.status, reported.body.code]).toEqual([404, "3026"]);
    const pinned = await kim.api.post(`/channels/${id}/pins/${plain.id}`);
    expect([pinned.status, pinned.body.code]).toEqual([404, "3026"]);
    expect((await app.server.post(`/channels/${id}/pins/${plain.id}`)).status).toBe(200);

    // The app's server and the dashboard read it, marked.
    const asServer = (await app.server.get<Messages>(base)).body.messages;
    expect(asServer.find((m) => m.id === plain.id)?.shadowed).toBe(true);
    expect(asServer.find((m) => m.text === "from park")).not.toHaveProperty("shadowed");
    const dashboard = await client(t.server).get<Messages>(
      `/apps/${app.appId}/channels/${id}/messages`,
      app.owner.token,
    );
    expect(dashboard.body.messages.find((m) => m.id === plain.id)?.shadowed).toBe(true);
    // The sender's own reads never carry the mark.
    expect(JSON.stringify((await lee.api.get<Messages>(base)).body)).not.toContain("shadowed");
  });

  it("reaches the sender's sockets alone, edits and reactions included", async () => {
    const { app, kim, lee, park, base, send } = await room();
    await app.server.put("/users/lee/shadow-ban");
    const [leeSocket, kimSocket, parkSocket] = await readySocketsAt(
      wsUrl,
      { token: lee.sessionToken },
      { token: kim.sessionToken },
      { token: park.sessionToken },
    );
    const plain = await send(lee, "shadow plain");
    await lee.api.patch(`${base}/${plain.id}`, { text: "shadow edited" });
    await lee.api.post(`${base}/${plain.id}/reactions`, { reaction: "like" });
    await send(park, "from park");
    await leeSocket.event("reaction.added", (e) => e.messageId === plain.id);
    await leeSocket.event("message.created", (e) => e.message?.text === "from park");
    for (const socket of [kimSocket, parkSocket]) {
      await socket.event("message.created", (e) => e.message?.text === "from park");
      await socket.caughtUp();
      expect(messageTexts(socket)).toEqual(["from park"]);
      const heard = socket.frames.flatMap((f) => (f.type === "event" ? [f.event] : []));
      expect(heard.filter((e) => e.message?.id === plain.id || e.messageId === plain.id)).toEqual([]);
    }
    expect(messageTexts(leeSocket)).toEqual(["shadow plain", "from park"]);
    const own = leeSocket.frames.flatMap((f) => (f.type === "event" ? [f.event] : []));
    expect(own.find((e) => e.type === "message.updated")?.message?.text).toBe("shadow edited");
    expect(JSON.stringify(own)).not.toContain("shadowed");
    for (const socket of [leeSocket, kimSocket, parkSocket]) socket.ws.close();
  });

  it("is pushed to no one by FCM or APNs, while an ordinary message is", async () => {
    const { app, kim, lee, park, send } = await room();
    const d = client(t.server);
    const key = apns.trust(testApnsKey());
    const apnsKey = {
      privateKey: key.privateKey,
      keyId: key.keyId,
      teamId: key.teamId,
      bundleId: key.bundleId,
      environment: "sandbox",
    };
    expect((await d.put(`/apps/${app.appId}/push/apns/key`, apnsKey, app.owner.token)).status).toBe(200);
    const fcmKey = { kind: "legacy", serverKey: LEGACY_SERVER_KEY };
    expect((await d.put(`/apps/${app.appId}/push/fcm/key`, fcmKey, app.owner.token)).status).toBe(200);
    expect((await d.put(`/apps/${app.appId}/push/enabled`, { enabled: true }, app.owner.token)).status).toBe(200);
    const kimToken = `kim-${randomBytes(12).toString("hex")}`;
    const parkToken = randomBytes(32).toString("hex");
    await kim.api.post("/me/push-tokens", { token: kimToken, platform: "android" });
    await park.api.post("/me/push-tokens", { token: parkToken, platform: "ios", provider: "apns" });
    await app.server.put("/users/lee/shadow-ban");

    await send(lee, "shadow plain");
    await send(lee, "shadow @kim", { mentionedUserIds: ["kim", "park"] });
    await app.server.delete("/users/lee/shadow-ban");
    await send(lee, "heard");
    await pushJobsSettled(t, app.appId);
    expect(fcm.pushesTo(kimToken, "message.created").map((p) => p.body)).toEqual(["lee: heard"]);
    const toPark = apns.pushesTo(parkToken, "message.created").map((p) => JSON.stringify(p.payload));
    expect(toPark).toEqual([expect.stringContaining("heard")]);
  });

  it("is delivered to the app's webhook marked shadowed, and an ordinary one unmarked", async () => {
    const { app, lee, send } = await room();
    const d = client(t.server);
    const saved = await d.put<{ settings: TWebhookSettings }>(
      `/apps/${app.appId}/webhook/settings`,
      { url: hooks.url, events: ["message.created"] },
      app.owner.token,
    );
    expect(saved.status).toBe(200);
    expect((await d.put(`/apps/${app.appId}/webhook/enabled`, { enabled: true }, app.owner.token)).status).toBe(200);
    const already = hooks.requests.length;
    await app.server.put("/users/lee/shadow-ban");
    const shadowed = await send(lee, "shadow plain");
    await app.server.delete("/users/lee/shadow-ban");
    const plain = await send(lee, "heard");
    const delivered = (await hooks.waitFor(already + 2))
      .slice(already)
      .map((r) => (JSON.parse(r.body) as TWebhookPayload).data.event.message);
    const byId = new Map(delivered.map((m) => [m?.id, m]));
    expect(byId.get(shadowed.id)).toMatchObject({ text: "shadow plain", shadowed: true });
    expect(byId.get(plain.id)).toMatchObject({ text: "heard" });
    expect(byId.get(plain.id)).not.toHaveProperty("shadowed");
  });

  it("is delivered to the app's webhook marked shadowed when edited too, and an ordinary edit unmarked", async () => {
    const { app, lee, base, send } = await room();
    const d = client(t.server);
    const saved = await d.put<{ settings: TWebhookSettings }>(
      `/apps/${app.appId}/webhook/settings`,
      { url: hooks.url, events: ["message.updated"] },
      app.owner.token,
    );
    expect(saved.status).toBe(200);
    expect((await d.put(`/apps/${app.appId}/webhook/enabled`, { enabled: true }, app.owner.token)).status).toBe(200);
    await app.server.put("/users/lee/shadow-ban");
    const shadowed = await send(lee, "shadow plain");
    await app.server.delete("/users/lee/shadow-ban");
    const plain = await send(lee, "heard");
    const already = hooks.requests.length;
    expect((await lee.api.patch(`${base}/${shadowed.id}`, { text: "shadow edited" })).status).toBe(200);
    expect((await lee.api.patch(`${base}/${plain.id}`, { text: "heard edited" })).status).toBe(200);
    const delivered = (await hooks.waitFor(already + 2))
      .slice(already)
      .map((r) => (JSON.parse(r.body) as TWebhookPayload).data.event)
      .filter((event) => event.type === "message.updated")
      .map((event) => event.message);
    const byId = new Map(delivered.map((m) => [m?.id, m]));
    expect(byId.get(shadowed.id)).toMatchObject({ text: "shadow edited", shadowed: true });
    expect(byId.get(plain.id)).toMatchObject({ text: "heard edited" });
    expect(byId.get(plain.id)).not.toHaveProperty("shadowed");
    // The mark is the app's: the sender's own catch-up carries none.
    const events = await lee.api.get<{ events: TChatEvent[] }>("/events");
    const edits = events.body.events.filter((e) => e.type === "message.updated").map((e) => e.message);
    expect(edits.find((m) => m?.id === shadowed.id)).not.toHaveProperty("shadowed");
  });
});
