import {
  API_KEY_STREAMS_PER_KEY,
  type TLiveFrame,
  type TWebhookListenEvent,
  type TWebhookListenFrame,
  type TWebhookSettings,
} from "@parley/contract";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { acceptedStream, openStream, type StreamReader } from "../../event-stream-client";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../../harness";
import { until } from "../../poll";
import { type Receiver, startReceiver } from "../../webhooks-receiver";

let t: TestApp;
let baseUrl: string;
const streams: StreamReader<unknown>[] = [];
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { ...ALLOW_LOOPBACK } });
  baseUrl = await t.server.listen({ port: 0, host: "127.0.0.1" });
});
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  // The server hears each cut connection a moment later; its close would wait on a stream it still holds.
  await until(async () => t.services.live.viewerCount() === 0, "every stream closed on the server");
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  // A connection whose client cut a stream can stay half-open on the server until something is written to it; the
  // close would wait for it rather than for any work.
  t?.server.server.closeAllConnections();
  await t?.close();
});

async function listen(apiKey: string, events?: string): Promise<StreamReader<TWebhookListenFrame>> {
  const query = events ? `?events=${encodeURIComponent(events)}` : "";
  const reader = acceptedStream(await openStream<TWebhookListenFrame>(`${baseUrl}/v1/webhooks/listen${query}`, apiKey));
  streams.push(reader as StreamReader<unknown>);
  return reader;
}

const heard =
  (test: (event: TWebhookListenEvent) => boolean) =>
  (frame: TWebhookListenFrame): boolean =>
    frame.kind === "event" && test(frame.event);
const events = (reader: StreamReader<TWebhookListenFrame>) =>
  reader.frames.flatMap((frame) => (frame.kind === "event" ? [frame.event] : []));
const textOf = (event: TWebhookListenEvent) =>
  "event" in event.payload.data ? event.payload.data.event.message?.text : undefined;

/** An app with a user in a channel of their own, ready to send. */
async function room() {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const created = await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" });
  const send = async (text: string) => {
    const sent = await kim.api.post<{ message: { id: string } }>(`/channels/${created.body.channel.id}/messages`, {
      text,
    });
    expect(sent.status).toBe(200);
  };
  return { app, kim, channelId: created.body.channel.id, send };
}

describe("webhook listening", () => {
  it("refuses a call without a credential with 3028 and a user's session token with 1023", async () => {
    const { kim } = await room();
    expect(await openStream(`${baseUrl}/v1/webhooks/listen`, null)).toMatchObject({
      status: 401,
      body: { code: "3028" },
    });
    expect(await openStream(`${baseUrl}/v1/webhooks/listen`, kim.sessionToken)).toMatchObject({
      status: 403,
      body: { code: "1023" },
    });
    expect(await openStream(`${baseUrl}/v1/events/live`, kim.sessionToken)).toMatchObject({
      status: 403,
      body: { code: "1023" },
    });
  });

  it("hears a message with exactly the body the webhook URL gets, signed deliveries going on as before", async () => {
    const { app, send } = await room();
    const r = await startReceiver();
    receivers.push(r);
    const api = client(t.server);
    const saved = await api.put<{ settings: TWebhookSettings }>(
      `/apps/${app.appId}/webhook/settings`,
      { url: r.url, events: ["message.created"] },
      app.owner.token,
    );
    expect((await api.put(`/apps/${app.appId}/webhook/enabled`, { enabled: true }, app.owner.token)).status).toBe(200);
    const listener = await listen(app.apiKey);

    await send("hello listener");
    const frame = await listener.waitFor(heard((event) => textOf(event) === "hello listener"));
    const [delivery] = await r.waitFor(1);
    if (frame.kind !== "event" || !delivery) throw new Error("no event");
    expect(frame.event).toMatchObject({ type: "message.created", resent: false });
    expect(JSON.parse(delivery.body)).toEqual(frame.event.payload);
    expect(() =>
      new Webhook(saved.body.settings.secret).verify(delivery.body, {
        "webhook-id": delivery.headers["webhook-id"] ?? "",
        "webhook-timestamp": delivery.headers["webhook-timestamp"] ?? "",
        "webhook-signature": delivery.headers["webhook-signature"] ?? "",
      }),
    ).not.toThrow();
  });

  it("hears every event type of an app with no webhook URL, and nothing of another app", async () => {
    const mine = await room();
    const theirs = await room();
    const listener = await listen(mine.app.apiKey);
    await theirs.send("not yours");
    await mine.app.user("lee");
    await mine.kim.api.post(`/channels/${mine.channelId}/members`, { userIds: ["lee"] });
    await mine.send("yours");
    await listener.waitFor(heard((event) => textOf(event) === "yours"));
    expect(events(listener).map((event) => event.type)).toEqual(["member.joined", "message.created"]);
    expect(events(listener).every((event) => event.payload.data.appId === mine.app.appId)).toBe(true);
  });

  it("hears only the types named by events, and refuses an unknown type with 300", async () => {
    const { app, kim, channelId, send } = await room();
    const listener = await listen(app.apiKey, "member.joined");
    await send("left out");
    await app.user("lee");
    await kim.api.post(`/channels/${channelId}/members`, { userIds: ["lee"] });
    await listener.waitFor(heard((event) => event.type === "member.joined"));
    expect(events(listener).map((event) => event.type)).toEqual(["member.joined"]);
    expect(await openStream(`${baseUrl}/v1/webhooks/listen?events=message.sent`, app.apiKey)).toMatchObject({
      status: 400,
      body: { code: "300" },
    });
  });

  it("resends a chat event to the app's listeners by its id, and not to the live tail", async () => {
    const { app, send } = await room();
    const listener = await listen(app.apiKey);
    const tail = acceptedStream(await openStream<TLiveFrame>(`${baseUrl}/v1/events/live`, app.apiKey));
    streams.push(tail as StreamReader<unknown>);
    await send("again");
    const first = await listener.waitFor(heard((event) => textOf(event) === "again"));
    if (first.kind !== "event") throw new Error("no event");

    const resent = await app.server.post<{ event: { id: string; type: string } }>(
      `/events/${first.event.id}/resend`,
      {},
    );
    expect(resent.status).toBe(200);
    expect(resent.body.event).toEqual({ id: first.event.id, type: "message.created" });
    const again = await listener.waitFor(heard((event) => event.resent));
    if (again.kind !== "event") throw new Error("no event");
    expect(again.event).toEqual({ ...first.event, resent: true });
    await send("after");
    await tail.waitFor(
      (frame) => frame.kind === "event" && frame.event.type === "message.created" && tail.frames.length > 2,
    );
    expect(
      tail.frames.filter((frame) => frame.kind === "event").map((frame) => frame.kind === "event" && frame.event.id),
    ).toEqual([first.event.id, expect.any(String)]);
  });

  it("resends a delivery by its msg_ id, and answers 3190 for an event of another app or none", async () => {
    const { app, send } = await room();
    const other = await room();
    const r = await startReceiver();
    receivers.push(r);
    const api = client(t.server);
    await api.put(`/apps/${app.appId}/webhook/settings`, { url: r.url, events: ["message.created"] }, app.owner.token);
    await api.put(`/apps/${app.appId}/webhook/enabled`, { enabled: true }, app.owner.token);
    const listener = await listen(app.apiKey);
    await send("delivered");
    const [delivery] = await r.waitFor(1);
    const deliveryId = delivery?.headers["webhook-id"] ?? "";
    expect(deliveryId).toMatch(/^msg_/);
    const original = await listener.waitFor(heard((event) => textOf(event) === "delivered"));
    if (original.kind !== "event") throw new Error("no event");

    expect((await app.server.post(`/events/${deliveryId}/resend`, {})).status).toBe(200);
    const again = await listener.waitFor(heard((event) => event.resent));
    expect(again).toEqual({ kind: "event", event: { ...original.event, resent: true } });

    expect((await other.app.server.post(`/events/${original.event.id}/resend`, {})).body).toMatchObject({
      code: "3190",
    });
    expect((await other.app.server.post(`/events/${deliveryId}/resend`, {})).body).toMatchObject({ code: "3190" });
    expect((await app.server.post("/events/99999999999/resend", {})).body).toMatchObject({ code: "3190" });
    expect((await app.server.post("/events/abc/resend", {})).body).toMatchObject({ code: "300" });
    const { kim } = other;
    expect((await kim.api.post(`/events/${original.event.id}/resend`, {})).body).toMatchObject({ code: "1023" });
  });

  it("hears a report, which is not on the bus, with the body a delivery carries, and without a delivery", async () => {
    const { app, kim, channelId } = await room();
    const lee = await app.user("lee");
    await kim.api.post(`/channels/${channelId}/members`, { userIds: ["lee"] });
    const sent = await kim.api.post<{ message: { id: string } }>(`/channels/${channelId}/messages`, { text: "spam" });
    const listener = await listen(app.apiKey, "report.created");
    const reported = await lee.api.post(`/channels/${channelId}/messages/${sent.body.message.id}/report`, {
      reason: "spam",
    });
    expect(reported.status).toBe(200);
    const frame = await listener.waitFor(heard((event) => event.type === "report.created"));
    expect(frame).toMatchObject({
      kind: "event",
      event: {
        type: "report.created",
        resent: false,
        payload: {
          type: "report.created",
          data: { appId: app.appId, report: { reason: "spam" }, target: { messageId: sent.body.message.id } },
        },
      },
    });
  });

  it(`refuses stream ${API_KEY_STREAMS_PER_KEY + 1} of one API key with 3191`, async () => {
    const { app } = await room();
    for (let i = 0; i < API_KEY_STREAMS_PER_KEY - 1; i++) await listen(app.apiKey);
    streams.push(acceptedStream(await openStream(`${baseUrl}/v1/events/live`, app.apiKey)));
    expect(await openStream(`${baseUrl}/v1/webhooks/listen`, app.apiKey)).toMatchObject({
      status: 429,
      body: { code: "3191" },
    });
  });
});

describe("the live tail with an API key", () => {
  it("shows the app's events with the dashboard tail's filters", async () => {
    const { app, kim, channelId, send } = await room();
    const tail = acceptedStream(
      await openStream<TLiveFrame>(`${baseUrl}/v1/events/live?types=member.joined&channelId=${channelId}`, app.apiKey),
    );
    streams.push(tail as StreamReader<unknown>);
    await send("left out");
    await app.user("lee");
    await kim.api.post(`/channels/${channelId}/members`, { userIds: ["lee"] });
    const joined = await tail.waitFor((frame) => frame.kind === "event");
    expect(joined).toMatchObject({ kind: "event", event: { type: "member.joined", channelId, userId: "lee" } });
    expect(tail.frames.filter((frame) => frame.kind === "event")).toHaveLength(1);
  });
});
