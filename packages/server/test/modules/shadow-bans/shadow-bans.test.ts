import type { TChannel, TMessage, TShadowBanState, TUnreadResponse } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageDraft } from "../../../src/modules/messages";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Messages = { messages: TMessage[] };

/** An app with two channels kim owns, both joined by lee and park. */
async function rooms() {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const park = await app.user("park");
  const made = async (name: string) => {
    const { channel } = (await kim.api.post<{ channel: TChannel }>("/channels", { name })).body;
    await lee.api.post(`/channels/${channel.id}/join`);
    await park.api.post(`/channels/${channel.id}/join`);
    return channel.id;
  };
  const one = await made("One");
  const two = await made("Two");
  const send = async (who: typeof kim, channelId: string, text: string) => {
    const sent = await who.api.post<{ message: TMessage }>(`/channels/${channelId}/messages`, { text });
    expect(sent.status).toBe(200);
    return sent.body.message;
  };
  const texts = async (who: typeof kim, channelId: string) =>
    (await who.api.get<Messages>(`/channels/${channelId}/messages`)).body.messages.map((m) => m.text);
  return { app, kim, lee, park, one, two, send, texts };
}

describe("shadow bans by the app's server", () => {
  it("shadows every new message of a user banned in the app, in every channel, until the ban is lifted", async () => {
    const { app, kim, lee, one, two, send, texts } = await rooms();
    expect((await app.server.get("/users/lee/shadow-ban")).body).toEqual({ userId: "lee", shadowBanned: false });
    expect((await app.server.put("/users/lee/shadow-ban")).body).toEqual({ userId: "lee", shadowBanned: true });
    expect((await app.server.get("/users/lee/shadow-ban")).body).toEqual({ userId: "lee", shadowBanned: true });
    await send(lee, one, "hidden one");
    await send(lee, two, "hidden two");
    expect(await texts(kim, one)).toEqual([]);
    expect(await texts(kim, two)).toEqual([]);
    expect(await texts(lee, one)).toEqual(["hidden one"]);

    expect((await app.server.delete("/users/lee/shadow-ban")).body).toEqual({ userId: "lee", shadowBanned: false });
    await send(lee, one, "heard");
    // Lifting the ban shows what comes after it; what was shadowed stays so.
    expect(await texts(kim, one)).toEqual(["heard"]);
    expect(await texts(lee, one)).toEqual(["hidden one", "heard"]);
  });

  it("shadows a member banned in one channel there only, plain sends sent together included, and lifts it", async () => {
    const { app, kim, lee, one, two, send, texts } = await rooms();
    const banned = await app.server.post<TShadowBanState>(`/channels/${one}/shadow-bans`, { userId: "lee" });
    expect(banned.body).toEqual({ userId: "lee", shadowBanned: true });
    expect((await app.server.get(`/channels/${one}/shadow-bans/lee`)).body).toEqual(banned.body);
    expect((await app.server.get(`/channels/${two}/shadow-bans/lee`)).body.shadowBanned).toBe(false);

    // Sent at once, so that the fast path's statement of many senders carries them with kim's.
    await Promise.all([
      ...["a", "b", "c"].map((text) => send(lee, one, text)),
      send(kim, one, "kim"),
      send(lee, two, "elsewhere"),
    ]);
    expect(await texts(kim, one)).toEqual(["kim"]);
    expect((await texts(lee, one)).sort()).toEqual(["a", "b", "c", "kim"]);
    expect(await texts(kim, two)).toEqual(["elsewhere"]);
    const unread = (await kim.api.get<TUnreadResponse>("/me/unread")).body;
    expect(unread).toEqual({ unreadCount: 1, unreadMentionCount: 0, channels: 1 });

    const lifted = await app.server.delete<TShadowBanState>(`/channels/${one}/shadow-bans/lee`);
    expect(lifted.body).toEqual({ userId: "lee", shadowBanned: false });
    await send(lee, one, "heard");
    expect(await texts(kim, one)).toEqual(["kim", "heard"]);
  });

  it("refuses a user's session with 1023, an unknown user with 3018 and a user not in the channel with 3020", async () => {
    const { app, lee, one } = await rooms();
    await app.server.post("/users", { userId: "choi", nickname: "choi" });
    for (const [method, path] of [
      ["put", "/users/kim/shadow-ban"],
      ["get", "/users/kim/shadow-ban"],
      ["delete", `/channels/${one}/shadow-bans/kim`],
    ] as const) {
      expect((await lee.api[method](path)).body.code).toBe("1023");
    }
    expect((await lee.api.post(`/channels/${one}/shadow-bans`, { userId: "kim" })).body.code).toBe("1023");
    const unknown = await app.server.put("/users/nobody/shadow-ban");
    expect([unknown.status, unknown.body.code]).toEqual([404, "3018"]);
    const outsider = await app.server.post(`/channels/${one}/shadow-bans`, { userId: "choi" });
    expect(outsider.body.code).toBe("3020");
    expect((await app.server.post(`/channels/${one}/shadow-bans`, { userId: "nobody" })).body.code).toBe("3018");
    expect((await app.server.post(`/channels/${one}/shadow-bans`, {})).body.code).toBe("301");
  });

  it("never shows the ban to the user or to other users through the chat API", async () => {
    const { app, kim, lee, one } = await rooms();
    await app.server.put("/users/lee/shadow-ban");
    await app.server.post(`/channels/${one}/shadow-bans`, { userId: "lee" });
    const seen = [
      await lee.api.get("/me"),
      await kim.api.get("/users/lee"),
      await lee.api.get(`/channels/${one}/members`),
      await kim.api.get(`/channels/${one}/members`),
      await lee.api.get(`/channels/${one}`),
      await lee.api.get("/events"),
      await kim.api.get("/events"),
    ];
    for (const answer of seen) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toMatch(/shadow/i);
    }
  });
});

describe("a message a filter stage shadowed", () => {
  it("is stored and shown to its sender only, on the fast path and the full one alike", async () => {
    const { kim, lee, one, texts } = await rooms();
    const shadowing = async (draft: MessageDraft) =>
      draft.text.startsWith("spam") ? { ...draft, shadowed: true } : draft;
    const { filters } = t.services.messages.stages;
    filters.push(shadowing);
    try {
      const base = `/channels/${one}/messages`;
      const plain = await lee.api.post<{ message: TMessage }>(base, { text: "spam plain" });
      const mention = await lee.api.post<{ message: TMessage }>(base, { text: "spam @kim", mentionedUserIds: ["kim"] });
      await lee.api.post(base, { text: "fine" });
      expect(plain.status).toBe(200);
      expect(mention.status).toBe(200);
      expect(plain.body.message).not.toHaveProperty("shadowed");
      expect(await texts(kim, one)).toEqual(["fine"]);
      expect(await texts(lee, one)).toEqual(["spam plain", "spam @kim", "fine"]);
      const unread = (await kim.api.get<TUnreadResponse>("/me/unread")).body;
      expect(unread).toEqual({ unreadCount: 1, unreadMentionCount: 0, channels: 1 });
    } finally {
      filters.splice(filters.indexOf(shadowing), 1);
    }
  });
});

describe("the dashboard's shadow-ban toggles", () => {
  it("reads and sets a user's ban in the app and a member's in a channel, and refuses another account's app", async () => {
    const { app, kim, lee, one, send, texts } = await rooms();
    const d = client(t.server);
    const user = `/apps/${app.appId}/users/lee/shadow-ban`;
    const member = `/apps/${app.appId}/channels/${one}/members/lee/shadow-ban`;
    expect((await d.get(user, app.owner.token)).body).toEqual({ userId: "lee", shadowBanned: false });
    expect((await d.put(user, { shadowBanned: true }, app.owner.token)).body).toEqual({
      userId: "lee",
      shadowBanned: true,
    });
    expect((await app.server.get("/users/lee/shadow-ban")).body.shadowBanned).toBe(true);
    expect((await d.put(user, { shadowBanned: false }, app.owner.token)).body.shadowBanned).toBe(false);

    expect((await d.put(member, { shadowBanned: true }, app.owner.token)).body.shadowBanned).toBe(true);
    expect((await d.get(member, app.owner.token)).body).toEqual({ userId: "lee", shadowBanned: true });
    await send(lee, one, "hidden");
    expect(await texts(kim, one)).toEqual([]);
    const history = await d.get<Messages>(`/apps/${app.appId}/channels/${one}/messages`, app.owner.token);
    expect(history.body.messages).toEqual([expect.objectContaining({ text: "hidden", shadowed: true })]);

    const stranger = await createChatApp(t);
    expect((await d.get(user, stranger.owner.token)).status).toBe(403);
    expect((await d.put(member, { shadowBanned: false }, stranger.owner.token)).status).toBe(403);
    expect((await d.put(member, { shadowBanned: "yes" }, app.owner.token)).body.code).toBe("300");
  });
});
