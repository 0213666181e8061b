import {
  CALL_WEBHOOK_EVENTS,
  CHAT_EVENT_TYPES,
  type TWebhookDeliveriesPage,
  type TWebhookDelivery,
  type TWebhookDeliveryResponse,
  type TWebhookPayload,
  type TWebhookSettings,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  zCallWebhookPayload,
  zWebhookPayload,
} from "@parley/contract";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../../src/errors";
import { RETRY_SCHEDULE_SECONDS } from "../../../src/modules/webhooks/schedule";
import { createWebhookService } from "../../../src/modules/webhooks/service";
import { client } from "../../client";
import { createAccount, createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../../harness";
import { eventually } from "../../poll";
import { workQueue } from "../../webhooks-jobs";
import { closedPort, type ReceivedWebhook, type Receiver, startReceiver } from "../../webhooks-receiver";

/** Loopback allowed, as an operator running receivers on the same host would configure it; workers running. */
let t: TestApp;
/** The same without job workers: the test runs each delivery job itself and so decides when attempts happen. */
let manual: TestApp;
/** The default configuration: private and loopback addresses refused. */
let strict: TestApp;
let stopManualMail: (() => Promise<void>) | undefined;
const receivers: Receiver[] = [];

beforeAll(async () => {
  [t, manual, strict] = await Promise.all([
    startTestApp({ env: { ...ALLOW_LOOPBACK } }),
    startTestApp({ env: { ...ALLOW_LOOPBACK, JOBS_ENABLED: "false" } }),
    startTestApp(),
  ]);
  stopManualMail = await workQueue(manual, "mail.send");
});
afterAll(async () => {
  await stopManualMail?.();
  await Promise.all([t?.close(), manual?.close(), strict?.close()]);
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

const base = (appId: string) => `/apps/${appId}/webhook`;

/** An app with webhooks on, pointed at a fresh receiver and subscribed to `events`. */
async function webhookApp(events: string[] = ["message.created"], target: TestApp = t) {
  const app = await createChatApp(target);
  const api = client(target.server);
  const token = app.owner.token;
  const r = await receiver();
  const saved = await api.put<{ settings: TWebhookSettings }>(
    `${base(app.appId)}/settings`,
    { url: r.url, events },
    token,
  );
  expect(saved.status).toBe(200);
  expect((await api.put(`${base(app.appId)}/enabled`, { enabled: true }, token)).status).toBe(200);
  return { ...app, target, api, token, receiver: r, secret: saved.body.settings.secret };
}

type WebhookApp = Awaited<ReturnType<typeof webhookApp>>;

/** Two members in a channel; returns a function that sends a message from one of them. */
async function channelWithMembers(app: WebhookApp) {
  const kim = await app.user("kim");
  await app.user("lee");
  const created = await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Team", userIds: ["lee"] });
  expect(created.status).toBe(200);
  const channelId = created.body.channel.id;
  return async (text: string) => {
    const sent = await kim.api.post<{ message: { id: string } }>(`/channels/${channelId}/messages`, { text });
    expect(sent.status).toBe(200);
    return sent.body.message;
  };
}

function verify(secret: string, request: ReceivedWebhook): TWebhookPayload {
  return new Webhook(secret).verify(request.body, request.headers) as TWebhookPayload;
}

async function deliveries(app: WebhookApp, query = ""): Promise<TWebhookDelivery[]> {
  const res = await app.api.get<TWebhookDeliveriesPage>(`${base(app.appId)}/deliveries${query}`, app.token);
  expect(res.status).toBe(200);
  return res.body.deliveries;
}

async function deliveryDetail(app: WebhookApp, id: string): Promise<TWebhookDeliveryResponse> {
  const res = await app.api.get<TWebhookDeliveryResponse>(`${base(app.appId)}/deliveries/${id}`, app.token);
  expect(res.status).toBe(200);
  return res.body;
}

/** Polls the log until `done` holds; the workers record attempts shortly after the receiver answers. */
async function waitForDelivery(
  app: WebhookApp,
  id: string,
  done: (d: TWebhookDeliveryResponse) => boolean,
): Promise<TWebhookDeliveryResponse> {
  let last: TWebhookDeliveryResponse | undefined;
  return eventually(
    async () => {
      last = await deliveryDetail(app, id);
      return done(last) ? last : undefined;
    },
    () => `delivery ${id} to settle; it is ${JSON.stringify(last?.delivery)}`,
    10_000,
    50,
  );
}

async function runDeliverJob(app: WebhookApp, deliveryId: string) {
  const handler = app.target.jobHandlers.get("webhooks.deliver");
  if (!handler) throw new Error("no webhooks.deliver handler");
  await handler.handle({ deliveryId }, { jobId: `test-${deliveryId}` });
}

/** The id of the one delivery the app's outbox dispatch is about to store (it runs just after the commit). */
async function storedDeliveryId(app: WebhookApp): Promise<string> {
  return eventually(async () => (await deliveries(app))[0]?.id, "a delivery to be stored", 10_000, 50);
}

describe("webhook settings", () => {
  it("starts off with no URL or events and a whsec_ secret that stays the same across reads", async () => {
    const { owner, appId } = await createChatApp(t);
    const api = client(t.server);
    expect((await api.get(`${base(appId)}/enabled`, owner.token)).body).toEqual({ enabled: false });
    const first = await api.get<{ settings: TWebhookSettings }>(`${base(appId)}/settings`, owner.token);
    expect(first.body.settings).toEqual({
      url: "",
      events: [],
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      previousSecretExpiresAt: null,
    });
    const again = await api.get<{ settings: TWebhookSettings }>(`${base(appId)}/settings`, owner.token);
    expect(again.body.settings.secret).toBe(first.body.settings.secret);
  });

  it("refuses to switch webhooks on with 3045 until a URL is saved, and switches them off any time", async () => {
    const { owner, appId } = await createChatApp(t);
    const api = client(t.server);
    const refused = await api.put(`${base(appId)}/enabled`, { enabled: true }, owner.token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("3045");
    expect((await api.get(`${base(appId)}/enabled`, owner.token)).body).toEqual({ enabled: false });
    expect((await api.put(`${base(appId)}/enabled`, { enabled: false }, owner.token)).body).toEqual({ enabled: false });
    await api.put(`${base(appId)}/settings`, { url: "http://127.0.0.1:9/hooks", events: [] }, owner.token);
    expect((await api.put(`${base(appId)}/enabled`, { enabled: true }, owner.token)).body).toEqual({ enabled: true });
  });

  it("saves the URL, the events and the switch independently and reads them back", async () => {
    const { owner, appId } = await createChatApp(t);
    const api = client(t.server);
    const url = "http://127.0.0.1:9/hooks";
    const saved = await api.put<{ settings: TWebhookSettings }>(
      `${base(appId)}/settings`,
      { url, events: ["member.left", "message.created", "member.left"] },
      owner.token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ url, events: ["member.left", "message.created"] });
    expect((await api.get(`${base(appId)}/enabled`, owner.token)).body).toEqual({ enabled: false });
    expect((await api.put(`${base(appId)}/enabled`, { enabled: true }, owner.token)).body).toEqual({ enabled: true });
    expect((await api.get(`${base(appId)}/enabled`, owner.token)).body).toEqual({ enabled: true });
    const read = await api.get<{ settings: TWebhookSettings }>(`${base(appId)}/settings`, owner.token);
    expect(read.body.settings).toEqual(saved.body.settings);
  });

  it.each([
    ["a URL that is not http or https", "ftp://example.com/hooks"],
    ["text that is not a URL", "example.com/hooks"],
  ])("refuses %s with 300", async (_, url) => {
    const { owner, appId } = await createChatApp(t);
    const res = await client(t.server).put(`${base(appId)}/settings`, { url, events: [] }, owner.token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("300");
  });

  it("refuses an unknown event name with 300", async () => {
    const { owner, appId } = await createChatApp(t);
    const res = await client(t.server).put(
      `${base(appId)}/settings`,
      { url: "http://127.0.0.1:9/", events: ["message.exploded"] },
      owner.token,
    );
    expect(res.body.code).toBe("300");
  });

  it.each([
    "http://10.0.0.1/",
    "http://127.0.0.1/",
    "http://localhost:8080/hooks",
    "http://172.20.1.1/",
    "http://192.168.0.10/",
    "http://100.64.0.1/",
    "http://169.254.169.254/latest/meta-data",
    "http://0.0.0.0/",
    "http://[::1]/",
    "http://[fd12:3456::1]/",
    "http://[fe80::1]/",
    "http://[::]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[::ffff:127.0.0.1]/",
  ])("refuses %s with 3043 when the operator allows no private networks", async (url) => {
    const { owner, appId } = await createChatApp(strict);
    const api = client(strict.server);
    const res = await api.put(`${base(appId)}/settings`, { url, events: ["message.created"] }, owner.token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("3043");
    expect(
      (await api.get<{ settings: TWebhookSettings }>(`${base(appId)}/settings`, owner.token)).body.settings.url,
    ).toBe("");
  });

  it("accepts loopback addresses in the allowed networks and still refuses other private ones", async () => {
    const { owner, appId } = await createChatApp(t);
    const api = client(t.server);
    for (const url of ["http://127.0.0.1:9/", "http://[::1]:9/", "http://localhost:9/"]) {
      expect((await api.put(`${base(appId)}/settings`, { url, events: [] }, owner.token)).status).toBe(200);
    }
    const res = await api.put(`${base(appId)}/settings`, { url: "http://10.0.0.1/", events: [] }, owner.token);
    expect(res.body.code).toBe("3043");
  });

  it("refuses a host name that does not resolve with 3047", async () => {
    const { owner, appId } = await createChatApp(t);
    const res = await client(t.server).put(
      `${base(appId)}/settings`,
      { url: "https://no-such-host.invalid/hooks", events: [] },
      owner.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("3047");
  });

  it("rotates the secret and reports until when the previous one still signs", async () => {
    const { owner, appId } = await createChatApp(t);
    const api = client(t.server);
    const before = (await api.get<{ settings: TWebhookSettings }>(`${base(appId)}/settings`, owner.token)).body
      .settings;
    const rotated = await api.post<{ settings: TWebhookSettings }>(`${base(appId)}/secret/rotate`, {}, owner.token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.settings.secret).toMatch(/^whsec_/);
    expect(rotated.body.settings.secret).not.toBe(before.secret);
    expect(rotated.body.settings.previousSecretExpiresAt).toBe(
      new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString(),
    );
  });

  it("answers 3003 on every webhook route for another account's app", async () => {
    const { appId } = await createChatApp(t);
    const stranger = await createAccount(t);
    const api = client(t.server);
    const deliveryId = "msg_01J00000000000000000000000";
    const calls = [
      api.get(`${base(appId)}/enabled`, stranger.token),
      api.put(`${base(appId)}/enabled`, { enabled: true }, stranger.token),
      api.get(`${base(appId)}/settings`, stranger.token),
      api.put(`${base(appId)}/settings`, { url: "http://127.0.0.1:9/", events: [] }, stranger.token),
      api.post(`${base(appId)}/secret/rotate`, {}, stranger.token),
      api.get(`${base(appId)}/sample?event=message.created`, stranger.token),
      api.post(`${base(appId)}/test`, { event: "message.created" }, stranger.token),
      api.get(`${base(appId)}/deliveries`, stranger.token),
      api.get(`${base(appId)}/deliveries/${deliveryId}`, stranger.token),
      api.post(`${base(appId)}/deliveries/${deliveryId}/redeliver`, {}, stranger.token),
    ];
    for (const res of await Promise.all(calls)) expect(res.body.code).toBe("3003");
    expect((await api.get(`${base(appId)}/settings`)).body.code).toBe("1001");
  });
});

describe("webhook samples", () => {
  it.each(CHAT_EVENT_TYPES)("gives the delivery envelope of %s", async (event) => {
    const { owner, appId } = await createChatApp(t);
    const res = await client(t.server).get<{ event: string; payload: TWebhookPayload }>(
      `${base(appId)}/sample?event=${event}`,
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.event).toBe(event);
    const payload = zWebhookPayload.parse(res.body.payload);
    expect(payload).toMatchObject({ type: event, data: { appId, event: { type: event } } });
    expect(payload.timestamp).toBe(payload.data.event.createdAt);
  });

  it.each(CALL_WEBHOOK_EVENTS)("gives the delivery envelope of %s around a call", async (event) => {
    const { owner, appId } = await createChatApp(t);
    const res = await client(t.server).get<{ payload: unknown }>(`${base(appId)}/sample?event=${event}`, owner.token);
    const payload = zCallWebhookPayload.parse(res.body.payload);
    expect(payload).toMatchObject({ type: event, data: { appId, call: { kind: "video" } } });
  });

  it("refuses an unknown or missing event with 300", async () => {
    const { owner, appId } = await createChatApp(t);
    const api = client(t.server);
    expect((await api.get(`${base(appId)}/sample?event=nope`, owner.token)).body.code).toBe("300");
    expect(["300", "301"]).toContain((await api.get(`${base(appId)}/sample`, owner.token)).body.code);
  });
});

describe("webhook test send", () => {
  it("answers 3045 while the app has no URL", async () => {
    const { owner, appId } = await createChatApp(t);
    const res = await client(t.server).post(`${base(appId)}/test`, { event: "message.created" }, owner.token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("3045");
  });

  it("sends the event's sample signed per Standard Webhooks and logs it without an event id", async () => {
    const app = await webhookApp();
    const sample = await app.api.get<{ payload: TWebhookPayload }>(
      `${base(app.appId)}/sample?event=member.banned`,
      app.token,
    );
    const res = await app.api.post<{ delivery: TWebhookDelivery }>(
      `${base(app.appId)}/test`,
      { event: "member.banned" },
      app.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.delivery).toMatchObject({
      id: expect.stringMatching(/^msg_[0-9A-Z]{26}$/),
      eventType: "member.banned",
      eventId: null,
      status: "succeeded",
      attemptCount: 1,
      nextAttemptAt: null,
      lastAttempt: { httpStatus: 200, responseExcerpt: "ok", error: null },
    });
    const [request] = await app.receiver.waitFor(1);
    expect(request).toMatchObject({
      method: "POST",
      path: new URL(app.receiver.url).pathname,
      headers: {
        "content-type": "application/json",
        "user-agent": "Parley-Webhooks/1",
        "webhook-id": res.body.delivery.id,
        host: new URL(app.receiver.url).host,
      },
    });
    expect(verify(app.secret, request as ReceivedWebhook)).toEqual(sample.body.payload);
    expect((await deliveries(app)).map((d) => d.id)).toEqual([res.body.delivery.id]);
  });

  it("answers 3044 with the receiver's status and logs the answer", async () => {
    const app = await webhookApp();
    app.receiver.answer({ status: 500, body: "database down" });
    const res = await app.api.post(`${base(app.appId)}/test`, { event: "message.created" }, app.token);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe("3044");
    expect(res.body.message).toContain("HTTP 500");
    expect(res.body.data).toEqual({ reason: expect.stringContaining("HTTP 500") });
    const [logged] = await deliveries(app);
    expect(logged).toMatchObject({
      status: "failed",
      eventId: null,
      lastAttempt: { httpStatus: 500, responseExcerpt: "database down", error: null },
    });
  });

  it("answers 3044 when the receiver refuses the connection", async () => {
    const app = await webhookApp();
    const url = `http://127.0.0.1:${await closedPort()}/hooks`;
    await app.api.put(`${base(app.appId)}/settings`, { url, events: ["message.created"] }, app.token);
    const res = await app.api.post(`${base(app.appId)}/test`, { event: "message.created" }, app.token);
    expect(res.body.code).toBe("3044");
    expect(res.body.message).toContain("connection refused");
    const [logged] = await deliveries(app);
    expect(logged?.lastAttempt).toMatchObject({ httpStatus: null, error: "connection refused" });
  });

  it("does not follow a redirect and counts it as a failure", async () => {
    const app = await webhookApp();
    app.receiver.answer({ status: 302, headers: { location: `${app.receiver.url}/moved` } });
    const res = await app.api.post(`${base(app.appId)}/test`, { event: "message.created" }, app.token);
    expect(res.body.code).toBe("3044");
    expect(res.body.message).toContain("redirects are not followed");
    expect(app.receiver.requests).toHaveLength(1);
  });

  it("keeps only the first part of a long answer", async () => {
    const app = await webhookApp();
    app.receiver.answer({ status: 200, body: "é".repeat(5000) });
    const res = await app.api.post<{ delivery: TWebhookDelivery }>(
      `${base(app.appId)}/test`,
      { event: "message.created" },
      app.token,
    );
    expect(res.body.delivery.lastAttempt?.responseExcerpt).toBe("é".repeat(1000));
  });

  it("gives up on a receiver that does not answer within the time-out", async () => {
    const app = await webhookApp();
    app.receiver.answer("hang");
    const auth = await t.services.auth.authenticate(app.token);
    if (!auth) throw new Error("no session");
    const service = createWebhookService(t.ctx, { apps: t.services.apps }, { timeoutMs: 200 });
    const started = Date.now();
    const failure = await service.sendTest(auth, app.appId, "message.created").catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: "3044", message: expect.stringContaining("no answer within 200 ms") });
    expect(Date.now() - started).toBeLessThan(5_000);
    const [logged] = await deliveries(app);
    expect(logged?.lastAttempt).toMatchObject({ httpStatus: null, error: "no answer within 200 ms" });
  });

  it("refuses at send time a URL whose address became private, without calling it", async () => {
    const { owner, appId } = await createChatApp(strict);
    const api = client(strict.server);
    const r = await receiver();
    await api.get(`${base(appId)}/settings`, owner.token);
    // As if the host's DNS record changed to a private address after the URL was saved.
    await strict.ctx.database.query("update webhook_settings set url = $1 where app_id = $2", [r.url, appId]);
    const res = await api.post(`${base(appId)}/test`, { event: "message.created" }, owner.token);
    expect(res.body.code).toBe("3044");
    expect(res.body.message).toContain("private or local address");
    expect(r.requests).toHaveLength(0);
  });
});

describe("webhook delivery of chat events", () => {
  it("delivers a message sent through the chat API, signed so the reference verifier accepts it", async () => {
    const app = await webhookApp(["message.created"]);
    const send = await channelWithMembers(app);
    const message = await send("hello webhooks");
    const [request] = await app.receiver.waitFor(1);
    const payload = verify(app.secret, request as ReceivedWebhook);
    expect(payload).toMatchObject({
      type: "message.created",
      data: {
        appId: app.appId,
        event: { type: "message.created", message: { id: message.id, text: "hello webhooks" } },
      },
    });
    // The event as stored with the message, field for field the message the sender was answered with, but for the
    // sender's own reactions, which an event heard by every member leaves out.
    const { myReactions, ...heard } = message as typeof message & { myReactions?: string[] };
    expect(myReactions).toEqual([]);
    expect(payload.data.event.message).toEqual(heard);
    expect(request?.headers["webhook-id"]).toMatch(/^msg_/);
    expect(() =>
      new Webhook(`whsec_${Buffer.from("someone else").toString("base64")}`).verify(
        request?.body ?? "",
        request?.headers ?? {},
      ),
    ).toThrow();
    const detail = await waitForDelivery(
      app,
      request?.headers["webhook-id"] ?? "",
      (d) => d.delivery.status !== "pending",
    );
    expect(detail.delivery).toMatchObject({
      eventType: "message.created",
      eventId: payload.data.event.id,
      status: "succeeded",
      attemptCount: 1,
    });
    expect(detail.payload).toEqual(payload);
    expect(detail.attempts).toEqual([expect.objectContaining({ httpStatus: 200, error: null })]);
  });

  it("delivers only the subscribed event types", async () => {
    const app = await webhookApp(["message.created"]);
    const send = await channelWithMembers(app);
    await send("one");
    await app.receiver.waitFor(1);
    // Creating the channel and adding members raised events of other types before the message's.
    expect((await deliveries(app)).map((d) => d.eventType)).toEqual(["message.created"]);
    expect(app.receiver.requests).toHaveLength(1);
  });

  it("delivers the same shape as the sample shows", async () => {
    const app = await webhookApp(["message.created"]);
    const send = await channelWithMembers(app);
    await send("shape");
    const [request] = await app.receiver.waitFor(1);
    const sample = await app.api.get<{ payload: TWebhookPayload }>(
      `${base(app.appId)}/sample?event=message.created`,
      app.token,
    );
    const shape = (value: unknown): unknown =>
      value && typeof value === "object" && !Array.isArray(value)
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => key !== "metadata")
              .map(([key, v]) => [key, shape(v)])
              .sort(([a], [b]) => String(a).localeCompare(String(b))),
          )
        : typeof value;
    expect(shape(JSON.parse(request?.body ?? "{}"))).toEqual(shape(sample.body.payload));
  });

  it("queues nothing while webhooks are off and resumes when they are switched on", async () => {
    const app = await webhookApp(["message.created"]);
    await app.api.put(`${base(app.appId)}/enabled`, { enabled: false }, app.token);
    const send = await channelWithMembers(app);
    await send("while off");
    await app.api.put(`${base(app.appId)}/enabled`, { enabled: true }, app.token);
    await send("while on");
    const [request] = await app.receiver.waitFor(1);
    expect(verify(app.secret, request as ReceivedWebhook).data.event.message?.text).toBe("while on");
    expect(await deliveries(app)).toHaveLength(1);
  });

  it("signs with both secrets while the previous one is valid and with the new one only after 24 hours", async () => {
    const app = await webhookApp(["message.created"]);
    const rotated = await app.api.post<{ settings: TWebhookSettings }>(
      `${base(app.appId)}/secret/rotate`,
      {},
      app.token,
    );
    const newSecret = rotated.body.settings.secret;
    const send = await channelWithMembers(app);
    await send("during rotation");
    const [during] = await app.receiver.waitFor(1);
    expect(during?.headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(verify(newSecret, during as ReceivedWebhook).data.event.message?.text).toBe("during rotation");
    expect(verify(app.secret, during as ReceivedWebhook).data.event.message?.text).toBe("during rotation");

    t.clock.advance(24 * 3_600_000 + 1000);
    await send("after rotation");
    const [, after] = await app.receiver.waitFor(2);
    expect(after?.headers["webhook-signature"]?.split(" ")).toHaveLength(1);
    expect(verify(newSecret, after as ReceivedWebhook).data.event.message?.text).toBe("after rotation");
    expect(() => verify(app.secret, after as ReceivedWebhook)).toThrow(/No matching signature/);
    const settings = await app.api.get<{ settings: TWebhookSettings }>(`${base(app.appId)}/settings`, app.token);
    expect(settings.body.settings.previousSecretExpiresAt).toBeNull();
  });

  it("retries a failed delivery after its delay under the same webhook-id and logs both attempts", async () => {
    const app = await webhookApp(["message.created"], manual);
    app.receiver.answer({ status: 500, body: "try later" }, { status: 200, body: "thanks" });
    const send = await channelWithMembers(app);
    await send("retry me");
    const id = await storedDeliveryId(app);
    await runDeliverJob(app, id);
    const [first] = await app.receiver.waitFor(1);
    expect(first?.headers["webhook-id"]).toBe(id);
    const failed = await deliveryDetail(app, id);
    expect(failed.delivery).toMatchObject({
      status: "pending",
      attemptCount: 1,
      nextAttemptAt: new Date(manual.clock.now().getTime() + WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000).toISOString(),
      lastAttempt: { httpStatus: 500, responseExcerpt: "try later" },
    });
    expect((await deliveries(app, "?status=failed")).map((d) => d.id)).toEqual([id]);

    await runDeliverJob(app, id);
    expect(app.receiver.requests).toHaveLength(1);

    manual.clock.advance(WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000);
    await runDeliverJob(app, id);
    const [, second] = await app.receiver.waitFor(2);
    expect(second?.headers["webhook-id"]).toBe(id);
    expect(second?.body).toBe(first?.body);
    verify(app.secret, second as ReceivedWebhook);
    const done = await deliveryDetail(app, id);
    expect(done.delivery).toMatchObject({ status: "succeeded", attemptCount: 2, nextAttemptAt: null });
    expect(done.attempts.map((a) => [a.httpStatus, a.responseExcerpt])).toEqual([
      [500, "try later"],
      [200, "thanks"],
    ]);
    expect(await deliveries(app, "?status=failed")).toEqual([]);
  });

  it("marks a delivery failed once every retry is used up", async () => {
    const app = await webhookApp(["message.created"], manual);
    const attempts = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;
    app.receiver.answer(...Array.from({ length: attempts }, () => ({ status: 503 })));
    const send = await channelWithMembers(app);
    await send("never lands");
    const id = await storedDeliveryId(app);
    await runDeliverJob(app, id);
    for (const delay of WEBHOOK_RETRY_DELAYS_SECONDS) {
      manual.clock.advance(delay * 1000);
      await runDeliverJob(app, id);
    }
    expect(app.receiver.requests).toHaveLength(attempts);
    const detail = await deliveryDetail(app, id);
    expect(detail.delivery).toMatchObject({ status: "failed", attemptCount: attempts, nextAttemptAt: null });
    expect(detail.attempts).toHaveLength(attempts);
    expect((await deliveries(app, "?status=failed")).map((d) => d.id)).toEqual([id]);
  });

  it("attempts a delivery once when its job runs several times at once or again later", async () => {
    const app = await webhookApp(["message.created"], manual);
    const send = await channelWithMembers(app);
    await send("once");
    const id = await storedDeliveryId(app);
    await Promise.all([runDeliverJob(app, id), runDeliverJob(app, id), runDeliverJob(app, id)]);
    expect(app.receiver.requests).toHaveLength(1);
    await runDeliverJob(app, id);
    expect(app.receiver.requests).toHaveLength(1);
    expect((await deliveryDetail(app, id)).attempts).toHaveLength(1);
  });

  it("delivers to the URL saved after the event was queued", async () => {
    const app = await webhookApp(["message.created"], manual);
    app.receiver.answer({ status: 500 });
    const send = await channelWithMembers(app);
    await send("moving");
    const id = await storedDeliveryId(app);
    await runDeliverJob(app, id);
    const moved = await receiver();
    await app.api.put(`${base(app.appId)}/settings`, { url: moved.url, events: ["message.created"] }, app.token);
    manual.clock.advance(WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000);
    await runDeliverJob(app, id);
    const [request] = await moved.waitFor(1);
    expect(request?.headers["webhook-id"]).toBe(id);
    expect(app.receiver.requests).toHaveLength(1);
  });

  it("still delivers what was queued before webhooks were switched off", async () => {
    const app = await webhookApp(["message.created"], manual);
    const send = await channelWithMembers(app);
    await send("queued");
    const id = await storedDeliveryId(app);
    await app.api.put(`${base(app.appId)}/enabled`, { enabled: false }, app.token);
    await runDeliverJob(app, id);
    const [request] = await app.receiver.waitFor(1);
    expect(request?.headers["webhook-id"]).toBe(id);
  });

  it("redelivers under the same webhook-id and appends the attempt to the log", async () => {
    const app = await webhookApp(["message.created"]);
    const send = await channelWithMembers(app);
    await send("again");
    const [first] = await app.receiver.waitFor(1);
    const id = first?.headers["webhook-id"] ?? "";
    await waitForDelivery(app, id, (d) => d.delivery.status === "succeeded");
    const res = await app.api.post<{ delivery: TWebhookDelivery }>(
      `${base(app.appId)}/deliveries/${id}/redeliver`,
      {},
      app.token,
    );
    expect(res.body.delivery).toMatchObject({ id, status: "pending", attemptCount: 1 });
    const [, second] = await app.receiver.waitFor(2);
    expect(second?.headers["webhook-id"]).toBe(id);
    expect(verify(app.secret, second as ReceivedWebhook)).toEqual(JSON.parse(first?.body ?? "{}"));
    const detail = await waitForDelivery(app, id, (d) => d.attempts.length === 2 && d.delivery.status !== "pending");
    expect(detail.delivery).toMatchObject({ status: "succeeded", attemptCount: 2 });
  });

  it("enqueues again a stored delivery whose job was lost", async () => {
    const app = await webhookApp(["message.created"]);
    const now = t.clock.now();
    const id = "msg_01J0SWEEP0000000000000000A";
    const event = {
      id: "77",
      type: "message.deleted" as const,
      channelId: "7d0e4c1a-3b5f-4f2e-9a61-2c8b9e0d4f17",
      createdAt: now.toISOString(),
      messageId: "c3a9f2d4-6e1b-4a7c-8d05-91f3b2e6a8c0",
    };
    const payload = { type: event.type, timestamp: event.createdAt, data: { appId: app.appId, event } };
    // What a crash between the commit that stored the delivery and the job send leaves behind.
    await t.ctx.database.query(
      `insert into webhook_deliveries (id, app_id, event_id, event_type, payload, status, next_attempt_at, created_at)
       values ($1, $2, 77, 'message.deleted', $3, 'pending', $4, $4)`,
      [id, app.appId, JSON.stringify(payload), new Date(now.getTime() - 2 * 60_000).toISOString()],
    );
    const sweep = t.jobHandlers.get("webhooks.sweep");
    await sweep?.handle({}, { jobId: "test-sweep" });
    const [request] = await app.receiver.waitFor(1);
    expect(request?.headers["webhook-id"]).toBe(id);
    expect(verify(app.secret, request as ReceivedWebhook)).toEqual(payload);
  });
});

describe("webhook retry rules", () => {
  /** When the job queue will next run the delivery's job, in seconds from when the job was sent. */
  async function queuedWait(app: WebhookApp, id: string): Promise<number> {
    const [job] = await app.target.ctx.database.query<{ wait: number }>(
      `select extract(epoch from start_after - created_on)::float8 as wait from jobs
       where name = 'webhooks.deliver' and data->>'deliveryId' = $1 order by created_on desc limit 1`,
      [id],
    );
    return Number(job?.wait);
  }

  /** Sends a message and runs the first attempt of its delivery; the receiver answers with `answers`. */
  async function failedOnce(...answers: Parameters<Receiver["answer"]>) {
    const app = await webhookApp(["message.created"], manual);
    app.receiver.answer(...answers);
    const send = await channelWithMembers(app);
    await send("busy receiver");
    const id = await storedDeliveryId(app);
    await runDeliverJob(app, id);
    await app.receiver.waitFor(1);
    return { app, id, send };
  }

  it("retries a 429 after its Retry-After seconds, through the job queue, and not at the schedule's 5 seconds", async () => {
    const { app, id } = await failedOnce({ status: 429, headers: { "retry-after": "120" } }, { status: 200 });
    const started = manual.clock.now().getTime();
    expect((await deliveryDetail(app, id)).delivery).toMatchObject({
      status: "pending",
      nextAttemptAt: new Date(started + 120_000).toISOString(),
    });
    expect(await queuedWait(app, id)).toBeCloseTo(120, 0);
    manual.clock.advance(WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000);
    await runDeliverJob(app, id);
    expect(app.receiver.requests).toHaveLength(1);
    manual.clock.advance(120_000 - WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000);
    await runDeliverJob(app, id);
    await app.receiver.waitFor(2);
    expect((await deliveryDetail(app, id)).delivery).toMatchObject({ status: "succeeded", attemptCount: 2 });
  });

  it("retries a 503 at the HTTP-date its Retry-After names", async () => {
    const app = await webhookApp(["message.created"], manual);
    const at = new Date(manual.clock.now().getTime() + 600_000);
    app.receiver.answer({ status: 503, headers: { "retry-after": at.toUTCString() } });
    const send = await channelWithMembers(app);
    await send("maintenance");
    const id = await storedDeliveryId(app);
    await runDeliverJob(app, id);
    const { delivery } = await deliveryDetail(app, id);
    // An HTTP-date has whole seconds; the clock may be past the last one.
    const wait = new Date(delivery.nextAttemptAt ?? 0).getTime() - manual.clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(599_000);
    expect(wait).toBeLessThanOrEqual(600_000);
  });

  it("waits no longer than the end of the retry schedule, however far Retry-After points", async () => {
    const { app, id } = await failedOnce({ status: 429, headers: { "retry-after": String(30 * 86_400) } });
    const { delivery } = await deliveryDetail(app, id);
    expect(delivery.nextAttemptAt).toBe(
      new Date(new Date(delivery.createdAt).getTime() + RETRY_SCHEDULE_SECONDS * 1000).toISOString(),
    );
  });

  it("ignores Retry-After on a 500 and keeps the schedule", async () => {
    const { app, id } = await failedOnce({ status: 500, headers: { "retry-after": "3600" } });
    expect((await deliveryDetail(app, id)).delivery.nextAttemptAt).toBe(
      new Date(manual.clock.now().getTime() + WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000).toISOString(),
    );
  });

  it("puts a retry job that runs a second early back in the queue for the rest of the wait, not lost", async () => {
    const { app, id } = await failedOnce({ status: 500 }, { status: 200 });
    expect(await queuedWait(app, id)).toBeCloseTo(WEBHOOK_RETRY_DELAYS_SECONDS[0], 0);
    // As when the database's clock runs a second ahead of the app's.
    manual.clock.advance(WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000 - 1000);
    await runDeliverJob(app, id);
    expect(app.receiver.requests).toHaveLength(1);
    expect(await queuedWait(app, id)).toBeCloseTo(1, 0);
    manual.clock.advance(1000);
    await runDeliverJob(app, id);
    await app.receiver.waitFor(2);
  });

  it("stops on 410 Gone: no retry, webhooks off, queued deliveries failed, and the owner told by mail", async () => {
    const app = await webhookApp(["message.created"], manual);
    app.receiver.answer({ status: 410, body: "endpoint removed" });
    const send = await channelWithMembers(app);
    await send("first");
    await send("second");
    const [second, first] = await eventually(
      async () => {
        const queued = await deliveries(app);
        return queued.length >= 2 ? queued : undefined;
      },
      "two deliveries to be queued",
      10_000,
      50,
    );
    if (!first || !second) throw new Error("expected two deliveries");
    await runDeliverJob(app, first.id);
    await app.receiver.waitFor(1);

    expect((await deliveryDetail(app, first.id)).delivery).toMatchObject({
      status: "failed",
      attemptCount: 1,
      nextAttemptAt: null,
      lastAttempt: { httpStatus: 410 },
    });
    expect((await deliveryDetail(app, second.id)).delivery).toMatchObject({ status: "failed", attemptCount: 0 });
    expect((await app.api.get(`${base(app.appId)}/enabled`, app.token)).body).toEqual({ enabled: false });
    const mail = await manual.waitForMail(app.owner.email, /웹훅이 꺼졌습니다/);
    expect(mail.text).toContain("410 Gone");
    expect(mail.text).toContain(`http://parley.test/apps/${app.appId}/webhooks`);

    await runDeliverJob(app, second.id);
    await send("after");
    expect(app.receiver.requests).toHaveLength(1);
  });

  it("makes the first retry 5 seconds after a failure, while another app's receiver hangs", async () => {
    // Production's poll interval, so a retry that waited for the next poll would show.
    const timed = await startTestApp({ env: { ...ALLOW_LOOPBACK, JOB_POLL_SECONDS: "2" } });
    let hanging: WebhookApp | undefined;
    try {
      hanging = await webhookApp(["message.created"], timed);
      hanging.receiver.answer("hang");
      const failing = await webhookApp(["message.created"], timed);
      failing.receiver.answer({ status: 500 }, { status: 200 });
      const [sendHanging, sendFailing] = await Promise.all([channelWithMembers(hanging), channelWithMembers(failing)]);
      // The app's clock follows the real one here: the retry is due by the app's clock, and run by the queue's.
      const realStart = Date.now();
      const appStart = timed.clock.now().getTime();
      const ticker = setInterval(() => timed.clock.set(new Date(appStart + Date.now() - realStart)), 10);
      try {
        await sendHanging("hang on");
        await hanging.receiver.waitFor(1);
        const sent = Date.now();
        await sendFailing("fail once");
        await failing.receiver.waitFor(1);
        const firstAt = Date.now();
        await failing.receiver.waitFor(2, 12_000);
        const retryAfterMs = Date.now() - firstAt;
        expect(firstAt - sent).toBeLessThan(3_000);
        expect(retryAfterMs).toBeGreaterThanOrEqual(4_900);
        expect(retryAfterMs).toBeLessThan(6_500);
      } finally {
        clearInterval(ticker);
      }
    } finally {
      // Ends the hanging attempt now, so the app stops without waiting out its time-out.
      await hanging?.receiver.close();
      await timed.close();
    }
  }, 40_000);
});

describe("webhook delivery log", () => {
  it("lists deliveries newest first, page by page", async () => {
    const app = await webhookApp(["message.created"]);
    const ids: string[] = [];
    for (const event of ["member.joined", "member.left", "channel.frozen"]) {
      t.clock.advance(1000);
      const res = await app.api.post<{ delivery: TWebhookDelivery }>(`${base(app.appId)}/test`, { event }, app.token);
      ids.push(res.body.delivery.id);
    }
    const first = await app.api.get<TWebhookDeliveriesPage>(`${base(app.appId)}/deliveries?limit=2`, app.token);
    expect(first.body.deliveries.map((d) => d.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await app.api.get<TWebhookDeliveriesPage>(
      `${base(app.appId)}/deliveries?limit=2&cursor=${first.body.nextCursor}`,
      app.token,
    );
    expect(second.body).toMatchObject({ deliveries: [{ id: ids[0], eventType: "member.joined" }], nextCursor: null });
  });

  it("refuses a malformed cursor or status with 300", async () => {
    const app = await webhookApp();
    expect((await app.api.get(`${base(app.appId)}/deliveries?cursor=bogus`, app.token)).body.code).toBe("300");
    expect((await app.api.get(`${base(app.appId)}/deliveries?status=broken`, app.token)).body.code).toBe("300");
  });

  it("answers 3046 for an unknown delivery and for another app's delivery", async () => {
    const app = await webhookApp();
    const sent = await app.api.post<{ delivery: TWebhookDelivery }>(
      `${base(app.appId)}/test`,
      { event: "message.created" },
      app.token,
    );
    const other = await app.api.post<{ app: { id: string } }>("/apps", { name: "Second" }, app.token);
    const otherId = other.body.app.id;
    const unknown = "msg_01J00000000000000000000000";
    for (const [appId, deliveryId] of [
      [app.appId, unknown],
      [otherId, sent.body.delivery.id],
    ]) {
      const detail = await app.api.get(`${base(appId as string)}/deliveries/${deliveryId}`, app.token);
      expect(detail.status).toBe(404);
      expect(detail.body.code).toBe("3046");
      const redeliver = await app.api.post(
        `${base(appId as string)}/deliveries/${deliveryId}/redeliver`,
        {},
        app.token,
      );
      expect(redeliver.body.code).toBe("3046");
    }
  });
});
