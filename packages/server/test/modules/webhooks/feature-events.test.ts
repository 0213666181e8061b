import type {
  TChatEventType,
  TMessage,
  TWebhookDeliveriesPage,
  TWebhookPayload,
  TWebhookSettings,
} from "@parley/contract";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../../harness";
import { type Receiver, startReceiver } from "../../webhooks-receiver";

/** Loopback allowed, as an operator running receivers on the same host would configure it; workers running. */
let t: TestApp;
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { ...ALLOW_LOOPBACK } });
});
afterAll(() => t?.close());
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const base = (appId: string) => `/apps/${appId}/webhook`;

/** An app with webhooks on, pointed at a fresh receiver and subscribed to `events`. */
async function webhookApp(events: TChatEventType[]) {
  const app = await createChatApp(t);
  const api = client(t.server);
  const receiver = await startReceiver();
  receivers.push(receiver);
  const saved = await api.put<{ settings: TWebhookSettings }>(
    `${base(app.appId)}/settings`,
    { url: receiver.url, events },
    app.owner.token,
  );
  expect(saved.status).toBe(200);
  expect((await api.put(`${base(app.appId)}/enabled`, { enabled: true }, app.owner.token)).status).toBe(200);
  return { ...app, api, receiver, secret: saved.body.settings.secret };
}

type WebhookApp = Awaited<ReturnType<typeof webhookApp>>;

/** Kim's channel with Lee in it and a message of Kim's, and the paths to act on that message. */
async function room(app: WebhookApp) {
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const created = await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Team", userIds: ["lee"] });
  expect(created.status).toBe(200);
  const channelId = created.body.channel.id;
  const sent = await kim.api.post<{ message: TMessage }>(`/channels/${channelId}/messages`, { text: "parent" });
  expect(sent.status).toBe(200);
  const message = sent.body.message;
  const path = `/channels/${channelId}/messages/${message.id}`;
  return { kim, lee, channelId, message, path, pin: `/channels/${channelId}/pins/${message.id}` };
}

/**
 * The first `count` deliveries, each verified against the app's secret with the reference Standard Webhooks
 * library (which throws on a bad or missing signature), by event type.
 */
async function verifiedDeliveries(app: WebhookApp, count: number): Promise<Map<string, TWebhookPayload[]>> {
  const byType = new Map<string, TWebhookPayload[]>();
  for (const request of await app.receiver.waitFor(count)) {
    const payload = new Webhook(app.secret).verify(request.body, request.headers) as TWebhookPayload;
    expect(payload).toMatchObject({ type: payload.data.event.type, data: { appId: app.appId } });
    byType.set(payload.type, [...(byType.get(payload.type) ?? []), payload]);
  }
  return byType;
}

async function storedDeliveryTypes(app: WebhookApp): Promise<string[]> {
  const res = await app.api.get<TWebhookDeliveriesPage>(`${base(app.appId)}/deliveries`, app.owner.token);
  expect(res.status).toBe(200);
  return res.body.deliveries.map((d) => d.eventType).sort();
}

/** Maps whose keys are the app's or its users' own (a message's metadata and reactions, a channel's data). */
const FREE_FORM = new Set(["metadata", "reactions", "channel.data"]);

/** A value's keys, nested, with each leaf's type: what a receiver built against the sample relies on. */
const shape = (value: unknown, parent = ""): unknown =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value)
          .map(([key, v]) => [key, FREE_FORM.has(key) || FREE_FORM.has(`${parent}.${key}`) ? "map" : shape(v, key)])
          .sort(([a], [b]) => String(a).localeCompare(String(b))),
      )
    : typeof value;

describe("webhook delivery of the messaging features' events", () => {
  it("delivers a reaction, an edit, a reply with its thread update, a read mark, a pin and an unpin, each signed", async () => {
    const app = await webhookApp([
      "message.created",
      "message.updated",
      "reaction.added",
      "thread.updated",
      "channel.read",
      "message.pinned",
      "message.unpinned",
    ]);
    const { kim, lee, channelId, message, path, pin } = await room(app);
    expect((await lee.api.post(`${path}/reactions`, { reaction: "like" })).status).toBe(200);
    expect((await kim.api.patch(path, { text: "parent, edited" })).status).toBe(200);
    const reply = await lee.api.post<{ message: TMessage }>(`/channels/${channelId}/messages`, {
      text: "a reply",
      parentMessageId: message.id,
    });
    expect(reply.status).toBe(200);
    const read = await kim.api.post<{ lastReadSeq: number }>(`/channels/${channelId}/read`, {});
    expect(read.body.lastReadSeq).toBe(reply.body.message.seq);
    expect((await kim.api.post(pin)).status).toBe(200);
    expect((await kim.api.delete(pin)).status).toBe(200);

    const delivered = await verifiedDeliveries(app, 8);
    expect([...delivered.keys()].sort()).toEqual([
      "channel.read",
      "message.created",
      "message.pinned",
      "message.unpinned",
      "message.updated",
      "reaction.added",
      "thread.updated",
    ]);
    const event = (type: string, index = 0) => delivered.get(type)?.[index]?.data.event;
    expect(event("reaction.added")).toMatchObject({
      channelId,
      messageId: message.id,
      userId: "lee",
      reaction: "like",
      reactions: { like: 1 },
    });
    expect(event("message.updated")?.message).toMatchObject({
      id: message.id,
      text: "parent, edited",
      editedAt: expect.any(String),
    });
    const created = delivered.get("message.created")?.map((p) => p.data.event.message);
    expect(created).toHaveLength(2);
    expect(created).toContainEqual(
      expect.objectContaining({ id: reply.body.message.id, text: "a reply", parentMessageId: message.id }),
    );
    expect(event("thread.updated")).toMatchObject({
      messageId: message.id,
      replyCount: 1,
      lastRepliedAt: reply.body.message.createdAt,
    });
    expect(event("channel.read")).toMatchObject({ channelId, userId: "kim", seq: read.body.lastReadSeq });
    expect(event("message.pinned")).toMatchObject({
      messageId: message.id,
      channel: { pinnedMessageIds: [message.id] },
    });
    expect(event("message.unpinned")).toMatchObject({ messageId: message.id, channel: { pinnedMessageIds: [] } });
    // The channel's creation and Lee's joining raised events too, of types the app did not choose.
    await t.jobsIdle();
    expect(app.receiver.requests).toHaveLength(8);
  });

  it("delivers none of the events the app did not choose", async () => {
    const app = await webhookApp(["reaction.added", "channel.read"]);
    const { kim, lee, channelId, message, path, pin } = await room(app);
    await kim.api.patch(path, { text: "parent, edited" });
    await lee.api.post(`/channels/${channelId}/messages`, { text: "a reply", parentMessageId: message.id });
    await kim.api.post(pin);
    await kim.api.delete(pin);
    await lee.api.post(`${path}/reactions`, { reaction: "like" });
    await lee.api.delete(`${path}/reactions/like`);
    await lee.api.post(`${path}/reactions`, { reaction: "wow" });
    // Last, so by its delivery every event before it has been through the outbox, which hands them on in order.
    await kim.api.post(`/channels/${channelId}/read`, {});

    const delivered = await verifiedDeliveries(app, 3);
    const reactions = delivered.get("reaction.added")?.map((p) => p.data.event.reaction);
    expect(reactions?.sort()).toEqual(["like", "wow"]);
    expect(delivered.get("channel.read")).toHaveLength(1);
    expect(await storedDeliveryTypes(app)).toEqual(["channel.read", "reaction.added", "reaction.added"]);
    await t.jobsIdle();
    expect(app.receiver.requests).toHaveLength(3);
  });
});

describe("webhook samples of read marks and pins", () => {
  it("gives channel.read with the member and their read mark, and the pin events with the channel's pins", async () => {
    const { owner, appId } = await createChatApp(t);
    const sample = async (event: string) => {
      const res = await client(t.server).get<{ event: string; payload: TWebhookPayload }>(
        `${base(appId)}/sample?event=${event}`,
        owner.token,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ event, payload: { type: event, data: { appId, event: { type: event } } } });
      return res.body.payload.data.event;
    };
    expect(await sample("channel.read")).toMatchObject({ userId: expect.any(String), seq: expect.any(Number) });
    const pinned = await sample("message.pinned");
    expect(pinned.channel?.pinnedMessageIds).toEqual([pinned.messageId]);
    const unpinned = await sample("message.unpinned");
    expect(unpinned).toMatchObject({ messageId: expect.any(String), channel: { pinnedMessageIds: [] } });
  });

  it("gives each of the new events in the shape a real delivery of it has", async () => {
    const types = [
      "reaction.added",
      "message.updated",
      "thread.updated",
      "channel.read",
      "message.pinned",
      "message.unpinned",
    ] as const;
    const app = await webhookApp([...types]);
    const { kim, lee, channelId, message, path, pin } = await room(app);
    await lee.api.post(`${path}/reactions`, { reaction: "like" });
    // Pinned while unedited and without replies, as the message in the pin samples' channel is: a null there and a
    // time here would be the same field.
    await kim.api.post(pin);
    await kim.api.delete(pin);
    await kim.api.patch(path, { text: "parent, edited" });
    await lee.api.post(`/channels/${channelId}/messages`, { text: "a reply", parentMessageId: message.id });
    await kim.api.post(`/channels/${channelId}/read`, {});

    const delivered = await verifiedDeliveries(app, types.length);
    for (const type of types) {
      const sample = await app.api.get<{ payload: TWebhookPayload }>(
        `${base(app.appId)}/sample?event=${type}`,
        app.owner.token,
      );
      expect({ type, shape: shape(delivered.get(type)?.[0]) }).toEqual({ type, shape: shape(sample.body.payload) });
    }
  });
});
