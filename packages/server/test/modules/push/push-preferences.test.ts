import { randomBytes } from "node:crypto";
import type { TChannelPushPreference, TPushDevice, TPushPreferences } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../../harness";
import { type ApnsReceiver, startApnsReceiver, testApnsKey } from "../../push-apns-receiver";
import { type FcmReceiver, LEGACY_SERVER_KEY, pushJobsSettled, startFcmReceiver } from "../../push-fcm-receiver";

let fcm: FcmReceiver;
let apns: ApnsReceiver;
let t: TestApp;

beforeAll(async () => {
  [fcm, apns] = await Promise.all([startFcmReceiver(), startApnsReceiver()]);
  t = await startTestApp({
    env: { ...ALLOW_LOOPBACK, FCM_BASE_URL: fcm.url, APNS_SANDBOX_BASE_URL: apns.url },
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([fcm?.close(), apns?.close()]);
});

function dashboard(token: string) {
  return async (url: string, body: Record<string, unknown>) => {
    const res = await t.server.inject({
      method: "PUT",
      url: `/api${url}`,
      payload: body,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  };
}

/**
 * An app with push on through both FCM and APNs. Each member registers one FCM and one APNs device, so every case
 * is checked against both receivers.
 */
async function pushApp() {
  const app = await createChatApp(t);
  const put = dashboard(app.owner.token);
  const key = apns.trust(testApnsKey());
  await put(`/apps/${app.appId}/push/fcm/key`, { kind: "legacy", serverKey: LEGACY_SERVER_KEY });
  await put(`/apps/${app.appId}/push/apns/key`, {
    privateKey: key.privateKey,
    keyId: key.keyId,
    teamId: key.teamId,
    bundleId: key.bundleId,
    environment: "sandbox",
  });
  await put(`/apps/${app.appId}/push/enabled`, { enabled: true });
  async function member(userId: string) {
    const user = await app.user(userId);
    const fcmToken = `${userId}-${randomBytes(12).toString("hex")}`;
    const apnsToken = randomBytes(32).toString("hex");
    for (const body of [
      { token: fcmToken, platform: "android" },
      { token: apnsToken, platform: "ios", provider: "apns" },
    ]) {
      expect((await user.api.post<{ device: TPushDevice }>("/me/push-tokens", body)).status).toBe(200);
    }
    /** The message bodies this member was pushed, as FCM and as APNs delivered them. */
    const pushed = () => ({
      fcm: fcm.pushesTo(fcmToken, "message.created").map((p) => p.body),
      apns: apns.pushesTo(apnsToken, "message.created").map((p) => (p.payload.aps.alert as { body: string }).body),
    });
    return { ...user, pushed };
  }
  const kim = await member("kim");
  const lee = await member("lee");
  const park = await member("park");
  const { channel } = (
    await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Lunch", userIds: ["lee", "park"] })
  ).body;
  const say = async (text: string, mentionedUserIds: string[] = []) => {
    expect((await kim.api.post(`/channels/${channel.id}/messages`, { text, mentionedUserIds })).status).toBe(200);
    await pushJobsSettled(t, app.appId);
  };
  const both = (...bodies: string[]) => ({ fcm: bodies, apns: bodies });
  return { ...app, kim, lee, park, channelId: channel.id, say, both };
}

const ofPush = (body: string) => expect.stringContaining(body);

describe("push preferences through the chat API", () => {
  it("reads every push by default, and saves a user's level, quiet hours and snooze by their own token", async () => {
    const app = await pushApp();
    const url = "/users/lee/push-preferences";
    expect((await app.lee.api.get<{ preferences: TPushPreferences }>(url)).body.preferences).toEqual({
      level: "all",
      doNotDisturb: null,
      snoozeUntil: null,
    });
    const until = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const quiet = { start: "22:00", end: "07:00", timeZone: "Asia/Seoul" };
    const saved = await app.lee.api.patch<{ preferences: TPushPreferences }>(url, {
      level: "mentions",
      doNotDisturb: quiet,
      snoozeUntil: until,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.preferences).toEqual({ level: "mentions", doNotDisturb: quiet, snoozeUntil: until });
    // A field left out keeps its value; null clears one.
    const cleared = await app.lee.api.patch<{ preferences: TPushPreferences }>(url, { snoozeUntil: null });
    expect(cleared.body.preferences).toEqual({ level: "mentions", doNotDisturb: quiet, snoozeUntil: null });
    expect((await app.server.get<{ preferences: TPushPreferences }>(url)).body.preferences.level).toBe("mentions");
  });

  it("lets the app's server set any user's preferences and refuses another user's session with code 3242", async () => {
    const app = await pushApp();
    const byKey = await app.server.patch<{ preferences: TPushPreferences }>("/users/park/push-preferences", {
      level: "none",
    });
    expect(byKey.body.preferences.level).toBe("none");
    const other = await app.lee.api.patch<{ code: string }>("/users/park/push-preferences", { level: "all" });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe("3242");
    expect((await app.park.api.get<{ preferences: TPushPreferences }>("/users/park/push-preferences")).body).toEqual({
      preferences: { level: "none", doNotDisturb: null, snoozeUntil: null },
    });
  });

  it("refuses an unknown time zone with 3241 and a malformed time with 300, keeping what was saved", async () => {
    const app = await pushApp();
    const url = "/users/lee/push-preferences";
    const zone = await app.lee.api.patch<{ code: string }>(url, {
      doNotDisturb: { start: "22:00", end: "07:00", timeZone: "Mars/Olympus" },
    });
    expect(zone.body.code).toBe("3241");
    const time = await app.lee.api.patch<{ code: string }>(url, {
      doNotDisturb: { start: "25:00", end: "07:00", timeZone: "Asia/Seoul" },
    });
    expect(time.body.code).toBe("300");
    expect((await app.lee.api.get<{ preferences: TPushPreferences }>(url)).body.preferences.doNotDisturb).toBeNull();
  });

  it("sets a member's channel mode by their token or the server's key, and refuses a non-member with 3020", async () => {
    const app = await pushApp();
    const url = `/channels/${app.channelId}/members/lee/push-preference`;
    expect((await app.lee.api.get<{ preference: TChannelPushPreference }>(url)).body.preference).toEqual({
      mode: "default",
    });
    expect((await app.lee.api.put(url, { mode: "mute" })).status).toBe(200);
    expect((await app.server.get<{ preference: TChannelPushPreference }>(url)).body.preference.mode).toBe("mute");
    expect((await app.park.api.put<{ code: string }>(url, { mode: "default" })).body.code).toBe("3242");
    await app.user("choi");
    const stranger = await app.server.put<{ code: string }>(`/channels/${app.channelId}/members/choi/push-preference`, {
      mode: "mute",
    });
    expect(stranger.body.code).toBe("3020");
  });
});

describe("pushes under the preferences, FCM and APNs alike", () => {
  it("sends a muted channel's member nothing, mentions included, while the others are pushed", async () => {
    const app = await pushApp();
    await app.lee.api.put(`/channels/${app.channelId}/members/lee/push-preference`, { mode: "mute" });
    await app.say("noodles?");
    await app.say("@lee noodles?", ["lee"]);
    expect(app.lee.pushed()).toEqual(app.both());
    expect(app.park.pushed()).toEqual(app.both(ofPush("noodles?"), ofPush("@lee noodles?")));
  });

  it("sends a mentions-only channel's member a mention alone", async () => {
    const app = await pushApp();
    await app.server.put(`/channels/${app.channelId}/members/lee/push-preference`, { mode: "mentions" });
    await app.say("noodles?");
    await app.say("@lee noodles?", ["lee"]);
    expect(app.lee.pushed()).toEqual(app.both("@lee noodles?"));
    expect(app.park.pushed().fcm).toHaveLength(2);
  });

  it("sends a user at level none nothing, and one at mentions their mentions only", async () => {
    const app = await pushApp();
    await app.lee.api.patch("/users/lee/push-preferences", { level: "none" });
    await app.park.api.patch("/users/park/push-preferences", { level: "mentions" });
    await app.say("noodles?");
    await app.say("@lee @park noodles?", ["lee", "park"]);
    expect(app.lee.pushed()).toEqual(app.both());
    expect(app.park.pushed()).toEqual(app.both("@lee @park noodles?"));
  });

  it("holds pushes within quiet hours in the user's time zone, and sends again once the clock leaves them", async () => {
    const app = await pushApp();
    await app.lee.api.patch("/users/lee/push-preferences", {
      doNotDisturb: { start: "22:00", end: "07:00", timeZone: "Asia/Seoul" },
    });
    // 23:30 in Seoul (UTC+9) tomorrow: within the quiet hours, which run past midnight.
    const night = new Date(t.clock.now());
    night.setUTCDate(night.getUTCDate() + 1);
    night.setUTCHours(14, 30, 0, 0);
    t.clock.set(night);
    await app.say("late noodles?");
    expect(app.lee.pushed()).toEqual(app.both());
    expect(app.park.pushed().fcm).toHaveLength(1);
    // 08:00 the next morning in Seoul.
    t.clock.advance(8.5 * 3_600_000);
    await app.say("breakfast?");
    expect(app.lee.pushed()).toEqual(app.both(ofPush("breakfast?")));
  });

  it("holds pushes while the user is snoozed and sends again once the snooze has passed", async () => {
    const app = await pushApp();
    const until = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    await app.lee.api.patch("/users/lee/push-preferences", { snoozeUntil: until });
    await app.say("noodles?");
    expect(app.lee.pushed()).toEqual(app.both());
    t.clock.advance(2 * 3_600_000);
    expect(
      (await app.lee.api.get<{ preferences: TPushPreferences }>("/users/lee/push-preferences")).body.preferences,
    ).toMatchObject({ snoozeUntil: null });
    await app.say("still hungry?");
    expect(app.lee.pushed()).toEqual(app.both(ofPush("still hungry?")));
  });
});
