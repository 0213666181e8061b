import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { TApnsKey, TApnsTestResponse, TPushAttempt, TPushDevice } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PUSH_BODY } from "../../../src/modules/push/delivery";
import { PUSH_RETRY_DELAYS_SECONDS } from "../../../src/modules/push/sender";
import { createAccount, createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../../harness";
import { until } from "../../poll";
import { type ApnsReceiver, startApnsReceiver, TEST_BUNDLE_ID, testApnsKey } from "../../push-apns-receiver";
import { type FcmReceiver, LEGACY_SERVER_KEY, pushJobsSettled, startFcmReceiver } from "../../push-fcm-receiver";

let sandbox: ApnsReceiver;
let production: ApnsReceiver;
let fcm: FcmReceiver;
/** Job workers on: events reach the APNs stand-ins the way they reach Apple in production. */
let live: TestApp;
/** The default configuration: the outbound guard refuses loopback, so the local stand-ins are out of reach. */
let strict: TestApp;

beforeAll(async () => {
  [sandbox, production, fcm] = await Promise.all([startApnsReceiver(), startApnsReceiver(), startFcmReceiver()]);
  const gateways = {
    APNS_SANDBOX_BASE_URL: sandbox.url,
    APNS_PRODUCTION_BASE_URL: production.url,
    FCM_BASE_URL: fcm.url,
  };
  live = await startTestApp({ env: { ...ALLOW_LOOPBACK, ...gateways } });
  strict = await startTestApp({ env: gateways });
});
afterAll(async () => {
  await live?.close();
  await strict?.close();
  await Promise.all([sandbox?.close(), production?.close(), fcm?.close()]);
});

type Method = "GET" | "PUT" | "POST" | "DELETE";

function dashboard(t: TestApp, token: string) {
  const call = async <T = Record<string, unknown>>(method: Method, url: string, body?: unknown) => {
    const res = await t.server.inject({
      method,
      url: `/api${url}`,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, raw: res.body, body: res.json() as T & { code?: string; data?: unknown } };
  };
  return {
    call,
    get: <T = Record<string, unknown>>(url: string) => call<T>("GET", url),
    put: <T = Record<string, unknown>>(url: string, body: unknown) => call<T>("PUT", url, body),
    post: <T = Record<string, unknown>>(url: string, body: unknown) => call<T>("POST", url, body),
    delete: <T = Record<string, unknown>>(url: string) => call<T>("DELETE", url),
  };
}

const apnsToken = () => randomBytes(32).toString("hex");

/** The body the dashboard saves for a key. */
const keyBody = (key: ReturnType<typeof testApnsKey>, environment: "sandbox" | "production" = "sandbox") => ({
  privateKey: key.privateKey,
  keyId: key.keyId,
  teamId: key.teamId,
  bundleId: key.bundleId,
  environment,
});

/**
 * An app with push on and an APNs key its gateway's stand-in trusts (sandbox unless said), optionally an FCM key
 * too, its owner's dashboard client, and chat users with devices.
 */
async function apnsApp(
  t: TestApp,
  options: { environment?: "sandbox" | "production"; withFcm?: boolean; language?: "ko" | "en" } = {},
) {
  const { environment = "sandbox" } = options;
  const app = await createChatApp(t, options.language ? { language: options.language } : {});
  const d = dashboard(t, app.owner.token);
  const key = (environment === "sandbox" ? sandbox : production).trust(testApnsKey());
  expect((await d.put(`/apps/${app.appId}/push/apns/key`, keyBody(key, environment))).status).toBe(200);
  if (options.withFcm) {
    const saved = await d.put(`/apps/${app.appId}/push/fcm/key`, { kind: "legacy", serverKey: LEGACY_SERVER_KEY });
    expect(saved.status).toBe(200);
  }
  expect((await d.put(`/apps/${app.appId}/push/enabled`, { enabled: true })).body).toEqual({ enabled: true });

  /** A chat user with one device, registered for APNs unless said. */
  async function member(userId: string, provider: "apns" | "fcm" = "apns") {
    const user = await app.user(userId);
    const token = provider === "apns" ? apnsToken() : `${userId}-${randomBytes(12).toString("hex")}`;
    const body = provider === "apns" ? { token, platform: "ios", provider } : { token, platform: "android" };
    const res = await user.api.post<{ device: TPushDevice }>("/me/push-tokens", body);
    expect(res.status).toBe(200);
    return { ...user, token, device: res.body.device };
  }

  /** Kim's channel with the others, and a message from Kim once its creation has been pushed. */
  async function conversation(kim: { api: typeof app.server }, others: string[], text: string) {
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Lunch", userIds: others })
    ).body;
    await pushJobsSettled(t, app.appId);
    const sent = await kim.api.post<{ message: { id: string } }>(`/channels/${channel.id}/messages`, { text });
    await pushJobsSettled(t, app.appId);
    return { channelId: channel.id, messageId: sent.body.message.id };
  }

  const attempts = async () =>
    (await d.get<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/attempts?limit=100`)).body.attempts;

  return { ...app, d, key, member, conversation, attempts };
}

type ApnsApp = Awaited<ReturnType<typeof apnsApp>>;

/** The app's `push.retry` jobs, oldest first, with the seconds each was deferred by when it was sent. */
async function retryJobs(t: TestApp, appId: string) {
  return t.ctx.database.query<{ state: string; wait: number; data: { retry: number } }>(
    `select state, extract(epoch from start_after - created_on)::float8 as wait, data from jobs
     where name = 'push.retry' and data->>'appId' = $1 order by created_on`,
    [appId],
  );
}

/** Makes the app's waiting retries due now, in place of waiting out their back-off; the workers then run them. */
async function retriesDueNow(t: TestApp, appId: string) {
  await t.ctx.database.query(
    `update jobs set start_after = now()
     where name = 'push.retry' and data->>'appId' = $1 and state in ('created', 'retry')`,
    [appId],
  );
}

/** Waits until the user's message attempt has the status, and returns it. */
async function messageAttemptOf(app: ApnsApp, userId: string, status: TPushAttempt["status"]) {
  let found: TPushAttempt | undefined;
  await until(
    async () => {
      found = (await app.attempts()).find((a) => a.userId === userId && a.trigger === "message/send");
      return found?.status === status;
    },
    () => `${userId}'s attempt to be ${status}, not ${found?.status}`,
  );
  return found as TPushAttempt;
}

describe("APNs key on the dashboard", () => {
  it("saves a key, shows its IDs, environment and fingerprint but never the private key, and deletes it", async () => {
    const app = await createChatApp(live);
    const d = dashboard(live, app.owner.token);
    const url = `/apps/${app.appId}/push/apns/key`;
    expect((await d.get(url)).body).toEqual({ key: null });
    const key = testApnsKey();
    const saved = await d.put<{ key: TApnsKey }>(url, {
      ...keyBody(key, "production"),
      keyId: key.keyId.toLowerCase(),
    });
    const expected = {
      keyId: key.keyId,
      teamId: key.teamId,
      bundleId: TEST_BUNDLE_ID,
      environment: "production",
      fingerprint: expect.stringMatching(/^SHA256:[A-Za-z0-9+/]{43}$/),
      createdAt: live.clock.now().toISOString(),
    };
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ key: expected });
    const read = await d.get(url);
    expect(read.body).toEqual({ key: { ...expected, fingerprint: saved.body.key.fingerprint } });
    const pemBody = key.privateKey.split("\n")[1] ?? "";
    expect(read.raw).not.toContain("PRIVATE KEY");
    expect(read.raw).not.toContain(pemBody);
    // The same key saved again shows the same fingerprint: it is the public key's, not the upload's.
    const again = await d.put<{ key: TApnsKey }>(url, keyBody(key));
    expect(again.body.key.fingerprint).toBe(saved.body.key.fingerprint);
    expect((await d.delete(url)).body).toEqual({ key: null });
    expect((await d.get(url)).body).toEqual({ key: null });
  });

  it.each([
    [
      "an RSA key",
      generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }),
    ],
    [
      "an EC key on P-384",
      generateKeyPairSync("ec", { namedCurve: "secp384r1" }).privateKey.export({ type: "pkcs8", format: "pem" }),
    ],
    [
      "a P-256 key in SEC1 rather than PKCS#8",
      generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey.export({ type: "sec1", format: "pem" }),
    ],
    ["a PEM whose contents are not a key", "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n"],
    ["text that is no PEM", "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg"],
  ])("refuses %s with 3150 and keeps no key", async (_, privateKey) => {
    const app = await createChatApp(live);
    const d = dashboard(live, app.owner.token);
    const url = `/apps/${app.appId}/push/apns/key`;
    const res = await d.put(url, { ...keyBody(testApnsKey()), privateKey: String(privateKey) });
    expect([res.status, res.body.code]).toEqual([400, "3150"]);
    expect((await d.get(url)).body).toEqual({ key: null });
  });

  it("refuses a key ID or team ID that is not ten letters and digits, and a bundle ID that is not one, on the field", async () => {
    const app = await createChatApp(live);
    const d = dashboard(live, app.owner.token);
    const res = await d.put(`/apps/${app.appId}/push/apns/key`, {
      ...keyBody(testApnsKey()),
      keyId: "ABC",
      teamId: "TEAM-12345",
      bundleId: "parley",
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "300",
      data: {
        fields: expect.arrayContaining([
          { path: "keyId", message: "VALIDATION_APPLE_ID" },
          { path: "teamId", message: "VALIDATION_APPLE_ID" },
          { path: "bundleId", message: "VALIDATION_BUNDLE_ID" },
        ]),
      },
    });
  });

  it("answers 3003 on the APNs routes of another account's app, and 1001 without a session", async () => {
    const app = await createChatApp(live);
    const stranger = dashboard(live, (await createAccount(live)).token);
    const base = `/apps/${app.appId}/push/apns`;
    const routes: [Method, string, unknown][] = [
      ["GET", `${base}/key`, undefined],
      ["PUT", `${base}/key`, keyBody(testApnsKey())],
      ["DELETE", `${base}/key`, undefined],
      ["POST", `${base}/test`, { token: apnsToken() }],
    ];
    for (const [method, url, body] of routes) {
      const res = await stranger.call(method, url, body);
      expect({ url, method, status: res.status, code: res.body.code }).toEqual({
        url,
        method,
        status: 403,
        code: "3003",
      });
      const anonymous = await live.server.inject({ method, url: `/api${url}`, ...(body ? { payload: body } : {}) });
      expect(anonymous.json().code).toBe("1001");
    }
    expect((await dashboard(live, app.owner.token).get(`${base}/key`)).body).toEqual({ key: null });
  });
});

describe("APNs test send from the dashboard", () => {
  it("answers with Apple's status and apns-id, and with Apple's reason for a token it refuses", async () => {
    const app = await apnsApp(live);
    const url = `/apps/${app.appId}/push/apns/test`;
    const token = apnsToken();
    const ok = await app.d.post<TApnsTestResponse>(url, { token });
    const [push] = sandbox.pushesTo(token);
    expect(ok.body).toEqual({ status: "sent", httpStatus: 200, reason: null, apnsId: push?.headers["apns-id"] });
    expect(push?.payload).toEqual({
      aps: { alert: { title: "Chat", body: TEST_PUSH_BODY }, sound: "default" },
      appId: app.appId,
      eventType: "test",
    });

    sandbox.answer(token, { status: 400, reason: "BadDeviceToken" });
    const refused = await app.d.post<TApnsTestResponse>(url, { token });
    expect(refused.body).toEqual({
      status: "invalid_token",
      httpStatus: 400,
      reason: "BadDeviceToken",
      apnsId: expect.any(String),
    });
    sandbox.answer(token, { status: 503, reason: "ServiceUnavailable" });
    expect((await app.d.post<TApnsTestResponse>(url, { token })).body).toMatchObject({
      status: "failed",
      httpStatus: 503,
      reason: "ServiceUnavailable",
    });
  });

  it("answers 403 InvalidProviderToken for a key Apple does not know, as Apple checks the provider token", async () => {
    const app = await createChatApp(live);
    const d = dashboard(live, app.owner.token);
    // A key the stand-in was never given: its provider tokens do not verify.
    await d.put(`/apps/${app.appId}/push/apns/key`, keyBody(testApnsKey()));
    const res = await d.post<TApnsTestResponse>(`/apps/${app.appId}/push/apns/test`, { token: apnsToken() });
    expect(res.body).toMatchObject({ status: "failed", httpStatus: 403, reason: "InvalidProviderToken" });
  });

  it("refuses a test without a saved key (3151) and a token that is not hex on the field", async () => {
    const app = await createChatApp(live);
    const d = dashboard(live, app.owner.token);
    const url = `/apps/${app.appId}/push/apns/test`;
    expect((await d.post(url, { token: apnsToken() })).body).toMatchObject({ code: "3151" });
    expect((await d.post(url, { token: "not-a-device-token" })).body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "token", message: "VALIDATION_APNS_DEVICE_TOKEN" }] },
    });
  });

  it("goes through the outbound guard, so a server that allows no private network does not reach a loopback APNs", async () => {
    const app = await apnsApp(strict);
    const token = apnsToken();
    const res = await app.d.post<TApnsTestResponse>(`/apps/${app.appId}/push/apns/test`, { token });
    expect(res.body).toEqual({
      status: "failed",
      httpStatus: null,
      reason: "cannot call APNs: 127.0.0.1 is a private or local address",
      apnsId: null,
    });
    expect(sandbox.pushesTo(token)).toEqual([]);
  });
});

describe("APNs device registration", () => {
  it("registers an APNs device token as apns, and a token registered as before as fcm", async () => {
    const app = await createChatApp(live);
    const kim = await app.user("kim");
    const token = apnsToken();
    const apns = await kim.api.post<{ device: TPushDevice }>("/me/push-tokens", {
      token: token.toUpperCase(),
      platform: "ios",
      provider: "apns",
    });
    expect(apns.body.device).toEqual({
      id: expect.any(String),
      platform: "ios",
      provider: "apns",
      createdAt: live.clock.now().toISOString(),
    });
    // Apple's hex in the other case is the same device.
    const lower = await kim.api.post<{ device: TPushDevice }>("/me/push-tokens", {
      token,
      platform: "ios",
      provider: "apns",
    });
    expect(lower.body.device.id).toBe(apns.body.device.id);
    const legacy = await kim.api.post<{ device: TPushDevice }>("/me/push-tokens", {
      token: "fcm-registration-token",
      platform: "android",
    });
    expect(legacy.body.device).toMatchObject({ platform: "android", provider: "fcm" });
    const { devices } = (await kim.api.get<{ devices: TPushDevice[] }>("/me/push-tokens")).body;
    expect(devices.map((d) => d.provider).sort()).toEqual(["apns", "fcm"]);
  });

  it("refuses an APNs token that is not hex and an unknown provider with 300", async () => {
    const app = await createChatApp(live);
    const kim = await app.user("kim");
    const notHex = await kim.api.post("/me/push-tokens", { token: "fcm:abc", platform: "ios", provider: "apns" });
    expect(notHex.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "token", message: "VALIDATION_APNS_DEVICE_TOKEN" }] },
    });
    const unknown = await kim.api.post("/me/push-tokens", { token: apnsToken(), platform: "ios", provider: "hms" });
    expect(unknown.body.code).toBe("300");
  });
});

describe("APNs delivery", () => {
  it("pushes a message with an ES256 provider token, Apple's headers, the unread count as badge and the app's keys", async () => {
    const app = await apnsApp(live);
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const { channelId, messageId } = await app.conversation(kim, ["lee"], "noodles?");

    const [created] = sandbox.pushesTo(lee.token, "channel.created");
    const [push] = sandbox.pushesTo(lee.token, "message.created");
    expect(sandbox.pushesTo(kim.token, "message.created")).toEqual([]);
    expect(push?.status).toBe(200);
    expect(push?.claims).toEqual({ iss: app.key.teamId, iat: expect.any(Number) });
    expect(push?.headers).toMatchObject({
      "apns-topic": TEST_BUNDLE_ID,
      "apns-push-type": "alert",
      "apns-priority": "10",
      "apns-collapse-id": messageId,
    });
    const expiration = Number(push?.headers["apns-expiration"]);
    expect(expiration).toBeGreaterThan(Date.now() / 1000 + 3600);
    expect(push?.payload).toEqual({
      aps: { alert: { title: "Lunch", body: "kim: noodles?" }, badge: 1, sound: "default", "thread-id": channelId },
      appId: app.appId,
      channelId,
      eventType: "message.created",
      messageId,
    });
    // One provider token serves every send until it is due for renewal.
    expect(created?.headers.authorization).toBe(push?.headers.authorization);

    const attempt = await messageAttemptOf(app, "lee", "sent");
    expect(attempt).toMatchObject({
      platform: "ios",
      provider: "apns",
      httpStatus: 200,
      response: push?.headers["apns-id"],
      deviceHint: `…${lee.token.slice(-6)}`,
    });
  });

  it("sends each device through its own provider when the app has both keys", async () => {
    const app = await apnsApp(live, { withFcm: true });
    const kim = await app.member("kim");
    const lee = await app.member("lee", "apns");
    const park = await app.member("park", "fcm");
    await app.conversation(kim, ["lee", "park"], "hello");
    expect(sandbox.pushesTo(lee.token, "message.created")).toHaveLength(1);
    expect(fcm.pushesTo(park.token, "message.created")).toHaveLength(1);
    expect(fcm.pushesTo(lee.token)).toEqual([]);
    expect(sandbox.pushesTo(park.token)).toEqual([]);

    // A user's test push reaches each of their devices the same way.
    const second = apnsToken();
    await park.api.post("/me/push-tokens", { token: second, platform: "ios", provider: "apns" });
    const test = await app.d.post<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/test`, { userId: "park" });
    expect(test.body.attempts.map((a) => [a.provider, a.status]).sort()).toEqual([
      ["apns", "sent"],
      ["fcm", "sent"],
    ]);
    expect(sandbox.pushesTo(second)).toHaveLength(1);
  });

  it("leaves out a device whose provider has no key, and pushes the others", async () => {
    const app = await apnsApp(live);
    const kim = await app.member("kim");
    const lee = await app.member("lee", "apns");
    const park = await app.member("park", "fcm");
    await app.conversation(kim, ["lee", "park"], "hello");
    expect(sandbox.pushesTo(lee.token, "message.created")).toHaveLength(1);
    expect(fcm.pushesTo(park.token)).toEqual([]);
    expect((await app.attempts()).filter((a) => a.userId === "park")).toEqual([]);
    const test = await app.d.post(`/apps/${app.appId}/push/test`, { userId: "park" });
    expect([test.status, test.body.code]).toEqual([409, "3040"]);
  });

  it("sends a production key's pushes to the production gateway", async () => {
    const app = await apnsApp(live, { environment: "production" });
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    await app.conversation(kim, ["lee"], "hi");
    expect(production.pushesTo(lee.token, "message.created")).toMatchObject([{ status: 200 }]);
    expect(sandbox.pushesTo(lee.token)).toEqual([]);
  });

  it("pushes the mention and reply templates, with their titles, to APNs devices", async () => {
    const app = await apnsApp(live, { language: "en" });
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const park = await app.member("park");
    const { channelId, messageId } = await app.conversation(kim, ["lee", "park"], "lunch?");
    await lee.api.post(`/channels/${channelId}/messages`, { text: "@park yes", mentionedUserIds: ["park"] });
    await pushJobsSettled(live, app.appId);
    await park.api.post(`/channels/${channelId}/messages`, { text: "me too", parentMessageId: messageId });
    await pushJobsSettled(live, app.appId);
    const alerts = (token: string) =>
      sandbox.pushesTo(token, "message.created").map((p) => (p.payload.aps as { alert: unknown }).alert);
    expect(alerts(park.token)).toEqual([
      { title: "Lunch", body: "kim: lunch?" },
      { title: "lee mentioned you in Lunch", body: "@park yes" },
    ]);
    expect(alerts(kim.token)).toEqual([
      { title: "Lunch", body: "lee: @park yes" },
      { title: "park replied in Lunch", body: "me too" },
    ]);
    const triggers = (await app.attempts()).filter((a) => a.provider === "apns").map((a) => a.trigger);
    expect(triggers).toEqual(expect.arrayContaining(["message/mention", "message/reply"]));
  });
});

describe("APNs answers", () => {
  it.each([
    [410, "Unregistered"],
    [400, "BadDeviceToken"],
    [400, "DeviceTokenNotForTopic"],
  ])("removes the device when APNs answers %i %s, and logs it as an invalid token", async (status, reason) => {
    const app = await apnsApp(live);
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    sandbox.answer(lee.token, { status: 200, reason: "" }, { status, reason });
    await app.conversation(kim, ["lee"], "still there?");
    const attempt = await messageAttemptOf(app, "lee", "invalid_token");
    expect(attempt).toMatchObject({ provider: "apns", httpStatus: status, response: reason });
    expect((await lee.api.get<{ devices: TPushDevice[] }>("/me/push-tokens")).body.devices).toEqual([]);
    expect(await retryJobs(live, app.appId)).toEqual([]);
  });

  it.each([
    [403, "ExpiredProviderToken"],
    [403, "InvalidProviderToken"],
    [400, "PayloadTooLarge"],
  ])("logs %i %s as failed, without a retry, and keeps the device", async (status, reason) => {
    const app = await apnsApp(live);
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    sandbox.answer(lee.token, { status: 200, reason: "" }, { status, reason });
    await app.conversation(kim, ["lee"], "hi");
    const attempt = await messageAttemptOf(app, "lee", "failed");
    expect(attempt).toMatchObject({ httpStatus: status, response: reason });
    expect((await lee.api.get<{ devices: TPushDevice[] }>("/me/push-tokens")).body.devices).toHaveLength(1);
    expect(await retryJobs(live, app.appId)).toEqual([]);
    expect(sandbox.pushesTo(lee.token, "message.created")).toHaveLength(1);
  });

  it("retries a 429 through the job queue after its back-off, and logs the attempt sent", async () => {
    const app = await apnsApp(live);
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    sandbox.answer(lee.token, { status: 200, reason: "" }, { status: 429, reason: "TooManyRequests" });
    await app.conversation(kim, ["lee"], "busy?");
    expect(await messageAttemptOf(app, "lee", "retrying")).toMatchObject({
      httpStatus: 429,
      response: "TooManyRequests",
    });
    const [job] = await retryJobs(live, app.appId);
    expect(job?.data.retry).toBe(1);
    expect(job?.wait).toBeCloseTo(PUSH_RETRY_DELAYS_SECONDS[0], 0);
    // Nothing is sent again before the back-off is over.
    await live.jobsIdle();
    expect(sandbox.pushesTo(lee.token, "message.created")).toHaveLength(1);

    await retriesDueNow(live, app.appId);
    const attempt = await messageAttemptOf(app, "lee", "sent");
    const pushes = sandbox.pushesTo(lee.token, "message.created");
    expect(pushes.map((p) => p.status)).toEqual([429, 200]);
    expect(pushes[1]?.payload).toEqual(pushes[0]?.payload);
    expect(attempt).toMatchObject({ httpStatus: 200, response: pushes[1]?.headers["apns-id"] });
    // One attempt in the log, however many tries it took.
    expect((await app.attempts()).filter((a) => a.userId === "lee" && a.trigger === "message/send")).toHaveLength(1);
  });

  it("retries a 500 with a growing back-off and fails the attempt after the last retry", async () => {
    const app = await apnsApp(live);
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const failure = { status: 500, reason: "InternalServerError" };
    const tries = PUSH_RETRY_DELAYS_SECONDS.length + 1;
    sandbox.answer(lee.token, { status: 200, reason: "" }, ...Array.from({ length: tries }, () => failure));
    await app.conversation(kim, ["lee"], "anyone?");
    const waits: number[] = [];
    for (let retry = 1; retry < tries; retry += 1) {
      await until(async () => (await retryJobs(live, app.appId)).length === retry, `retry ${retry} to be queued`);
      const queued = (await retryJobs(live, app.appId)).at(-1);
      waits.push(Math.round(queued?.wait ?? 0));
      expect(queued?.data.retry).toBe(retry);
      await retriesDueNow(live, app.appId);
      await until(async () => sandbox.pushesTo(lee.token, "message.created").length === retry + 1, `try ${retry + 1}`);
    }
    const attempt = await messageAttemptOf(app, "lee", "failed");
    expect(attempt).toMatchObject({ httpStatus: 500, response: "InternalServerError" });
    expect(waits).toEqual([...PUSH_RETRY_DELAYS_SECONDS]);
    await live.jobsIdle();
    expect(sandbox.pushesTo(lee.token, "message.created")).toHaveLength(tries);
    expect((await lee.api.get<{ devices: TPushDevice[] }>("/me/push-tokens")).body.devices).toHaveLength(1);
  });

  it("fails a waiting retry whose device was removed meanwhile, without sending", async () => {
    const app = await apnsApp(live);
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    sandbox.answer(lee.token, { status: 200, reason: "" }, { status: 503, reason: "ServiceUnavailable" });
    await app.conversation(kim, ["lee"], "gone?");
    await messageAttemptOf(app, "lee", "retrying");
    await lee.api.delete(`/me/push-tokens/${lee.device.id}`);
    await retriesDueNow(live, app.appId);
    const attempt = await messageAttemptOf(app, "lee", "failed");
    expect(attempt.response).toBe("the device was removed before the retry");
    expect(sandbox.pushesTo(lee.token, "message.created")).toHaveLength(1);
  });
});
