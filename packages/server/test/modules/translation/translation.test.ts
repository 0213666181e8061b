import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { translationSettings } from "../../../src/db/schema";
import { createOutboundGuard } from "../../../src/integrations/outbound";
import { createGoogleTranslate, TranslateError } from "../../../src/integrations/translate";
import { client } from "../../client";
import { createAccount, createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../../harness";
import { KEYS, startTranslateReceiver, type TranslateReceiver } from "../../translate-receiver";

let t: TestApp;
/** The default configuration: the outbound guard refuses loopback, so the local Google stand-in is out of reach. */
let strict: TestApp;
let api: ReturnType<typeof client>;
let google: TranslateReceiver;

beforeAll(async () => {
  google = await startTranslateReceiver();
  [t, strict] = await Promise.all([
    startTestApp({ env: { ...ALLOW_LOOPBACK, TRANSLATE_BASE_URL: google.url } }),
    startTestApp({ env: { TRANSLATE_BASE_URL: google.url } }),
  ]);
  api = client(t.server);
});
afterEach(() => google.reset());
afterAll(async () => {
  await Promise.all([t?.close(), strict?.close()]);
  await google?.close();
});

/** The guard a server with ALLOW_LOOPBACK builds, for the client tests below that run without a server. */
const loopbackGuard = createOutboundGuard({ allowedNetworks: ALLOW_LOOPBACK.OUTBOUND_ALLOWED_NETWORKS.split(",") });

const INVALID_KEY_REASON = "API key not valid. Please pass a valid API key.";

/** The test client has no DELETE; the dashboard's key removal is the one place this file needs it. */
async function del(url: string, token: string) {
  const res = await t.server.inject({
    method: "DELETE",
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { code?: string } };
}

async function createApp(token: string) {
  const res = await api.post<{ app: { id: string } }>("/apps", { name: "Translated" }, token);
  expect(res.status).toBe(200);
  return res.body.app.id;
}

describe("translation settings", () => {
  it("starts switched off with no key", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    expect((await api.get(`/apps/${appId}/translation/google/enabled`, token)).body).toEqual({ enabled: false });
    expect((await api.get(`/apps/${appId}/translation/google`, token)).body).toEqual({ key: null });
  });

  it("refuses to turn translation on with 3064 until a key is saved", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    const url = `/apps/${appId}/translation/google/enabled`;
    const refused = await api.put(url, { enabled: true }, token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("3064");
    expect((await api.get(url, token)).body).toEqual({ enabled: false });
    expect((await api.put(url, { enabled: false }, token)).body).toEqual({ enabled: false });
  });

  it("turns the switch on once a key is saved, and off again", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    const url = `/apps/${appId}/translation/google/enabled`;
    await api.put(`/apps/${appId}/translation/google`, { key: KEYS.valid }, token);
    expect((await api.put(url, { enabled: true }, token)).body).toEqual({ enabled: true });
    expect((await api.get(url, token)).body).toEqual({ enabled: true });
    expect((await api.put(url, { enabled: false }, token)).body).toEqual({ enabled: false });
    expect((await api.get(url, token)).body).toEqual({ enabled: false });
  });

  it("saves a key Google accepts, showing only its last four characters and when it was saved", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    const saved = await api.put(`/apps/${appId}/translation/google`, { key: KEYS.valid }, token);
    const expected = { key: { hint: `…${KEYS.valid.slice(-4)}`, createdAt: t.clock.now().toISOString() } };
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(expected);
    expect((await api.get(`/apps/${appId}/translation/google`, token)).body).toEqual(expected);
    expect(JSON.stringify(saved.body)).not.toContain(KEYS.valid.slice(0, 10));
    expect(google.calls).toEqual([
      { method: "GET", path: "/language/translate/v2/languages", key: KEYS.valid, body: null },
    ]);
  });

  it("refuses a key Google calls invalid with 3036 and Google's reason, keeping the previous key", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    const url = `/apps/${appId}/translation/google`;
    const first = (await api.put(url, { key: KEYS.valid }, token)).body;
    t.clock.advance(60_000);
    const res = await api.put(url, { key: KEYS.invalid }, token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "3036", data: { reason: INVALID_KEY_REASON } });
    expect((await api.get(url, token)).body).toEqual(first);
  });

  it("refuses a key whose project has the Translation API turned off (Google's 403) with 3036", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    const res = await api.put(`/apps/${appId}/translation/google`, { key: KEYS.disabledApi }, token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("3036");
    expect(String(res.body.data?.reason)).toMatch(/^Cloud Translation API has not been used/);
    expect((await api.get(`/apps/${appId}/translation/google`, token)).body).toEqual({ key: null });
  });

  it("answers 3038 and saves nothing when Google fails, since the key could not be judged", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    google.failWith(503);
    const res = await api.put(`/apps/${appId}/translation/google`, { key: KEYS.valid }, token);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe("3038");
    expect((await api.get(`/apps/${appId}/translation/google`, token)).body).toEqual({ key: null });
  });

  it("replaces a saved key with a newer one and its new date", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    const url = `/apps/${appId}/translation/google`;
    await api.put(url, { key: `${KEYS.valid}` }, token);
    t.clock.advance(3_600_000);
    const again = await api.put(url, { key: `  ${KEYS.valid}  ` }, token);
    expect(again.body).toEqual({ key: { hint: `…${KEYS.valid.slice(-4)}`, createdAt: t.clock.now().toISOString() } });
    expect(google.calls.map((c) => c.key)).toEqual([KEYS.valid, KEYS.valid]);
  });

  it("deletes the key and turns translation off with it", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    await api.put(`/apps/${appId}/translation/google`, { key: KEYS.valid }, token);
    await api.put(`/apps/${appId}/translation/google/enabled`, { enabled: true }, token);
    expect(await del(`/apps/${appId}/translation/google`, token)).toEqual({ status: 200, body: { key: null } });
    expect((await api.get(`/apps/${appId}/translation/google`, token)).body).toEqual({ key: null });
    expect((await api.get(`/apps/${appId}/translation/google/enabled`, token)).body).toEqual({ enabled: false });
    expect((await del(`/apps/${appId}/translation/google`, token)).status).toBe(200);
  });

  it("verifies keys without saving them", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    const url = `/apps/${appId}/translation/google/verify`;
    expect((await api.post(url, { key: KEYS.valid }, token)).body).toEqual({ valid: true, reason: null });
    expect((await api.post(url, { key: KEYS.invalid }, token)).body).toEqual({
      valid: false,
      reason: INVALID_KEY_REASON,
    });
    expect(google.calls.map((c) => c.key)).toEqual([KEYS.valid, KEYS.invalid]);
    expect((await api.get(`/apps/${appId}/translation/google`, token)).body).toEqual({ key: null });
  });

  it("answers 3038 from verify when Google cannot tell: a failure, or a key over its quota", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    const url = `/apps/${appId}/translation/google/verify`;
    const overQuota = await api.post(url, { key: KEYS.overQuota }, token);
    expect(overQuota.status).toBe(502);
    expect(overQuota.body).toMatchObject({ code: "3038", data: { reason: "User Rate Limit Exceeded" } });
    google.failWith(500);
    expect((await api.post(url, { key: KEYS.valid }, token)).body.code).toBe("3038");
  });

  it.each([
    ["PUT key without a key", "put", "", {}, "301"],
    ["PUT key with a blank key", "put", "", { key: "   " }, "300"],
    ["PUT key with a number", "put", "", { key: 42 }, "300"],
    ["PUT key longer than 200 characters", "put", "", { key: "k".repeat(201) }, "300"],
    ["verify without a key", "post", "/verify", {}, "301"],
    ["the switch without a value", "put", "/enabled", {}, "301"],
    ["the switch with a string", "put", "/enabled", { enabled: "yes" }, "300"],
  ] as const)("refuses %s with %s and asks Google nothing", async (_, method, suffix, body, code) => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    const res = await api[method](`/apps/${appId}/translation/google${suffix}`, body, token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(google.calls).toEqual([]);
  });

  it("answers 3003 for another account's app on every route, without asking Google", async () => {
    const owner = await createAccount(t);
    const other = await createAccount(t);
    const appId = await createApp(owner.token);
    const url = `/apps/${appId}/translation/google`;
    const answers = [
      await api.get(`${url}/enabled`, other.token),
      await api.put(`${url}/enabled`, { enabled: true }, other.token),
      await api.get(url, other.token),
      await api.put(url, { key: KEYS.valid }, other.token),
      await del(url, other.token),
      await api.post(`${url}/verify`, { key: KEYS.valid }, other.token),
    ];
    expect(answers.map((a) => [a.status, a.body.code])).toEqual(Array(6).fill([403, "3003"]));
    expect(google.calls).toEqual([]);
    expect((await api.get(`${url}/enabled`, owner.token)).body).toEqual({ enabled: false });
    expect((await api.get(url, owner.token)).body).toEqual({ key: null });
  });

  it("needs a dashboard session", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    expect((await api.get(`/apps/${appId}/translation/google`)).body.code).toBe("1001");
    expect((await api.post(`/apps/${appId}/translation/google/verify`, { key: KEYS.valid })).body.code).toBe("1001");
  });
});

describe("message translation in the chat API", () => {
  type Translation = { translation: { messageId: string; language: string; text: string; sourceLanguage: string } };

  /** An app with a working key and translation on; kim and lee in one channel, and a message from kim. */
  async function room(options: { enabled?: boolean; key?: boolean } = {}) {
    const app = await createChatApp(t);
    const token = app.owner.token;
    if (options.key !== false) {
      expect((await api.put(`/apps/${app.appId}/translation/google`, { key: KEYS.valid }, token)).status).toBe(200);
    }
    if (options.enabled !== false) {
      await api.put(`/apps/${app.appId}/translation/google/enabled`, { enabled: true }, token);
    }
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
    await lee.api.post(`/channels/${channel.id}/join`);
    const sent = await kim.api.post<{ message: { id: string } }>(`/channels/${channel.id}/messages`, {
      text: "hello",
    });
    const messageId = sent.body.message.id;
    const path = (language: string, id = messageId) =>
      `/channels/${channel.id}/messages/${id}/translations/${language}`;
    google.reset();
    return { app, token, kim, lee, channelId: channel.id, messageId, path };
  }

  it("translates a member's request through Google and serves the same pair from the cache afterwards", async () => {
    const { kim, lee, messageId, path } = await room();
    const first = await lee.api.get<Translation>(path("ko"));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      translation: { messageId, language: "ko", text: "[ko] hello", sourceLanguage: "en" },
    });
    expect(google.translateCalls()).toEqual([
      {
        method: "POST",
        path: "/language/translate/v2",
        key: KEYS.valid,
        body: { q: ["hello"], target: "ko", format: "text" },
      },
    ]);

    expect((await lee.api.get(path("ko"))).body).toEqual(first.body);
    expect((await kim.api.get(path("ko"))).body).toEqual(first.body);
    expect(google.translateCalls()).toHaveLength(1);

    expect((await lee.api.get<Translation>(path("ja"))).body.translation.text).toBe("[ja] hello");
    expect(google.translateCalls()).toHaveLength(2);
  });

  it("treats zh-cn and zh-CN as one language and one cache entry", async () => {
    const { lee, path } = await room();
    const lower = await lee.api.get<Translation>(path("zh-cn"));
    const upper = await lee.api.get<Translation>(path("zh-CN"));
    expect(lower.body.translation).toMatchObject({ language: "zh-CN", text: "[zh-CN] hello" });
    expect(upper.body).toEqual(lower.body);
    expect(google.translateCalls()).toHaveLength(1);
  });

  it("stores one translation when identical requests race, and both get the stored one", async () => {
    const { lee, messageId, path } = await room();
    google.translate = (text, target, n) => `[${target} #${n}] ${text}`;
    google.hold();
    const racing = Promise.all([lee.api.get<Translation>(path("fr")), lee.api.get<Translation>(path("fr"))]);
    await google.release(2);
    const [a, b] = await racing;
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    // Google answered both, differently; the first answer stored is the one both requests return.
    expect(google.translateCalls()).toHaveLength(2);
    expect(a.body.translation.text).toMatch(/^\[fr #[12]\] hello$/);
    const rows = await t.ctx.database.query<{ text: string }>(
      "select text from message_translations where message_id = $1",
      [messageId],
    );
    expect(rows).toEqual([{ text: a.body.translation.text }]);
  });

  it("lets the app's server translate any message of the app without being a member", async () => {
    const { app, path } = await room();
    const res = await app.server.get<Translation>(path("ko"));
    expect(res.status).toBe(200);
    expect(res.body.translation.text).toBe("[ko] hello");
  });

  it("refuses a user who is not a member of the channel with 3020, before asking Google", async () => {
    const { app, path } = await room();
    const park = await app.user("park");
    const res = await park.api.get(path("ko"));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("3020");
    expect(google.calls).toEqual([]);
  });

  it("answers 3026 for a deleted message, an unknown one, and one of another channel", async () => {
    const { kim, lee, channelId, messageId, path } = await room();
    const other = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Other" })).body.channel;
    const elsewhere = (
      await kim.api.post<{ message: { id: string } }>(`/channels/${other.id}/messages`, { text: "elsewhere" })
    ).body.message.id;
    expect((await kim.api.get(path("ko", elsewhere))).body.code).toBe("3026");
    expect((await lee.api.get(path("ko", "00000000-0000-4000-8000-000000000000"))).body.code).toBe("3026");
    expect((await kim.api.delete(`/channels/${channelId}/messages/${messageId}`)).status).toBe(200);
    const res = await lee.api.get(path("ko"));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("3026");
    expect(google.calls).toEqual([]);
  });

  it("answers 3007 for a channel of another app", async () => {
    const { lee, messageId } = await room();
    const res = await lee.api.get(
      `/channels/00000000-0000-4000-8000-000000000000/messages/${messageId}/translations/ko`,
    );
    expect(res.body.code).toBe("3007");
  });

  it("answers 3037 while translation is off, even for a cached translation", async () => {
    const { lee, path, app, token } = await room();
    expect((await lee.api.get(path("ko"))).status).toBe(200);
    await api.put(`/apps/${app.appId}/translation/google/enabled`, { enabled: false }, token);
    const res = await lee.api.get(path("ko"));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("3037");
  });

  it("answers 3037 when translation is on but the app has no key, or its key was deleted", async () => {
    const noKey = await room({ key: false });
    // Switched on before a key was required: such rows stay as they were saved.
    await t.ctx.database.db
      .insert(translationSettings)
      .values({ appId: noKey.app.appId, enabled: true })
      .onConflictDoUpdate({ target: translationSettings.appId, set: { enabled: true } });
    expect((await noKey.lee.api.get(noKey.path("ko"))).body.code).toBe("3037");

    const deleted = await room();
    await del(`/apps/${deleted.app.appId}/translation/google`, deleted.token);
    expect((await deleted.lee.api.get(deleted.path("ko"))).body.code).toBe("3037");
    expect(google.calls).toEqual([]);
  });

  it("answers 3038 when Google fails and caches nothing, so a later request succeeds", async () => {
    const { lee, path } = await room();
    google.failWith(500);
    const failed = await lee.api.get(path("ko"));
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: "3038" });
    expect(failed.body).not.toHaveProperty("data");
    google.failWith(null);
    expect((await lee.api.get<Translation>(path("ko"))).body.translation.text).toBe("[ko] hello");
    expect(google.translateCalls()).toHaveLength(2);
  });

  it("answers 3038 when Google no longer accepts the saved key", async () => {
    const { lee, path } = await room();
    google.revoke(KEYS.valid);
    const res = await lee.api.get(path("ko"));
    expect(res.status).toBe(502);
    expect(res.body.code).toBe("3038");
    expect(google.translateCalls()).toHaveLength(1);
  });

  it("answers 300 on the language for a code Google does not translate to, and for a malformed one", async () => {
    const { lee, path } = await room();
    const unsupported = await lee.api.get(path("xx"));
    expect(unsupported.status).toBe(400);
    expect(unsupported.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "language", message: "VALIDATION_LANGUAGE_CODE" }] },
    });
    expect(google.translateCalls()).toHaveLength(1);
    const malformed = await lee.api.get(path("Korean!"));
    expect(malformed.body).toMatchObject({ code: "300", data: { fields: [{ path: "language" }] } });
    expect(google.translateCalls()).toHaveLength(1);
  });

  it("answers an empty translation for a file sent without a caption, without asking Google", async () => {
    const { lee, channelId, path } = await room();
    const boundary = "----parleytranslation";
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nsome notes\r\n--${boundary}--\r\n`,
    );
    const upload = await t.server.inject({
      method: "POST",
      url: `/v1/channels/${channelId}/files`,
      payload,
      headers: {
        authorization: `Bearer ${lee.sessionToken}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
    });
    expect(upload.statusCode).toBe(200);
    const fileMessage = upload.json().message as { id: string; text: string };
    expect(fileMessage.text).toBe("");
    const res = await lee.api.get<Translation>(path("ko", fileMessage.id));
    expect(res.body).toEqual({
      translation: { messageId: fileMessage.id, language: "ko", text: "", sourceLanguage: null },
    });
    expect(google.calls).toEqual([]);
  });

  it("is listed in the chat API's OpenAPI document", async () => {
    const doc = (await t.server.inject({ method: "GET", url: "/v1/openapi.json" })).json();
    expect(Object.keys(doc.paths)).toContain("/v1/channels/{channelId}/messages/{messageId}/translations/{language}");
  });
});

describe("outbound guard on translation", () => {
  it("calls Google through the guard, so a server that allows no private network refuses a loopback one", async () => {
    const strictApi = client(strict.server);
    const { token } = await createAccount(strict);
    const created = await strictApi.post<{ app: { id: string } }>("/apps", { name: "Strict" }, token);
    const appId = created.body.app.id;
    for (const res of [
      await strictApi.post(`/apps/${appId}/translation/google/verify`, { key: KEYS.valid }, token),
      await strictApi.put(`/apps/${appId}/translation/google`, { key: KEYS.valid }, token),
    ]) {
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: "3038", data: { reason: "127.0.0.1 is a private or local address" } });
    }
    expect(google.calls).toEqual([]);
  });

  it.each([
    [502, "HTTP 502 Bad Gateway"],
    [404, "HTTP 404 Not Found"],
  ])("answers a %i that is not in Google's shape with its status alone, not its body", async (status, reason) => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    google.answerRaw({ status, body: "<html>internal admin console: db password hunter2</html>" });
    const res = await api.post(`/apps/${appId}/translation/google/verify`, { key: KEYS.valid }, token);
    expect(res.body).toMatchObject({ code: "3038", data: { reason } });
    expect(JSON.stringify(res.body)).not.toContain("hunter2");
  });

  it("does not follow a redirect from Google's address to another", async () => {
    const { token } = await createAccount(t);
    const appId = await createApp(token);
    const elsewhere = await startTranslateReceiver();
    try {
      google.answerRaw({
        status: 301,
        body: "",
        headers: { location: `${elsewhere.url}/language/translate/v2/languages` },
      });
      const res = await api.post(`/apps/${appId}/translation/google/verify`, { key: KEYS.valid }, token);
      expect(res.body).toMatchObject({
        code: "3038",
        data: { reason: "HTTP 301 Moved Permanently; redirects are not followed" },
      });
      expect(google.calls).toHaveLength(1);
      expect(elsewhere.calls).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
});

describe("Google Translation client", () => {
  it("gives up after its time-out when Google does not answer, as unavailable", async () => {
    const silent = await startTranslateReceiver();
    try {
      silent.goSilent();
      const translate = createGoogleTranslate({ baseUrl: silent.url, outbound: loopbackGuard, timeoutMs: 200 });
      const failure = await translate.translate(KEYS.valid, "hello", "ko").catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(TranslateError);
      expect(failure).toMatchObject({ kind: "unavailable", reason: "no answer within 200 ms" });
      await expect(translate.verifyKey(KEYS.valid)).rejects.toMatchObject({ kind: "unavailable" });
    } finally {
      await silent.close();
    }
  });

  it("reports an unreachable server as unavailable without quoting the key", async () => {
    const closed = await startTranslateReceiver();
    await closed.close();
    const translate = createGoogleTranslate({ baseUrl: closed.url, outbound: loopbackGuard });
    const failure = await translate.translate(KEYS.valid, "hello", "ko").catch((err: unknown) => err);
    expect(failure).toMatchObject({ kind: "unavailable", reason: "could not connect" });
    expect(String((failure as Error).message)).not.toContain(KEYS.valid);
  });
});
