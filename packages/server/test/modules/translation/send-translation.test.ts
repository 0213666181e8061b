import { type TChatEvent, type TMessage, TRANSLATION_LANGUAGES_MAX } from "@parley/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, listenForSockets, startTestApp, type TestApp } from "../../harness";
import { until } from "../../poll";
import { KEYS, startTranslateReceiver, type TranslateReceiver } from "../../translate-receiver";
import { openSocket } from "../../ws-client";

let t: TestApp;
let google: TranslateReceiver;
let wsUrl: string;
/** The server's log lines from `warn` up, as JSON. */
const logLines: string[] = [];

beforeAll(async () => {
  google = await startTranslateReceiver();
  t = await startTestApp({
    env: { ...ALLOW_LOOPBACK, TRANSLATE_BASE_URL: google.url, LOG_LEVEL: "warn" },
    logStream: { write: (line) => void logLines.push(line) },
  });
  wsUrl = await listenForSockets(t);
});
afterEach(() => google.reset());
afterAll(async () => {
  await t?.close();
  await google?.close();
});

type Messages = { messages: TMessage[] };
type Events = { events: TChatEvent[] };
type Translation = { translation: { language: string; text: string } };

/** An app with translation on (unless told otherwise), and kim and lee in one channel. */
async function room(options: { enabled?: boolean; key?: boolean } = {}) {
  const app = await createChatApp(t);
  const dashboard = client(t.server);
  if (options.key !== false) {
    const saved = await dashboard.put(`/apps/${app.appId}/translation/google`, { key: KEYS.valid }, app.owner.token);
    expect(saved.status).toBe(200);
  }
  if (options.enabled !== false && options.key !== false) {
    const on = { enabled: true };
    expect((await dashboard.put(`/apps/${app.appId}/translation/google/enabled`, on, app.owner.token)).status).toBe(
      200,
    );
  }
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
  await lee.api.post(`/channels/${channel.id}/join`);
  const base = `/channels/${channel.id}/messages`;
  const send = (body: Record<string, unknown>, who = kim) => who.api.post<{ message: TMessage }>(base, body);
  const history = async (who = lee) => (await who.api.get<Messages>(base)).body.messages;
  google.reset();
  return { app, kim, lee, channelId: channel.id, base, send, history };
}

describe("translation at send", () => {
  it("stores and delivers the message at once, then gives every reader its translations", async () => {
    const { kim, lee, send, history, base } = await room();
    const socket = await openSocket(wsUrl, { token: lee.sessionToken });
    await socket.next((f) => f.type === "ready");

    const sent = await send({ text: "good morning", translationLanguages: ["ko", "ja"] });
    expect(sent.status).toBe(200);
    expect(sent.body.message.text).toBe("good morning");
    expect(sent.body.message.translations).toBeUndefined();
    const created = await socket.event("message.created", (e) => e.message?.id === sent.body.message.id);
    expect(created.message?.translations).toBeUndefined();

    const updated = await socket.event("message.updated", (e) => e.message?.id === sent.body.message.id);
    const translations = { ko: "[ko] good morning", ja: "[ja] good morning" };
    expect(updated.message).toMatchObject({ id: sent.body.message.id, text: "good morning", translations });
    expect(updated.message?.editedAt).toBeNull();
    expect(google.translateCalls().map((c) => c.body)).toEqual(
      expect.arrayContaining([
        { q: ["good morning"], target: "ko", format: "text" },
        { q: ["good morning"], target: "ja", format: "text" },
      ]),
    );
    expect(google.translateCalls()).toHaveLength(2);

    expect((await history(lee)).at(-1)?.translations).toEqual(translations);
    expect((await history(kim)).at(-1)?.translations).toEqual(translations);
    const { events } = (await lee.api.get<Events>("/events")).body;
    const ofMessage = events.filter((e) => e.message?.id === sent.body.message.id).map((e) => e.type);
    expect(ofMessage).toEqual(["message.created", "message.updated"]);
    // A reader asking for one of the languages later is served from the cache, not from Google again.
    const asked = await lee.api.get<Translation>(`${base}/${sent.body.message.id}/translations/ko`);
    expect(asked.body.translation.text).toBe("[ko] good morning");
    expect(google.translateCalls()).toHaveLength(2);
    socket.ws.close();
  });

  it("keeps a send without translationLanguages on the one-statement path, and takes the full path with them", async () => {
    const { send } = await room();
    // Which path ran shows in what it reads first: the fast path the channel alone, the full path the channel with
    // the sender's membership.
    const { channels } = t.services;
    const fast = vi.spyOn(channels, "channelForSend");
    const full = vi.spyOn(channels, "requireChannelWithMember");
    try {
      expect((await send({ text: "plain" })).status).toBe(200);
      expect((await send({ text: "plain too", translationLanguages: [] })).status).toBe(200);
      expect([fast.mock.calls.length, full.mock.calls.length]).toEqual([2, 0]);
      expect((await send({ text: "translated", translationLanguages: ["ko"] })).status).toBe(200);
      expect([fast.mock.calls.length, full.mock.calls.length]).toEqual([2, 1]);
    } finally {
      fast.mockRestore();
      full.mockRestore();
    }
    await t.jobsIdle();
  });

  it("answers the send while Google has not answered yet, and the translation lands afterwards", async () => {
    const { send, history } = await room();
    google.hold();
    const sent = await send({ text: "later", translationLanguages: ["fr"] });
    expect(sent.status).toBe(200);
    expect((await history()).at(-1)).toMatchObject({ id: sent.body.message.id, text: "later" });
    expect((await history()).at(-1)?.translations).toBeUndefined();
    await google.release(1);
    await t.jobsIdle();
    expect((await history()).at(-1)?.translations).toEqual({ fr: "[fr] later" });
  });

  it("asks Google once for a language already cached, and once for zh-cn and zh-CN together", async () => {
    const { lee, send, history, base } = await room();
    const sent = await send({ text: "tea", translationLanguages: ["zh-cn", "zh-CN"] });
    await t.jobsIdle();
    expect((await history()).at(-1)?.translations).toEqual({ "zh-CN": "[zh-CN] tea" });
    expect(google.translateCalls()).toHaveLength(1);

    const other = await send({ text: "coffee" });
    const asked = await lee.api.get<Translation>(`${base}/${other.body.message.id}/translations/ko`);
    expect(asked.status).toBe(200);
    expect(google.translateCalls()).toHaveLength(2);
    expect(sent.status).toBe(200);
  });

  it("sends an app server's admin message with translations too", async () => {
    const { app, base, history } = await room();
    const sent = await app.server.post<{ message: TMessage }>(base, {
      text: "maintenance",
      translationLanguages: ["ko"],
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message.type).toBe("admin");
    await t.jobsIdle();
    expect((await history()).at(-1)?.translations).toEqual({ ko: "[ko] maintenance" });
  });

  it("leaves out a language Google fails on, keeps the others, and logs the failure", async () => {
    const { send, history } = await room();
    logLines.length = 0;
    // The receiver, like Google, refuses a target it does not translate to.
    const sent = await send({ text: "hi", translationLanguages: ["ko", "de"] });
    expect(sent.status).toBe(200);
    await t.jobsIdle();
    expect((await history()).at(-1)?.translations).toEqual({ ko: "[ko] hi" });
    const failures = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === "translating a sent message failed");
    expect(failures).toEqual([
      expect.objectContaining({ messageId: sent.body.message.id, language: "de", kind: "unsupportedLanguage" }),
    ]);
  });

  it("delivers without translations and sends no update when Google is down", async () => {
    const { lee, send, history } = await room();
    google.failWith(503);
    const sent = await send({ text: "anyone?", translationLanguages: ["ko"] });
    expect(sent.status).toBe(200);
    await t.jobsIdle();
    expect((await history()).at(-1)).toMatchObject({ id: sent.body.message.id, text: "anyone?" });
    expect((await history()).at(-1)?.translations).toBeUndefined();
    const { events } = (await lee.api.get<Events>("/events")).body;
    expect(events.filter((e) => e.type === "message.updated")).toEqual([]);
  });

  it.each([
    ["a key saved", { enabled: false }],
    ["no key", { key: false }],
  ])(
    "ignores translationLanguages while translation is off with %s, sending the message as it is",
    async (_, options) => {
      const { send, history } = await room(options);
      const sent = await send({ text: "plain", translationLanguages: ["ko"] });
      expect(sent.status).toBe(200);
      await t.jobsIdle();
      expect((await history()).at(-1)).toMatchObject({ id: sent.body.message.id, text: "plain" });
      expect((await history()).at(-1)?.translations).toBeUndefined();
      expect(google.calls).toEqual([]);
    },
  );

  it.each([
    [`${TRANSLATION_LANGUAGES_MAX + 1} languages`, ["ko", "ja", "fr", "en", "zh-CN", "zh-TW"]],
    ["a malformed language code", ["korean"]],
    ["a language that is not text", [42]],
  ])("refuses %s with 300 and stores nothing", async (_, translationLanguages) => {
    const { send, history } = await room();
    const before = (await history()).length;
    const res = await send({ text: "nope", translationLanguages });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("300");
    expect(await history()).toHaveLength(before);
    expect(google.calls).toEqual([]);
  });

  it("translates an edited text again into the languages it had, replacing the old translations", async () => {
    const { kim, base, send, history } = await room();
    const sent = await send({ text: "see you at 5", translationLanguages: ["ko"] });
    await t.jobsIdle();
    expect((await history()).at(-1)?.translations).toEqual({ ko: "[ko] see you at 5" });

    const edited = await kim.api.patch<{ message: TMessage }>(`${base}/${sent.body.message.id}`, {
      text: "see you at 6",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message.translations).toBeUndefined();
    await t.jobsIdle();
    expect((await history()).at(-1)?.translations).toEqual({ ko: "[ko] see you at 6" });
    const asked = await kim.api.get<Translation>(`${base}/${sent.body.message.id}/translations/ko`);
    expect(asked.body.translation.text).toBe("[ko] see you at 6");

    // Metadata alone leaves the text, and so its translations, as they were.
    await kim.api.patch(`${base}/${sent.body.message.id}`, { metadata: { pinned: "no" } });
    await t.jobsIdle();
    expect((await history()).at(-1)?.translations).toEqual({ ko: "[ko] see you at 6" });
    expect(google.translateCalls()).toHaveLength(2);
  });

  it("does not write a translation onto a message deleted while Google was asked", async () => {
    const { kim, lee, base, send } = await room();
    google.hold();
    const sent = await send({ text: "oops", translationLanguages: ["ko"] });
    await until(() => google.translateCalls().length > 0, "the translation job to ask Google", 5_000, 10);
    expect((await kim.api.delete(`${base}/${sent.body.message.id}`)).status).toBe(200);
    await google.release(1);
    await t.jobsIdle();
    const { events } = (await lee.api.get<Events>("/events")).body;
    expect(events.filter((e) => e.type === "message.updated")).toEqual([]);
  });
});
