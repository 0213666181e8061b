import { randomUUID } from "node:crypto";
import type { TChannel } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../factories";
import { startTestApp, type TestApp } from "../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

interface Answer {
  status: number;
  body: Record<string, unknown> & { code?: string };
  isReplayed: boolean;
}

/** A `/v1` request with the credential and, when given, an `Idempotency-Key`. */
async function call(credential: string, method: "GET" | "POST", url: string, payload?: unknown, key?: string) {
  const res = await t.server.inject({
    method,
    url: `/v1${url}`,
    headers: { authorization: `Bearer ${credential}`, ...(key === undefined ? {} : { "idempotency-key": key }) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return {
    status: res.statusCode,
    body: res.json(),
    isReplayed: res.headers["idempotent-replayed"] === "true",
  } satisfies Answer as Answer;
}

async function userIds(apiKey: string): Promise<string[]> {
  const page = await call(apiKey, "GET", "/users?limit=100");
  return (page.body.users as { userId: string }[]).map((u) => u.userId).sort();
}

/** An app with kim in a channel the app's server made. */
async function appWithChannel() {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const created = await app.server.post<{ channel: TChannel }>("/channels", { name: "Lobby", userIds: ["kim"] });
  expect(created.status).toBe(200);
  const channelId = created.body.channel.id;
  const texts = async () => {
    const history = await call(app.apiKey, "GET", `/channels/${channelId}/messages`);
    return (history.body.messages as { text: string }[]).map((m) => m.text);
  };
  return { app, kim, channelId, texts };
}

describe("Idempotency-Key on chat API writes made with an API key", () => {
  it("creates one user for a POST /v1/users retried with the same key and replays the first answer", async () => {
    const { apiKey } = await createChatApp(t);
    const key = randomUUID();
    const first = await call(apiKey, "POST", "/users", { userId: "lee", nickname: "Lee" }, key);
    const second = await call(apiKey, "POST", "/users", { userId: "lee", nickname: "Lee" }, key);
    expect(first).toMatchObject({ status: 200, isReplayed: false });
    expect(second).toEqual({ status: 200, body: first.body, isReplayed: true });
    expect(await userIds(apiKey)).toEqual(["lee"]);
  });

  it("stores one message for a send retried with the same key", async () => {
    const { app, channelId, texts } = await appWithChannel();
    const key = randomUUID();
    const first = await call(app.apiKey, "POST", `/channels/${channelId}/messages`, { text: "hello" }, key);
    const second = await call(app.apiKey, "POST", `/channels/${channelId}/messages`, { text: "hello" }, key);
    expect(first.status).toBe(200);
    expect(second).toEqual({ status: 200, body: first.body, isReplayed: true });
    expect(await texts()).toEqual(["hello"]);
  });

  it("sends twice without a key: the header is what makes a retry safe", async () => {
    const { app, channelId, texts } = await appWithChannel();
    await call(app.apiKey, "POST", `/channels/${channelId}/messages`, { text: "twice" });
    await call(app.apiKey, "POST", `/channels/${channelId}/messages`, { text: "twice" });
    expect(await texts()).toEqual(["twice", "twice"]);
  });

  it("refuses the same key with another body with 010 and runs nothing", async () => {
    const { apiKey } = await createChatApp(t);
    const key = randomUUID();
    expect((await call(apiKey, "POST", "/users", { userId: "lee", nickname: "Lee" }, key)).status).toBe(200);
    const other = await call(apiKey, "POST", "/users", { userId: "park", nickname: "Park" }, key);
    expect(other).toMatchObject({ status: 422, body: { code: "010" }, isReplayed: false });
    expect(await userIds(apiKey)).toEqual(["lee"]);
  });

  it("runs concurrent requests with one key once; the others hear 009 or the same answer", async () => {
    const { app, channelId, texts } = await appWithChannel();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(app.apiKey, "POST", `/channels/${channelId}/messages`, { text: "busy" }, key),
      ),
    );
    const sent = answers.filter((a) => a.status === 200 && !a.isReplayed);
    expect(sent).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.body).toEqual(sent[0]?.body);
      else expect(answer).toMatchObject({ status: 409, body: { code: "009", data: { retryAfterSeconds: 1 } } });
    }
    expect(await texts()).toEqual(["busy"]);
  });

  it("keeps each app's keys apart: another app's same key creates its own user", async () => {
    const first = await createChatApp(t);
    const second = await createChatApp(t);
    const key = randomUUID();
    expect((await call(first.apiKey, "POST", "/users", { userId: "lee", nickname: "Lee" }, key)).status).toBe(200);
    const other = await call(second.apiKey, "POST", "/users", { userId: "lee", nickname: "Lee" }, key);
    expect(other).toMatchObject({ status: 200, isReplayed: false });
    expect(await userIds(second.apiKey)).toEqual(["lee"]);
  });

  it("ignores the header on an end user's session, whose sends use clientMessageId", async () => {
    const { kim, channelId, texts } = await appWithChannel();
    const key = randomUUID();
    for (let i = 0; i < 2; i += 1) {
      const answer = await call(kim.sessionToken, "POST", `/channels/${channelId}/messages`, { text: "mine" }, key);
      expect(answer).toMatchObject({ status: 200, isReplayed: false });
    }
    expect(await texts()).toEqual(["mine", "mine"]);
  });

  it("refuses a malformed key with 300 naming the header", async () => {
    const { apiKey } = await createChatApp(t);
    const answer = await call(apiKey, "POST", "/users", { userId: "lee", nickname: "Lee" }, "not a key!");
    expect(answer).toMatchObject({
      status: 400,
      body: { code: "300", data: { fields: [{ path: "Idempotency-Key" }] } },
    });
  });
});
