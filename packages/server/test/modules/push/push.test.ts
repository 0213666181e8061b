import { generateKeyPairSync, randomBytes } from "node:crypto";
import {
  DEFAULT_PUSH_TEMPLATES,
  DEFAULT_PUSH_TITLES,
  isTitledPushTemplateKey,
  type Language,
  PUSH_DEVICES_PER_USER_MAX,
  PUSH_MESSAGE_PREVIEW_MAX,
  PUSH_TEMPLATE_KEYS,
  pushTemplatePath,
  type TChatEvent,
  type TPushAttempt,
  type TPushDevice,
  type TPushTemplate,
  type TPushTemplateKey,
  type TServerFrame,
} from "@parley/contract";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { toEvent } from "../../../src/chat/events";
import { createMemoryPresence } from "../../../src/chat/presence";
import { accounts, chatEvents } from "../../../src/db/schema";
import { createFcmClient } from "../../../src/integrations/fcm";
import { createOutboundGuard } from "../../../src/integrations/outbound";
import { TEST_PUSH_BODY } from "../../../src/modules/push/delivery";
import { messagePreview } from "../../../src/modules/push/plan";
import { createAccount, createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, listenForSockets, startTestApp, type TestApp } from "../../harness";
import { until } from "../../poll";
import {
  type FcmReceiver,
  LEGACY_SERVER_KEY,
  pushJobsSettled,
  startFcmReceiver,
  testServiceAccount,
} from "../../push-fcm-receiver";
import { startReceiver } from "../../webhooks-receiver";

let receiver: FcmReceiver;
/** Job workers on and listening for WebSockets: events reach FCM the way they do in production. */
let live: TestApp;
/** Takes service accounts' access tokens from `FCM_OAUTH_TOKEN_URL` rather than their `token_uri`. */
let overridden: TestApp;
/** The default configuration: the outbound guard refuses loopback, so the local FCM stand-in is out of reach. */
let strict: TestApp;
let wsUrl: string;

beforeAll(async () => {
  receiver = await startFcmReceiver();
  live = await startTestApp({ env: { ...ALLOW_LOOPBACK, FCM_BASE_URL: receiver.url } });
  wsUrl = await listenForSockets(live);
  overridden = await startTestApp({
    env: { ...ALLOW_LOOPBACK, FCM_BASE_URL: receiver.url, FCM_OAUTH_TOKEN_URL: `${receiver.url}/token` },
  });
  strict = await startTestApp({ env: { FCM_BASE_URL: receiver.url } });
});
afterAll(async () => {
  await live?.close();
  await overridden?.close();
  await strict?.close();
  await receiver?.close();
});

type Method = "GET" | "PUT" | "POST" | "DELETE";

/** The dashboard API with an account's session. */
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

const MESSAGE = "message.created";
const newToken = (label: string) => `${label}-${randomBytes(12).toString("hex")}`;

type PushAppOptions = { credential?: "legacy" | "serviceAccount"; tokenUri?: string; language?: Language };

/** An app with push on and a credential, its owner's dashboard client, and chat users. */
async function pushApp(t: TestApp, { credential = "legacy", tokenUri, language }: PushAppOptions = {}) {
  const app = await createChatApp(t, { language });
  const d = dashboard(t, app.owner.token);
  const key =
    credential === "legacy"
      ? { kind: "legacy", serverKey: LEGACY_SERVER_KEY }
      : { kind: "serviceAccount", serviceAccountJson: receiver.serviceAccount(tokenUri).json };
  expect((await d.put(`/apps/${app.appId}/push/fcm/key`, key)).status).toBe(200);
  expect((await d.put(`/apps/${app.appId}/push/enabled`, { enabled: true })).body).toEqual({ enabled: true });

  /** A chat user with one registered device, whose token is returned. */
  async function member(userId: string) {
    const user = await app.user(userId);
    const token = newToken(userId);
    const res = await user.api.post<{ device: TPushDevice }>("/me/push-tokens", { token, platform: "android" });
    expect(res.status).toBe(200);
    return { ...user, token, device: res.body.device };
  }
  return { ...app, d, member };
}

/** The stored events of an app, oldest first, as the outbox hands them to the push job. */
async function eventsOf(t: TestApp, appId: string, type?: TChatEvent["type"]): Promise<TChatEvent[]> {
  const rows = await t.ctx.database.db
    .select()
    .from(chatEvents)
    .where(and(eq(chatEvents.appId, appId), type ? eq(chatEvents.type, type) : undefined))
    .orderBy(asc(chatEvents.id));
  return rows.map(toEvent);
}

async function runPushJob(t: TestApp, appId: string, event: TChatEvent) {
  const handler = t.jobHandlers.get("push.event");
  if (!handler) throw new Error("no push.event handler");
  await handler.handle({ appId, event }, { jobId: `test-${event.id}` });
}

/** An end user's WebSocket, resolved once the gateway has authenticated it. */
async function connect(sessionToken: string) {
  const ws = new WebSocket(wsUrl);
  const ready = new Promise<void>((resolve, reject) => {
    ws.on("message", (raw) => {
      const frame = JSON.parse(raw.toString()) as TServerFrame;
      if (frame.type === "ready") resolve();
      if (frame.type === "error") reject(new Error(frame.code));
    });
    ws.once("error", reject);
  });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  ws.send(JSON.stringify({ type: "auth", token: sessionToken }));
  await ready;
  return ws;
}

describe("push settings on the dashboard", () => {
  it("starts off, without a key, with the default notification settings and every default template", async () => {
    const app = await createChatApp(live);
    const d = dashboard(live, app.owner.token);
    const base = `/apps/${app.appId}/push`;
    expect((await d.get(`${base}/enabled`)).body).toEqual({ enabled: false });
    expect((await d.get(`${base}/fcm/key`)).body).toEqual({ key: null });
    expect((await d.get(`${base}/notification/settings`)).body).toEqual({
      settings: { sound: "default", icon: "", badge: true },
    });
    expect((await d.get(`${base}/notification/settings/superchannel`)).body).toEqual({
      settings: { enabled: true, intervalMinutes: 5 },
    });
    const { templates } = (await d.get<{ templates: TPushTemplate[] }>(`${base}/templates`)).body;
    expect(templates.map((t) => t.key)).toEqual([...PUSH_TEMPLATE_KEYS]);
    // The templates with a title of their own carry it and its default too.
    const titleOf = (key: TPushTemplateKey) =>
      isTitledPushTemplateKey(key)
        ? { title: DEFAULT_PUSH_TITLES.ko[key], defaultTitle: DEFAULT_PUSH_TITLES.ko[key] }
        : {};
    for (const template of templates) {
      const text = DEFAULT_PUSH_TEMPLATES.ko[template.key];
      expect(template).toEqual({
        key: template.key,
        text,
        defaultText: text,
        updatedAt: null,
        ...titleOf(template.key),
      });
    }
    for (const key of PUSH_TEMPLATE_KEYS) {
      const text = DEFAULT_PUSH_TEMPLATES.ko[key];
      expect((await d.get(pushTemplatePath(app.appId, key))).body).toEqual({
        template: { key, text, defaultText: text, updatedAt: null, ...titleOf(key) },
      });
    }
  });

  it("saves a legacy server key, shows only its last characters and creation time, and deletes it", async () => {
    const app = await createChatApp(live);
    const d = dashboard(live, app.owner.token);
    const url = `/apps/${app.appId}/push/fcm/key`;
    const saved = await d.put(url, { kind: "legacy", serverKey: LEGACY_SERVER_KEY });
    const key = {
      kind: "legacy",
      hint: `…${LEGACY_SERVER_KEY.slice(-4)}`,
      projectId: null,
      createdAt: live.clock.now().toISOString(),
    };
    expect(saved.body).toEqual({ key });
    expect(saved.raw).not.toContain(LEGACY_SERVER_KEY);
    const read = await d.get(url);
    expect(read.body).toEqual({ key });
    expect(read.raw).not.toContain(LEGACY_SERVER_KEY);
    expect((await d.delete(url)).body).toEqual({ key: null });
    expect((await d.get(url)).body).toEqual({ key: null });
  });

  it("saves a service-account JSON and never sends back its private key", async () => {
    const app = await createChatApp(live);
    const d = dashboard(live, app.owner.token);
    const account = receiver.serviceAccount();
    const saved = await d.put(`/apps/${app.appId}/push/fcm/key`, {
      kind: "serviceAccount",
      serviceAccountJson: account.json,
    });
    expect(saved.body).toEqual({
      key: {
        kind: "serviceAccount",
        hint: account.clientEmail,
        projectId: account.projectId,
        createdAt: live.clock.now().toISOString(),
      },
    });
    expect(saved.raw).not.toContain("PRIVATE KEY");
    expect((await d.get(`/apps/${app.appId}/push/fcm/key`)).raw).not.toContain("PRIVATE KEY");
  });

  const validAccount = () => JSON.parse(receiver.serviceAccount().json) as Record<string, unknown>;
  const ecKey = () =>
    generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  it.each<[string, () => Record<string, unknown>]>([
    ["a service-account text that is not JSON", () => ({ kind: "serviceAccount", serviceAccountJson: "{not json" })],
    [
      "a JSON of another type than service_account",
      () => ({
        kind: "serviceAccount",
        serviceAccountJson: JSON.stringify({ ...validAccount(), type: "authorized_user" }),
      }),
    ],
    [
      "a service account without a private key",
      () => ({
        kind: "serviceAccount",
        serviceAccountJson: JSON.stringify({ ...validAccount(), private_key: undefined }),
      }),
    ],
    [
      "a service account without a project id",
      () => ({ kind: "serviceAccount", serviceAccountJson: JSON.stringify({ ...validAccount(), project_id: "" }) }),
    ],
    [
      "a private key that does not load",
      () => ({
        kind: "serviceAccount",
        serviceAccountJson: JSON.stringify({
          ...validAccount(),
          private_key: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
        }),
      }),
    ],
    [
      "an EC private key, which RS256 cannot use",
      () => ({
        kind: "serviceAccount",
        serviceAccountJson: JSON.stringify({ ...validAccount(), private_key: ecKey() }),
      }),
    ],
    [
      "a token_uri that is not a URL",
      () => ({
        kind: "serviceAccount",
        serviceAccountJson: JSON.stringify({ ...validAccount(), token_uri: "oauth2" }),
      }),
    ],
    ["a legacy key with spaces in it", () => ({ kind: "legacy", serverKey: "AAAA key with spaces in the middle" })],
  ])("refuses %s with 3039 and keeps the saved key", async (_, body) => {
    const app = await createChatApp(live);
    const d = dashboard(live, app.owner.token);
    const url = `/apps/${app.appId}/push/fcm/key`;
    await d.put(url, { kind: "legacy", serverKey: LEGACY_SERVER_KEY });
    const res = await d.put(url, body());
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("3039");
    expect((await d.get<{ key: { kind: string } }>(url)).body.key.kind).toBe("legacy");
  });

  it("saves the switch, the notification settings and the super-channel settings independently", async () => {
    const app = await createChatApp(live);
    const d = dashboard(live, app.owner.token);
    const base = `/apps/${app.appId}/push`;
    expect((await d.put(`${base}/enabled`, { enabled: true })).body).toEqual({ enabled: true });
    const notification = { sound: "chime.caf", icon: "ic_stat_chat", badge: false };
    expect((await d.put(`${base}/notification/settings`, notification)).body).toEqual({ settings: notification });
    const superChannel = { enabled: false, intervalMinutes: 30 };
    expect((await d.put(`${base}/notification/settings/superchannel`, superChannel)).body).toEqual({
      settings: superChannel,
    });
    expect((await d.get(`${base}/enabled`)).body).toEqual({ enabled: true });
    expect((await d.get(`${base}/notification/settings`)).body).toEqual({ settings: notification });
    expect((await d.get(`${base}/notification/settings/superchannel`)).body).toEqual({ settings: superChannel });
    expect((await d.get(`${base}/fcm/key`)).body).toEqual({ key: null });
  });

  it("saves a template under its slash-separated path and leaves the others at their defaults", async () => {
    const app = await createChatApp(live);
    const d = dashboard(live, app.owner.token);
    const at = live.clock.now().toISOString();
    const left = await d.put(pushTemplatePath(app.appId, "channel/member/left"), { text: "  Bye from {{channel}}  " });
    expect(left.body).toEqual({
      template: {
        key: "channel/member/left",
        text: "Bye from {{channel}}",
        defaultText: DEFAULT_PUSH_TEMPLATES.ko["channel/member/left"],
        updatedAt: at,
      },
    });
    await d.put(pushTemplatePath(app.appId, "message/send"), { text: "{{sender.name}} says {{message}}" });
    expect((await d.get(pushTemplatePath(app.appId, "channel/member/left"))).body).toEqual(left.body);
    const { templates } = (await d.get<{ templates: TPushTemplate[] }>(`/apps/${app.appId}/push/templates`)).body;
    const byKey = Object.fromEntries(templates.map((t) => [t.key, t.text]));
    expect(byKey).toEqual({
      ...DEFAULT_PUSH_TEMPLATES.ko,
      "channel/member/left": "Bye from {{channel}}",
      "message/send": "{{sender.name}} says {{message}}",
    });
    expect((await d.get(`/apps/${app.appId}/push/template/channel/member/unknown`)).status).toBe(404);
  });

  it.each<[string, string, Method, unknown]>([
    ["a legacy key that is too short", "/push/fcm/key", "PUT", { kind: "legacy", serverKey: "short" }],
    ["an unknown credential kind", "/push/fcm/key", "PUT", { kind: "apns", serverKey: LEGACY_SERVER_KEY }],
    ["a switch that is not a boolean", "/push/enabled", "PUT", { enabled: "yes" }],
    [
      "a sound name over 100 characters",
      "/push/notification/settings",
      "PUT",
      { sound: "s".repeat(101), icon: "", badge: true },
    ],
    [
      "a super-channel interval under 5 minutes",
      "/push/notification/settings/superchannel",
      "PUT",
      { enabled: true, intervalMinutes: 4 },
    ],
    ["an empty template", "/push/template/message/send", "PUT", { text: "   " }],
    ["a template over 500 characters", "/push/template/message/send", "PUT", { text: "x".repeat(501) }],
    ["a test push whose user id is not text", "/push/test", "POST", { userId: 123 }],
    ["an attempts page of 0", "/push/attempts?limit=0", "GET", undefined],
    ["a forged attempts cursor", "/push/attempts?cursor=bm90LWFuLWlk", "GET", undefined],
  ])("refuses %s with 300", async (_, path, method, body) => {
    const app = await createChatApp(live);
    const res = await dashboard(live, app.owner.token).call(method, `/apps/${app.appId}${path}`, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("300");
  });

  it("refuses a template naming an unknown variable with 300 on the text, and keeps the saved one", async () => {
    const app = await createChatApp(live);
    const d = dashboard(live, app.owner.token);
    const path = pushTemplatePath(app.appId, "message/send");
    const res = await d.put(path, { text: "{{sender.nmae}}: {{message}}" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "text", message: "VALIDATION_PUSH_VARIABLE" }] },
    });
    const kept = await d.get<{ template: TPushTemplate }>(path);
    expect(kept.body.template.updatedAt).toBeNull();
  });

  it("answers 3003 on every push route of another account's app, and 1001 without a session", async () => {
    const app = await createChatApp(live);
    const stranger = dashboard(live, (await createAccount(live)).token);
    const base = `/apps/${app.appId}/push`;
    const routes: [Method, string, unknown][] = [
      ["GET", `${base}/fcm/key`, undefined],
      ["PUT", `${base}/fcm/key`, { kind: "legacy", serverKey: LEGACY_SERVER_KEY }],
      ["DELETE", `${base}/fcm/key`, undefined],
      ["GET", `${base}/enabled`, undefined],
      ["PUT", `${base}/enabled`, { enabled: true }],
      ["GET", `${base}/notification/settings`, undefined],
      ["PUT", `${base}/notification/settings`, { sound: "", icon: "", badge: false }],
      ["GET", `${base}/notification/settings/superchannel`, undefined],
      ["PUT", `${base}/notification/settings/superchannel`, { enabled: false, intervalMinutes: 5 }],
      ["GET", `${base}/templates`, undefined],
      ...PUSH_TEMPLATE_KEYS.flatMap((key): [Method, string, unknown][] => [
        ["GET", pushTemplatePath(app.appId, key), undefined],
        ["PUT", pushTemplatePath(app.appId, key), { text: "hi", title: "hi" }],
      ]),
      ["GET", `${base}/attempts`, undefined],
      ["POST", `${base}/test`, { userId: "kim" }],
    ];
    for (const [method, url, body] of routes) {
      const res = await stranger.call(method, url, body);
      expect({ method, url, status: res.status, code: res.body.code }).toEqual({
        method,
        url,
        status: 403,
        code: "3003",
      });
      const anonymous = await live.server.inject({
        method,
        url: `/api${url}`,
        ...(body ? { payload: body as object } : {}),
      });
      expect(anonymous.json().code).toBe("1001");
    }
    expect((await dashboard(live, app.owner.token).get(`${base}/enabled`)).body).toEqual({ enabled: false });
  });
});

describe("device registration through /v1", () => {
  it("registers a token once however often it is sent, lists it, and removes it", async () => {
    const app = await createChatApp(live);
    const kim = await app.user("kim");
    const token = newToken("kim");
    const first = await kim.api.post<{ device: TPushDevice }>("/me/push-tokens", { token, platform: "ios" });
    expect(first.status).toBe(200);
    // A token registered without a provider is FCM's, as every token was before APNs.
    expect(first.body.device).toEqual({
      id: expect.any(String),
      platform: "ios",
      provider: "fcm",
      createdAt: live.clock.now().toISOString(),
    });
    const again = await kim.api.post<{ device: TPushDevice }>("/me/push-tokens", { token, platform: "ios" });
    expect(again.body.device.id).toBe(first.body.device.id);
    const listed = await kim.api.get<{ devices: TPushDevice[] }>("/me/push-tokens");
    expect(listed.body.devices).toEqual([first.body.device]);
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect((await kim.api.delete(`/me/push-tokens/${first.body.device.id}`)).body).toEqual({ ok: true });
    expect((await kim.api.get<{ devices: TPushDevice[] }>("/me/push-tokens")).body.devices).toEqual([]);
  });

  it("moves a token registered again by another user to that user", async () => {
    const app = await createChatApp(live);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const token = newToken("shared");
    await kim.api.post("/me/push-tokens", { token, platform: "android" });
    const moved = await lee.api.post<{ device: TPushDevice }>("/me/push-tokens", { token, platform: "android" });
    expect((await kim.api.get<{ devices: TPushDevice[] }>("/me/push-tokens")).body.devices).toEqual([]);
    expect((await lee.api.get<{ devices: TPushDevice[] }>("/me/push-tokens")).body.devices).toEqual([
      moved.body.device,
    ]);
  });

  it("keeps a user's newest devices up to the limit and drops the oldest", async () => {
    const app = await createChatApp(live);
    const kim = await app.user("kim");
    const ids: string[] = [];
    for (let i = 0; i <= PUSH_DEVICES_PER_USER_MAX; i += 1) {
      live.clock.advance(1000);
      const res = await kim.api.post<{ device: TPushDevice }>("/me/push-tokens", {
        token: newToken(`d${i}`),
        platform: "web",
      });
      ids.push(res.body.device.id);
    }
    const { devices } = (await kim.api.get<{ devices: TPushDevice[] }>("/me/push-tokens")).body;
    expect(devices).toHaveLength(PUSH_DEVICES_PER_USER_MAX);
    expect(devices.map((d) => d.id)).toEqual(ids.slice(1).reverse());
  });

  it("refuses another user's device with 3042, an API key with 1023, and a bad platform with 300", async () => {
    const app = await createChatApp(live);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const { device } = (
      await kim.api.post<{ device: TPushDevice }>("/me/push-tokens", { token: newToken("kim"), platform: "android" })
    ).body;
    const foreign = await lee.api.delete(`/me/push-tokens/${device.id}`);
    expect([foreign.status, foreign.body.code]).toEqual([404, "3042"]);
    expect((await kim.api.get<{ devices: TPushDevice[] }>("/me/push-tokens")).body.devices).toHaveLength(1);
    const server = await app.server.post("/me/push-tokens", { token: newToken("srv"), platform: "android" });
    expect(server.body.code).toBe("1023");
    expect((await kim.api.post("/me/push-tokens", { token: newToken("x"), platform: "symbian" })).body.code).toBe(
      "300",
    );
    expect((await kim.api.post("/me/push-tokens", { token: "", platform: "ios" })).body.code).toBe("300");
  });

  it("documents the push-token routes in the OpenAPI document", async () => {
    const doc = (await live.server.inject({ method: "GET", url: "/v1/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/v1/me/push-tokens"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/v1/me/push-tokens/{deviceId}"] ?? {})).toEqual(["delete"]);
  });
});

describe("push delivery", () => {
  it("pushes a message to the members not connected, never to its sender or to a connected member", async () => {
    const app = await pushApp(live);
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const park = await app.member("park");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Lunch", userIds: ["lee", "park"] })
    ).body;
    const socket = await connect(lee.sessionToken);

    const sent = await kim.api.post<{ message: { id: string } }>(`/channels/${channel.id}/messages`, {
      text: "noodles?",
    });
    await pushJobsSettled(live, app.appId);
    expect(receiver.pushesTo(park.token, MESSAGE)).toHaveLength(1);
    expect(receiver.pushesTo(lee.token, MESSAGE)).toHaveLength(0);
    expect(receiver.pushesTo(kim.token, MESSAGE)).toHaveLength(0);
    const [push] = receiver.pushesTo(park.token, MESSAGE);
    expect(push).toMatchObject({
      api: "legacy",
      title: "Lunch",
      body: "kim: noodles?",
      sound: "default",
      icon: undefined,
      badge: "1",
      data: { appId: app.appId, channelId: channel.id, eventType: "message.created", messageId: sent.body.message.id },
    });

    socket.close();
    const leeRow = await live.services.chatUsers.requireUser(app.appId, "lee");
    await until(
      async () => (await live.presence.online(app.appId, [leeRow.id])).size === 0,
      "lee's socket to be dropped",
    );
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "now?" });
    await pushJobsSettled(live, app.appId);
    expect(receiver.pushesTo(lee.token, MESSAGE).map((p) => p.body)).toEqual(["kim: now?"]);
    expect(receiver.pushesTo(park.token, MESSAGE).map((p) => p.badge)).toEqual(["1", "2"]);
    expect(receiver.pushesTo(kim.token, MESSAGE)).toHaveLength(0);
  });

  it.each<[Language, { leftTemplate: string; added: string; left: string }]>([
    [
      "ko",
      {
        leftTemplate: "{{sender.name}} 님이 {{channel}}에서 나갔습니다",
        added: "Tea 채널에 초대되었습니다",
        left: "lee 님이 Tea에서 나갔습니다",
      },
    ],
    ["en", { leftTemplate: "{{sender.name}} left {{channel}}", added: "You were added to Tea", left: "lee left Tea" }],
  ])("shows and pushes the default templates in the language of the owning account (%s)", async (language, want) => {
    const app = await pushApp(live, { language });
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const { templates } = (await app.d.get<{ templates: TPushTemplate[] }>(`/apps/${app.appId}/push/templates`)).body;
    expect(templates.find((each) => each.key === "channel/member/left")).toMatchObject({
      text: want.leftTemplate,
      defaultText: want.leftTemplate,
    });
    const saved = await app.d.put<{ template: TPushTemplate }>(pushTemplatePath(app.appId, "channel/deleted"), {
      text: "Gone: {{channel}}",
    });
    expect(saved.body.template.defaultText).toBe(DEFAULT_PUSH_TEMPLATES[language]["channel/deleted"]);

    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Tea", userIds: ["lee"] })
    ).body;
    await pushJobsSettled(live, app.appId);
    await lee.api.post(`/channels/${channel.id}/leave`);
    await pushJobsSettled(live, app.appId);
    expect(receiver.pushesTo(lee.token).map((p) => p.body)).toEqual([want.added]);
    expect(receiver.pushesTo(kim.token).map((p) => p.body)).toEqual([want.left]);
  });

  it("renders the app's own template with every variable, and shortens a long message", async () => {
    const app = await pushApp(live);
    await app.d.put(pushTemplatePath(app.appId, "message/send"), {
      text: "[{{app}}] {{channel}} / {{sender.name}} ({{sender.profileImageUrl}}): {{message}}",
    });
    await app.d.put(`/apps/${app.appId}/push/notification/settings`, { sound: "", icon: "ic_chat", badge: false });
    const kim = await app.member("kim");
    await app.server.patch("/users/kim", { nickname: "Kim J", profileImageUrl: "https://img.example.com/kim.png" });
    const lee = await app.member("lee");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Tea", userIds: ["lee"] })
    ).body;
    const long = "가".repeat(PUSH_MESSAGE_PREVIEW_MAX + 50);
    await kim.api.post(`/channels/${channel.id}/messages`, { text: long });
    await pushJobsSettled(live, app.appId);
    const [push] = receiver.pushesTo(lee.token, MESSAGE);
    expect(push?.body).toBe(
      `[Chat] Tea / Kim J (https://img.example.com/kim.png): ${"가".repeat(PUSH_MESSAGE_PREVIEW_MAX - 1)}…`,
    );
    expect(push).toMatchObject({ title: "Tea", sound: undefined, icon: "ic_chat", badge: undefined });
  });

  it("sends through FCM HTTP v1 with a service account, reusing its access token, and forgets a dead device", async () => {
    const app = await pushApp(live, { credential: "serviceAccount" });
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const deadToken = newToken("dead");
    receiver.deadTokens.add(deadToken);
    const dead = await lee.api.post<{ device: TPushDevice }>("/me/push-tokens", { token: deadToken, platform: "ios" });
    const grantsBefore = receiver.tokenGrants.length;
    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "V1", userIds: ["lee"] }))
      .body;
    // Adding lee pushes to the dead device too; settling first keeps that push and the messages' pushes in order.
    await pushJobsSettled(live, app.appId);

    const first = await kim.api.post<{ message: { id: string } }>(`/channels/${channel.id}/messages`, { text: "one" });
    await pushJobsSettled(live, app.appId);
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "two" });
    await pushJobsSettled(live, app.appId);

    expect(receiver.pushesTo(lee.token, MESSAGE).map((p) => p.body)).toEqual(["kim: one", "kim: two"]);
    expect(receiver.pushesTo(lee.token, MESSAGE)[0]?.raw).toEqual({
      token: lee.token,
      notification: { title: "V1", body: "kim: one" },
      android: { notification: { sound: "default" } },
      apns: { payload: { aps: { sound: "default", badge: 1 } } },
      data: { appId: app.appId, channelId: channel.id, eventType: "message.created", messageId: first.body.message.id },
    });
    expect(receiver.tokenGrants.length - grantsBefore).toBe(1);
    expect(receiver.pushesTo(deadToken)).toHaveLength(1);
    const devices = (await lee.api.get<{ devices: TPushDevice[] }>("/me/push-tokens")).body.devices;
    expect(devices.map((d) => d.id)).toEqual([lee.device.id]);
    expect(devices.map((d) => d.id)).not.toContain(dead.body.device.id);
    const log = (await app.d.get<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/attempts?userId=lee`)).body;
    expect(log.attempts.find((a) => a.deviceHint === `…${deadToken.slice(-6)}`)).toMatchObject({
      status: "invalid_token",
      httpStatus: 404,
      response: expect.stringContaining("NOT_FOUND"),
    });
  });

  it("removes a device whose legacy token FCM reports as not registered, and logs why", async () => {
    const app = await pushApp(live);
    const kim = await app.member("kim");
    const lee = await app.user("lee");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Gone", userIds: ["lee"] })
    ).body;
    // The device comes after the "added" push has gone, so only the message's push can find it, and only once.
    await pushJobsSettled(live, app.appId);
    const token = newToken("gone");
    receiver.deadTokens.add(token);
    await lee.api.post("/me/push-tokens", { token, platform: "android" });
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "hello?" });
    await pushJobsSettled(live, app.appId);
    expect(receiver.pushesTo(token)).toHaveLength(1);
    expect((await lee.api.get<{ devices: TPushDevice[] }>("/me/push-tokens")).body.devices).toEqual([]);
    const { attempts } = (await app.d.get<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/attempts`)).body;
    expect(attempts).toEqual([
      expect.objectContaining({ userId: "lee", status: "invalid_token", httpStatus: 200, response: "NotRegistered" }),
    ]);
  });

  it("does not notify a device twice when the push job of an event runs again", async () => {
    const app = await pushApp(live);
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Twice", userIds: ["lee"] })
    ).body;
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "once" });
    await pushJobsSettled(live, app.appId);
    const event = (await eventsOf(live, app.appId, "message.created")).at(-1) as TChatEvent;
    await runPushJob(live, app.appId, event);
    expect(receiver.pushesTo(lee.token, MESSAGE)).toHaveLength(1);
    const { attempts } = (await app.d.get<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/attempts`)).body;
    expect(attempts.filter((a) => a.trigger === "message/send")).toHaveLength(1);
  });

  it("pushes a super group at most once per interval, and not at all when super channels are off", async () => {
    const app = await pushApp(live);
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", {
        name: "Fans",
        type: "supergroup",
        userIds: ["lee"],
      })
    ).body;
    const say = async (text: string) => {
      await kim.api.post(`/channels/${channel.id}/messages`, { text });
      await pushJobsSettled(live, app.appId);
    };
    const bodies = () => receiver.pushesTo(lee.token).map((p) => p.body);
    await pushJobsSettled(live, app.appId);
    expect(bodies()).toEqual(["Fans 채널에 초대되었습니다"]);
    live.clock.advance(60_000);
    await say("the channel's own push holds the slot");
    expect(bodies()).toEqual(["Fans 채널에 초대되었습니다"]);
    live.clock.advance(4 * 60_000);
    await say("first");
    live.clock.advance(4 * 60_000);
    await say("within five minutes");
    expect(bodies()).toEqual(["Fans 채널에 초대되었습니다", "kim: first"]);
    live.clock.advance(60_000);
    await say("five minutes later");
    expect(bodies()).toEqual(["Fans 채널에 초대되었습니다", "kim: first", "kim: five minutes later"]);

    await app.d.put(`/apps/${app.appId}/push/notification/settings/superchannel`, {
      enabled: false,
      intervalMinutes: 5,
    });
    live.clock.advance(10 * 60_000);
    await say("while off");
    expect(bodies()).toHaveLength(3);
  });

  it("tells members about membership and channel changes, as the decisions describe", async () => {
    const app = await pushApp(live);
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const park = await app.member("park");
    const choi = await app.member("choi");
    const bodies = (member: { token: string }) => receiver.pushesTo(member.token).map((p) => p.body);

    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Team", userIds: ["lee", "park"] })
    ).body;
    await pushJobsSettled(live, app.appId);
    expect(bodies(lee)).toEqual(["Team 채널에 초대되었습니다"]);
    expect(bodies(park)).toEqual(["Team 채널에 초대되었습니다"]);
    expect(bodies(kim)).toEqual([]);

    await kim.api.post(`/channels/${channel.id}/members/park/ban`);
    await pushJobsSettled(live, app.appId);
    expect(bodies(park).at(-1)).toBe("park 님이 Team에서 차단되었습니다");
    expect(bodies(lee).at(-1)).toBe("park 님이 Team에서 차단되었습니다");

    await lee.api.post(`/channels/${channel.id}/leave`);
    await pushJobsSettled(live, app.appId);
    expect(bodies(kim).at(-1)).toBe("lee 님이 Team에서 나갔습니다");
    expect(bodies(lee)).toHaveLength(2);

    await kim.api.delete(`/channels/${channel.id}`);
    await pushJobsSettled(live, app.appId);
    expect(bodies(kim).at(-1)).toBe("Team 채널이 삭제되었습니다");
    expect(bodies(lee)).toHaveLength(2);
    expect(bodies(park)).toHaveLength(2);
    expect(bodies(choi)).toEqual([]);
  });

  it("skips deactivated members, and apps with push off or without a key", async () => {
    const app = await pushApp(live);
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const park = await app.member("park");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Quiet", userIds: ["lee", "park"] })
    ).body;
    await pushJobsSettled(live, app.appId);
    await app.server.post("/users/park/deactivate");
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "one" });
    await pushJobsSettled(live, app.appId);
    expect([receiver.pushesTo(lee.token, MESSAGE).length, receiver.pushesTo(park.token, MESSAGE).length]).toEqual([
      1, 0,
    ]);

    await app.d.put(`/apps/${app.appId}/push/enabled`, { enabled: false });
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "two" });
    await pushJobsSettled(live, app.appId);
    await app.d.put(`/apps/${app.appId}/push/enabled`, { enabled: true });
    await app.d.delete(`/apps/${app.appId}/push/fcm/key`);
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "three" });
    await pushJobsSettled(live, app.appId);
    expect(receiver.pushesTo(lee.token, MESSAGE)).toHaveLength(1);
  });

  it("fetches v1 access tokens from the configured token URL instead of the file's token_uri", async () => {
    const app = await pushApp(overridden, {
      credential: "serviceAccount",
      tokenUri: "https://oauth2.googleapis.com/token",
    });
    const kim = await app.member("kim");
    const res = await app.d.post<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/test`, { userId: "kim" });
    expect(res.body.attempts).toEqual([expect.objectContaining({ status: "sent", httpStatus: 200 })]);
    expect(receiver.pushesTo(kim.token)).toEqual([expect.objectContaining({ api: "v1", body: TEST_PUSH_BODY })]);
  });
});

describe("push log and test push", () => {
  it("sends a test push to every device of a user and logs each attempt", async () => {
    const app = await pushApp(live);
    const kim = await app.member("kim");
    const second = newToken("kim2");
    live.clock.advance(1000);
    await kim.api.post("/me/push-tokens", { token: second, platform: "ios" });
    const res = await app.d.post<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/test`, { userId: "kim" });
    expect(res.status).toBe(200);
    expect(res.body.attempts).toHaveLength(2);
    for (const attempt of res.body.attempts) {
      expect(attempt).toMatchObject({
        userId: "kim",
        trigger: "test",
        status: "sent",
        httpStatus: 200,
        title: "Chat",
        body: TEST_PUSH_BODY,
        response: expect.stringContaining("legacy"),
      });
    }
    expect(receiver.pushesTo(kim.token)).toEqual([
      expect.objectContaining({ title: "Chat", body: TEST_PUSH_BODY, data: { appId: app.appId, eventType: "test" } }),
    ]);
    expect(receiver.pushesTo(second)).toHaveLength(1);
  });

  it("refuses a test push to an unknown user (3018), without a key (3040), and to a user without devices (3041)", async () => {
    const app = await pushApp(live);
    await app.user("lee");
    const url = `/apps/${app.appId}/push/test`;
    expect((await app.d.post(url, { userId: "nobody" })).body.code).toBe("3018");
    expect((await app.d.post(url, { userId: "lee" })).body).toMatchObject({ code: "3041" });
    await app.d.delete(`/apps/${app.appId}/push/fcm/key`);
    const res = await app.d.post(url, { userId: "lee" });
    expect([res.status, res.body.code]).toEqual([409, "3040"]);
  });

  it("lists attempts newest first, by user, a page at a time", async () => {
    const app = await pushApp(live);
    await app.member("kim");
    await app.member("lee");
    for (const userId of ["kim", "lee", "kim"]) {
      live.clock.advance(1000);
      await app.d.post(`/apps/${app.appId}/push/test`, { userId });
    }
    const url = `/apps/${app.appId}/push/attempts`;
    const all = (await app.d.get<{ attempts: TPushAttempt[]; nextCursor: string | null }>(url)).body;
    expect(all.attempts.map((a) => a.userId)).toEqual(["kim", "lee", "kim"]);
    expect(all.attempts.map((a) => a.createdAt)).toEqual([...all.attempts.map((a) => a.createdAt)].sort().reverse());
    expect(all.nextCursor).toBeNull();
    const first = (await app.d.get<{ attempts: TPushAttempt[]; nextCursor: string }>(`${url}?userId=kim&limit=1`)).body;
    expect(first.attempts.map((a) => a.id)).toEqual([all.attempts[0]?.id]);
    const next = (
      await app.d.get<{ attempts: TPushAttempt[]; nextCursor: string | null }>(
        `${url}?userId=kim&limit=1&cursor=${first.nextCursor}`,
      )
    ).body;
    expect(next.attempts.map((a) => a.id)).toEqual([all.attempts[2]?.id]);
    expect(next.nextCursor).toBeNull();
    expect(all.attempts[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      userId: "kim",
      platform: "android",
      provider: "fcm",
      deviceHint: expect.stringMatching(/^…[0-9a-f]{6}$/),
      trigger: "test",
      status: "sent",
      httpStatus: 200,
      response: expect.any(String),
      title: "Chat",
      body: TEST_PUSH_BODY,
    });
  });
});

describe("FCM client", () => {
  /** The guard a server with ALLOW_LOOPBACK builds: these tests call the client without a server. */
  const loopbackGuard = createOutboundGuard({ allowedNetworks: ALLOW_LOOPBACK.OUTBOUND_ALLOWED_NETWORKS.split(",") });
  const notification = (token: string) => ({
    token,
    title: "t",
    body: "b",
    sound: "",
    icon: "",
    badge: null,
    data: { appId: "a" },
  });
  const legacy = (secret: string) =>
    ({ kind: "legacy", secret, clientEmail: null, projectId: null, tokenUri: null }) as const;
  const v1 = (json: string) => {
    const file = JSON.parse(json) as {
      private_key: string;
      client_email: string;
      project_id: string;
      token_uri: string;
    };
    return {
      kind: "serviceAccount",
      secret: file.private_key,
      clientEmail: file.client_email,
      projectId: file.project_id,
      tokenUri: file.token_uri,
    } as const;
  };

  it("reports a refused legacy server key as a failure with FCM's status", async () => {
    const fcm = createFcmClient({ baseUrl: receiver.url, outbound: loopbackGuard });
    const result = await fcm.send(legacy("AAAA-not-the-key-0123456789"), notification(newToken("x")));
    expect(result).toMatchObject({ status: "failed", httpStatus: 401 });
  });

  it("treats a v1 token FCM calls malformed as invalid, and keeps a working one", async () => {
    const fcm = createFcmClient({ baseUrl: receiver.url, outbound: loopbackGuard });
    const credential = v1(receiver.serviceAccount().json);
    const malformed = newToken("malformed");
    receiver.malformedTokens.add(malformed);
    expect(await fcm.send(credential, notification(malformed))).toMatchObject({
      status: "invalid_token",
      httpStatus: 400,
      response: expect.stringContaining("INVALID_ARGUMENT"),
    });
    expect(await fcm.send(credential, notification(newToken("ok")))).toMatchObject({ status: "sent", httpStatus: 200 });
  });

  it("fails without sending when Google refuses the service account's signature", async () => {
    const fcm = createFcmClient({ baseUrl: receiver.url, outbound: loopbackGuard });
    const unknown = testServiceAccount(`${receiver.url}/token`);
    const token = newToken("unsigned");
    expect(await fcm.send(v1(unknown.json), notification(token))).toEqual({
      status: "failed",
      httpStatus: 400,
      response: "access token refused: Invalid JWT Signature.",
    });
    expect(receiver.pushesTo(token)).toEqual([]);
  });

  it("fails with no status when FCM cannot be reached", async () => {
    const fcm = createFcmClient({ baseUrl: "http://127.0.0.1:1", outbound: loopbackGuard });
    expect(await fcm.send(legacy(LEGACY_SERVER_KEY), notification("t"))).toEqual({
      status: "failed",
      httpStatus: null,
      response: "could not connect to FCM",
    });
  });
});

describe("outbound guard on push", () => {
  /** An app of `t` whose service account's token URL is `tokenUri`, written past the save-time check. */
  async function appWithTokenUri(t: TestApp, tokenUri: string) {
    const app = await pushApp(t, { credential: "serviceAccount", tokenUri: "https://oauth2.googleapis.com/token" });
    // As if the credential had been saved before the check existed, or its host's address changed since.
    await t.ctx.database.query(
      "update push_settings set credential = jsonb_set(credential, '{tokenUri}', to_jsonb($1::text)) where app_id = $2",
      [tokenUri, app.appId],
    );
    return app;
  }

  it.each([
    "http://127.0.0.1:9/token",
    "http://[::127.0.0.1]/token",
    "http://[::ffff:127.0.0.1]/token",
    "http://[64:ff9b::a00:1]/token",
    "http://169.254.169.254/computeMetadata/v1/token",
    "http://localhost/token",
  ])("refuses a service account whose token_uri is %s with 3063 and keeps the saved key", async (tokenUri) => {
    const app = await createChatApp(strict);
    const d = dashboard(strict, app.owner.token);
    const url = `/apps/${app.appId}/push/fcm/key`;
    await d.put(url, { kind: "legacy", serverKey: LEGACY_SERVER_KEY });
    const res = await d.put(url, {
      kind: "serviceAccount",
      serviceAccountJson: receiver.serviceAccount(tokenUri).json,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "3063", data: { reason: expect.stringContaining("private or local") } });
    expect((await d.get<{ key: { kind: string } }>(url)).body.key.kind).toBe("legacy");
  });

  it("fails a test push whose stored token_uri is refused, without calling it", async () => {
    const app = await appWithTokenUri(strict, `${receiver.url}/token`);
    await app.member("kim");
    const grantsBefore = receiver.tokenGrants.length;
    const refusedBefore = receiver.refused.length;
    const res = await app.d.post<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/test`, { userId: "kim" });
    expect(res.body.attempts).toEqual([
      expect.objectContaining({
        status: "failed",
        httpStatus: null,
        response: "cannot call the token URL: 127.0.0.1 is a private or local address",
      }),
    ]);
    expect(receiver.tokenGrants.length).toBe(grantsBefore);
    expect(receiver.refused.length).toBe(refusedBefore);
  });

  it("sends to FCM through the guard, so a server that allows no private network does not reach a loopback FCM", async () => {
    const app = await pushApp(strict);
    const kim = await app.member("kim");
    const res = await app.d.post<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/test`, { userId: "kim" });
    expect(res.body.attempts).toEqual([
      expect.objectContaining({
        status: "failed",
        httpStatus: null,
        response: "cannot call FCM: 127.0.0.1 is a private or local address",
      }),
    ]);
    expect(receiver.pushesTo(kim.token)).toEqual([]);
  });

  it("shows a token endpoint's failure by its status or a short OAuth error field, never its raw body", async () => {
    const endpoint = await startReceiver();
    try {
      const secret = "INTERNAL-ONLY root password hunter2";
      endpoint.answer(
        { status: 500, body: `<html>${secret}</html>` },
        { status: 400, body: JSON.stringify({ error: "invalid_grant", error_description: `${secret}\n`.repeat(50) }) },
      );
      const app = await appWithTokenUri(live, endpoint.url);
      await app.member("kim");
      const first = await app.d.post<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/test`, { userId: "kim" });
      expect(first.body.attempts).toEqual([
        expect.objectContaining({
          status: "failed",
          httpStatus: 500,
          response: "access token refused: HTTP 500 Internal Server Error",
        }),
      ]);
      const second = await app.d.post<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/test`, { userId: "kim" });
      // A documented OAuth error field is shown, as one line cut short.
      expect(second.body.attempts[0]?.response).toMatch(/^access token refused: INTERNAL-ONLY .{100,240}…$/);
      expect(second.body.attempts[0]?.response).not.toContain("\n");
      expect(first.raw).not.toContain(secret);
      const log = await app.d.get(`/apps/${app.appId}/push/attempts`);
      expect(log.raw).not.toContain("<html>");
    } finally {
      await endpoint.close();
    }
  });

  it("does not follow a redirect from the token endpoint to another address", async () => {
    const [endpoint, elsewhere] = await Promise.all([startReceiver(), startReceiver()]);
    try {
      endpoint.answer({ status: 307, headers: { location: elsewhere.url }, body: "moved" });
      const app = await appWithTokenUri(live, endpoint.url);
      const kim = await app.member("kim");
      const res = await app.d.post<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/test`, { userId: "kim" });
      expect(res.body.attempts).toEqual([
        expect.objectContaining({
          status: "failed",
          httpStatus: 307,
          response: "access token refused: HTTP 307 Temporary Redirect; redirects are not followed",
        }),
      ]);
      expect(endpoint.requests).toHaveLength(1);
      expect(elsewhere.requests).toHaveLength(0);
      expect(receiver.pushesTo(kim.token)).toEqual([]);
    } finally {
      await Promise.all([endpoint.close(), elsewhere.close()]);
    }
  });

  it("logs a legacy FCM refusal by its status, not by the HTML page FCM sends with it", async () => {
    const app = await createChatApp(live);
    const d = dashboard(live, app.owner.token);
    await d.put(`/apps/${app.appId}/push/fcm/key`, { kind: "legacy", serverKey: "AAAA-not-the-key-0123456789" });
    const user = await app.user("kim");
    await user.api.post("/me/push-tokens", { token: newToken("kim"), platform: "android" });
    const res = await d.post<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/test`, { userId: "kim" });
    expect(res.body.attempts).toEqual([
      expect.objectContaining({ status: "failed", httpStatus: 401, response: "HTTP 401 Unauthorized" }),
    ]);
  });
});

describe("bulk message push", () => {
  it("pushes a bulk message with its own title and body per recipient, and nothing when its push is off", async () => {
    const app = await pushApp(live);
    await live.ctx.database.db
      .update(accounts)
      .set({ noticeFeatureEnabled: true })
      .where(eq(accounts.email, app.owner.email));
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const brand = await app.d.post<{ brand: { id: string } }>(`/apps/${app.appId}/notice/brands`, {
      name: "Parley 상점",
    });
    const boundary = "----parleypush";
    const send = async (push: { enabled: boolean; title: string; body: string }) => {
      const created = await app.d.post<{ campaign: { id: string } }>(`/apps/${app.appId}/notice/campaigns`, {
        brandId: brand.body.brand.id,
        title: "Sale",
        content: "{{user.name}}님, 세일이 시작됐어요.",
        push,
      });
      const id = created.body.campaign.id;
      await live.server.inject({
        method: "POST",
        url: `/api/apps/${app.appId}/notice/campaigns/${id}/recipients`,
        headers: {
          authorization: `Bearer ${app.owner.token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\n\r\nkim\nlee\r\n--${boundary}--\r\n`,
      });
      expect((await app.d.post(`/apps/${app.appId}/notice/campaigns/${id}/confirm`, {})).status).toBe(200);
      await until(async () => {
        const res = await app.d.get<{ campaign: { status: string } }>(`/apps/${app.appId}/notice/campaigns/${id}`);
        return res.body.campaign.status === "sent";
      }, "the bulk message to be sent");
      await pushJobsSettled(live, app.appId);
    };

    await send({ enabled: true, title: "{{brand.name}} 소식", body: "{{user.name}}님, 확인해 보세요" });
    await send({ enabled: false, title: "", body: "" });

    for (const member of [kim, lee]) {
      const pushes = receiver.pushesTo(member.token);
      expect(pushes.map((p) => [p.data.eventType, p.title, p.body])).toEqual([
        ["message.created", "Parley 상점 소식", `${member.userId}님, 확인해 보세요`],
      ]);
    }
  });
});

describe("push helpers", () => {
  it("previews a file message by its name, and one without a name as (file)", () => {
    const file = { url: "https://x/f", name: "menu.pdf", size: 1, mimeType: "application/pdf" };
    expect(messagePreview({ type: "file", text: "caption", file })).toBe("menu.pdf");
    expect(messagePreview({ type: "file", text: "", file: { ...file, name: "" } })).toBe("(file)");
    expect(messagePreview({ type: "text", text: "  hi  ", file: null })).toBe("hi");
  });

  it("keeps a user online in memory until the last of their sockets closes", async () => {
    const presence = createMemoryPresence();
    presence.connected("app", "u1");
    presence.connected("app", "u1");
    presence.connected("app", "u2");
    presence.disconnected("app", "u1");
    expect(await presence.online("app", ["u1", "u2", "u3"])).toEqual(new Set(["u1", "u2"]));
    presence.disconnected("app", "u1");
    expect(await presence.online("app", ["u1", "u2"])).toEqual(new Set(["u2"]));
    expect(await presence.online("other-app", ["u2"])).toEqual(new Set());
  });
});
