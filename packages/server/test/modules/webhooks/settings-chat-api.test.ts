import type { TChannel, TChatWebhookSettings, TWebhookPayload, TWebhookSettings } from "@parley/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../../harness";
import { type Receiver, startReceiver } from "../../webhooks-receiver";

let t: TestApp;
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { ...ALLOW_LOOPBACK } });
});
afterAll(() => t?.close());
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

type Settings = { settings: TChatWebhookSettings };

describe("the app's webhook settings through the chat API", () => {
  it("reads empty settings, without the signing secret, before any are saved", async () => {
    const app = await createChatApp(t);
    const res = await app.server.get<Settings>("/webhooks/settings");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ settings: { url: "", events: [], enabled: false } });
  });

  it("saves the address, events and switch, and the app's webhook then delivers a message", async () => {
    const app = await createChatApp(t);
    const receiver = await startReceiver();
    receivers.push(receiver);
    const saved = await app.server.put<Settings>("/webhooks/settings", {
      url: receiver.url,
      events: ["message.created", "message.created"],
      enabled: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toEqual({ url: receiver.url, events: ["message.created"], enabled: true });
    const dashboard = await client(t.server).get<{ settings: TWebhookSettings }>(
      `/apps/${app.appId}/webhook/settings`,
      app.owner.token,
    );
    expect(dashboard.body.settings).toMatchObject({ url: receiver.url, events: ["message.created"] });

    await app.user("kim");
    const { channel } = (
      await app.server.post<{ channel: TChannel }>("/channels", { name: "Hooked", userIds: ["kim"] })
    ).body;
    await app.server.post(`/channels/${channel.id}/messages`, { text: "delivered" });
    const [delivery] = await receiver.waitFor(1);
    const payload = JSON.parse(delivery?.body ?? "{}") as TWebhookPayload;
    expect(payload.type).toBe("message.created");
  });

  it("changes only the fields given", async () => {
    const app = await createChatApp(t);
    await app.server.put("/webhooks/settings", { url: "http://127.0.0.1:9/first", events: ["message.created"] });
    const res = await app.server.put<Settings>("/webhooks/settings", { events: ["channel.created"] });
    expect(res.body.settings).toEqual({ url: "http://127.0.0.1:9/first", events: ["channel.created"], enabled: false });
  });

  it("refuses a private address with 3043, as the dashboard does, and keeps the saved one", async () => {
    const app = await createChatApp(t);
    const res = await app.server.put("/webhooks/settings", { url: "http://10.0.0.1/hooks" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("3043");
    expect((await app.server.get<Settings>("/webhooks/settings")).body.settings.url).toBe("");
  });

  it("refuses to switch webhooks on without an address with 3045", async () => {
    const app = await createChatApp(t);
    const res = await app.server.put("/webhooks/settings", { enabled: true });
    expect(res.body.code).toBe("3045");
    expect((await app.server.get<Settings>("/webhooks/settings")).body.settings.enabled).toBe(false);
  });

  it("refuses an end user's session with 1023", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    expect((await kim.api.get("/webhooks/settings")).body.code).toBe("1023");
    expect((await kim.api.put("/webhooks/settings", { enabled: false })).body.code).toBe("1023");
  });
});

describe("freezing a channel through the chat API", () => {
  it("freezes a channel so members cannot send, and unfreezes it so they can again", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const { channel } = (await app.server.post<{ channel: TChannel }>("/channels", { name: "Live", userIds: ["kim"] }))
      .body;
    const frozen = await app.server.post<{ channel: TChannel }>(`/channels/${channel.id}/freeze`);
    expect(frozen.status).toBe(200);
    expect(frozen.body.channel.isFrozen).toBe(true);
    expect((await kim.api.post(`/channels/${channel.id}/messages`, { text: "hello" })).body.code).toBe("3021");
    const thawed = await app.server.post<{ channel: TChannel }>(`/channels/${channel.id}/unfreeze`);
    expect(thawed.body.channel.isFrozen).toBe(false);
    expect((await kim.api.post(`/channels/${channel.id}/messages`, { text: "hello" })).status).toBe(200);
  });

  it("refuses a member's session with 1023 and an unknown channel with 3007", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const { channel } = (await kim.api.post<{ channel: TChannel }>("/channels", { name: "Mine" })).body;
    expect((await kim.api.post(`/channels/${channel.id}/freeze`)).body.code).toBe("1023");
    const unknown = await app.server.post("/channels/00000000-0000-4000-8000-000000000000/freeze");
    expect(unknown.body.code).toBe("3007");
  });
});
