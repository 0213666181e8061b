import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isParleyError } from "../src";
import { ALLOW_LOOPBACK, sdkApp, startServer, type TestServer, waitFor } from "./helpers";
import { type FcmReceiver, LEGACY_SERVER_KEY, startFcmReceiver } from "./receivers";

let t: TestServer;
let baseUrl: string;
let fcm: FcmReceiver;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  fcm = await startFcmReceiver();
  ({ t, baseUrl } = await startServer({ env: { ...ALLOW_LOOPBACK, FCM_BASE_URL: fcm.url } }));
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(async () => {
  await t?.close();
  await fcm?.close();
});

async function app() {
  const a = await sdkApp(t, baseUrl);
  cleanups.push(a.cleanup);
  return a;
}

/** Turns push on for the app through the dashboard API, with a legacy server key the receiver accepts. */
async function enablePush(a: Awaited<ReturnType<typeof app>>) {
  for (const [url, payload] of [
    ["/push/fcm/key", { kind: "legacy", serverKey: LEGACY_SERVER_KEY }],
    ["/push/enabled", { enabled: true }],
  ] as const) {
    const res = await a.dashboard("PUT", `/apps/${a.appId}${url}`, payload);
    expect(res.status).toBe(200);
  }
}

describe("push tokens", () => {
  it("registers a device token, lists it and unregisters it", async () => {
    const a = await app();
    const kim = await a.user("kim");
    const device = await kim.registerPushToken("fcm-token-kim-phone", "ios");
    expect(device).toEqual({ id: expect.any(String), platform: "ios", provider: "fcm", createdAt: expect.any(String) });
    expect(await kim.registerPushToken("fcm-token-kim-phone", "ios")).toEqual(device);
    expect(await kim.listPushTokens()).toEqual([device]);
    await kim.unregisterPushToken(device.id);
    expect(await kim.listPushTokens()).toEqual([]);
  });

  it("registers an APNs device token, and refuses one that is not hex with 300", async () => {
    const a = await app();
    const kim = await a.user("kim");
    const token = "a".repeat(64);
    const device = await kim.registerPushToken(token, "ios", { provider: "apns" });
    expect(device).toMatchObject({ platform: "ios", provider: "apns" });
    expect(await kim.listPushTokens()).toEqual([device]);
    const error = await kim.registerPushToken("not-a-device-token", "ios", { provider: "apns" }).catch((e) => e);
    expect(isParleyError(error) && error.code).toBe("300");
  });

  it("refuses to unregister another user's device with 3042", async () => {
    const a = await app();
    const kim = await a.user("kim");
    const lee = await a.user("lee");
    const device = await kim.registerPushToken("fcm-token-kim-tablet", "android");
    const error = await lee.unregisterPushToken(device.id).catch((e: unknown) => e);
    expect(isParleyError(error) && error.code).toBe("3042");
    expect(await kim.listPushTokens()).toEqual([device]);
  });

  it("delivers a message as a push to a registered user who is not connected", async () => {
    const a = await app();
    await enablePush(a);
    const kim = await a.user("kim");
    const lee = await a.user("lee");
    await lee.registerPushToken("fcm-token-lee-phone", "android");
    const channel = await kim.channels.create({ name: "Dinner", userIds: ["lee"] });
    await kim.connect();
    await kim.messages.send(channel.id, "pizza tonight?");
    const [push] = await waitFor("lee's push", () => {
      const pushes = fcm.pushesTo("fcm-token-lee-phone", "message.created");
      return pushes.length > 0 && pushes;
    });
    expect(push).toMatchObject({ title: "Dinner", body: "KIM: pizza tonight?", data: { channelId: channel.id } });
  });
});
