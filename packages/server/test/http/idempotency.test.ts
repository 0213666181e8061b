import { randomUUID } from "node:crypto";
import { dashboardChat, fillPath, IDEMPOTENCY_KEY_TTL_HOURS } from "@parley/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys } from "../../src/db/schema";
import { createAccount, createChatApp } from "../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../harness";
import { startReceiver } from "../webhooks-receiver";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { ...ALLOW_LOOPBACK } });
});
afterAll(() => t?.close());

interface Answer {
  status: number;
  body: Record<string, unknown> & { code?: string };
  isReplayed: boolean;
}

async function call(
  token: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
  key?: string,
): Promise<Answer> {
  const res = await t.server.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { "idempotency-key": key }) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return {
    status: res.statusCode,
    body: res.body ? res.json() : {},
    isReplayed: res.headers["idempotent-replayed"] === "true",
  };
}

/** An account with an app; `channels` is the app's channel list path. */
async function ownerWithApp() {
  const app = await createChatApp(t);
  const token = app.owner.token;
  const channelsPath = fillPath(dashboardChat.channels, { id: app.appId });
  const channelNames = async () => {
    const list = await call(token, "GET", `${channelsPath}?limit=100`);
    return (list.body.channels as { name: string }[]).map((c) => c.name).sort();
  };
  return { app, token, channelsPath, channelNames };
}

const channel = (name: string) => ({ name, type: "public" });

describe("Idempotency-Key on dashboard writes", () => {
  it("creates one channel for two requests with the same key and answers the second with the first answer", async () => {
    const { token, channelsPath, channelNames } = await ownerWithApp();
    const key = randomUUID();
    const first = await call(token, "POST", channelsPath, channel("Lobby"), key);
    const second = await call(token, "POST", channelsPath, channel("Lobby"), key);
    expect(first.status).toBe(200);
    expect(first.isReplayed).toBe(false);
    expect(second).toEqual({ status: 200, body: first.body, isReplayed: true });
    expect(await channelNames()).toEqual(["Lobby"]);
  });

  it("runs concurrent requests with one key once; the others hear 009 or the same answer", async () => {
    const { token, channelsPath, channelNames } = await ownerWithApp();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(token, "POST", channelsPath, channel("Busy"), key)),
    );
    const created = answers.filter((a) => a.status === 200 && !a.isReplayed);
    expect(created).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.body).toEqual(created[0]?.body);
      else expect(answer).toMatchObject({ status: 409, body: { code: "009", data: { retryAfterSeconds: 1 } } });
    }
    expect(await channelNames()).toEqual(["Busy"]);
    // Once the first has answered, a retry hears its answer.
    expect(await call(token, "POST", channelsPath, channel("Busy"), key)).toEqual({
      status: 200,
      body: created[0]?.body,
      isReplayed: true,
    });
  });

  it("refuses the same key with another body or on another route with 010", async () => {
    const { app, token, channelsPath, channelNames } = await ownerWithApp();
    const key = randomUUID();
    expect((await call(token, "POST", channelsPath, channel("One"), key)).status).toBe(200);
    const otherBody = await call(token, "POST", channelsPath, channel("Two"), key);
    expect(otherBody).toMatchObject({ status: 422, body: { code: "010" }, isReplayed: false });
    const otherRoute = await call(token, "PUT", `/apps/${app.appId}`, { name: "Renamed" }, key);
    expect(otherRoute).toMatchObject({ status: 422, body: { code: "010" } });
    expect(await channelNames()).toEqual(["One"]);
    expect((await call(token, "GET", `/apps/${app.appId}`)).body).toMatchObject({ app: { name: "Chat" } });
  });

  it("replays a validation refusal to a repeat with the same key, and a new key runs the corrected request", async () => {
    const { token, channelsPath, channelNames } = await ownerWithApp();
    const key = randomUUID();
    const refused = await call(token, "POST", channelsPath, { name: "", type: "public" }, key);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toMatch(/^30[01]$/);
    const again = await call(token, "POST", channelsPath, { name: "", type: "public" }, key);
    expect(again).toEqual({ ...refused, isReplayed: true });
    expect(await channelNames()).toEqual([]);
    expect((await call(token, "POST", channelsPath, channel("Fixed"), randomUUID())).status).toBe(200);
    expect(await channelNames()).toEqual(["Fixed"]);
  });

  it("keeps the keys of two accounts apart", async () => {
    const [a, b] = await Promise.all([ownerWithApp(), ownerWithApp()]);
    const key = randomUUID();
    const answerA = await call(a.token, "POST", a.channelsPath, channel("Shared"), key);
    const answerB = await call(b.token, "POST", b.channelsPath, channel("Shared"), key);
    expect([answerA.status, answerB.status]).toEqual([200, 200]);
    expect(answerB.isReplayed).toBe(false);
    expect(answerB.body).not.toEqual(answerA.body);
    expect(await a.channelNames()).toEqual(["Shared"]);
    expect(await b.channelNames()).toEqual(["Shared"]);
  });

  it("frees a key once its day is over, and the daily job removes expired answers", async () => {
    const { app, token, channelsPath, channelNames } = await ownerWithApp();
    const key = randomUUID();
    expect((await call(token, "POST", channelsPath, channel("Daily"), key)).status).toBe(200);
    t.clock.advance(IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000);
    const later = await call(token, "POST", channelsPath, channel("Daily"), key);
    expect(later).toMatchObject({ status: 200, isReplayed: false });
    expect(await channelNames()).toEqual(["Daily", "Daily"]);

    const other = randomUUID();
    expect((await call(token, "POST", channelsPath, channel("Old"), other)).status).toBe(200);
    t.clock.advance(IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000 + 1);
    await t.jobHandlers.get("idempotency.expire")?.handle({}, { jobId: "test" });
    const rows = await t.ctx.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, await accountIdOf(app.owner.token)), eq(idempotencyKeys.key, other)));
    expect(rows).toEqual([]);
  });

  it("answers 009 while the first request runs, and a server fault releases the key for a real retry", async () => {
    const { app, token } = await ownerWithApp();
    const [hanging, working] = await Promise.all([startReceiver(), startReceiver()]);
    try {
      const base = `/apps/${app.appId}/webhook`;
      const pointAt = (url: string) => call(token, "PUT", `${base}/settings`, { url, events: [] });
      expect((await pointAt(hanging.url)).status).toBe(200);
      const key = randomUUID();
      const test = { event: "message.created" };
      hanging.answer("hang");
      const first = call(token, "POST", `${base}/test`, test, key);
      await hanging.waitFor(1);
      expect(await call(token, "POST", `${base}/test`, test, key)).toMatchObject({
        status: 409,
        body: { code: "009", data: { retryAfterSeconds: 1 } },
      });
      // The receiver goes away mid-request: the test send fails with 3044, a 5xx, which is not kept.
      await hanging.close();
      expect(await first).toMatchObject({ status: 502, body: { code: "3044" } });
      expect((await pointAt(working.url)).status).toBe(200);
      const retried = await call(token, "POST", `${base}/test`, test, key);
      expect(retried).toMatchObject({ status: 200, isReplayed: false });
      expect(await call(token, "POST", `${base}/test`, test, key)).toEqual({ ...retried, isReplayed: true });
      expect(working.requests).toHaveLength(1);
    } finally {
      await Promise.all([hanging.close(), working.close()]);
    }
  });

  it("takes over a key whose request was left unanswered by a crashed process", async () => {
    const { app, token, channelsPath, channelNames } = await ownerWithApp();
    const key = randomUUID();
    await t.ctx.database.db.insert(idempotencyKeys).values({
      accountId: await accountIdOf(app.owner.token),
      key,
      route: `POST /api${channelsPath}`,
      requestHash: "left by a crash",
      statusCode: null,
      responseBody: null,
      createdAt: new Date(t.clock.now().getTime() - 5 * 60_000),
    });
    expect(await call(token, "POST", channelsPath, channel("Recovered"), key)).toMatchObject({ status: 200 });
    expect(await channelNames()).toEqual(["Recovered"]);
  });

  it("refuses a malformed key with 300 and creates nothing", async () => {
    const { token, channelsPath, channelNames } = await ownerWithApp();
    for (const key of ["", "has space", "x".repeat(65), "ключ"]) {
      const answer = await call(token, "POST", channelsPath, channel("Bad key"), key);
      expect(answer).toMatchObject({
        status: 400,
        body: { code: "300", data: { fields: [{ path: "Idempotency-Key", message: "VALIDATION_INVALID_FORMAT" }] } },
      });
    }
    expect(await channelNames()).toEqual([]);
  });

  it("keeps no answer that holds a secret: two API key requests with one key make two keys", async () => {
    const { app, token } = await ownerWithApp();
    const key = randomUUID();
    const path = `/apps/${app.appId}/api-keys`;
    const first = await call(token, "POST", path, { label: "ci" }, key);
    const second = await call(token, "POST", path, { label: "ci" }, key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.isReplayed).toBe(false);
    expect(second.body.secret).not.toEqual(first.body.secret);
    const stored = await t.ctx.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toEqual([]);
  });

  it("ignores the key on requests without a session", async () => {
    const { email } = await createAccount(t);
    const key = randomUUID();
    const reset = () =>
      t.server.inject({
        method: "POST",
        url: "/api/auth/password/reset",
        headers: { "idempotency-key": key },
        payload: { email },
      });
    const [first, second] = [await reset(), await reset()];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
  });
});

async function accountIdOf(token: string): Promise<string> {
  const found = await t.services.auth.authenticate(token);
  if (!found) throw new Error("no session");
  return found.account.id;
}
