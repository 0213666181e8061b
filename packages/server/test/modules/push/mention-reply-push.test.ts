import { randomBytes } from "node:crypto";
import {
  DEFAULT_PUSH_TEMPLATES,
  DEFAULT_PUSH_TITLES,
  type Language,
  pushTemplatePath,
  type TPushAttempt,
  type TPushDevice,
  type TPushTemplate,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../../harness";
import { type FcmReceiver, LEGACY_SERVER_KEY, pushJobsSettled, startFcmReceiver } from "../../push-fcm-receiver";

let fcm: FcmReceiver;
let t: TestApp;

beforeAll(async () => {
  fcm = await startFcmReceiver();
  t = await startTestApp({ env: { ...ALLOW_LOOPBACK, FCM_BASE_URL: fcm.url } });
});
afterAll(async () => {
  await t?.close();
  await fcm?.close();
});

/** The dashboard API with the app owner's session. */
function dashboard(token: string) {
  const call = async <T = Record<string, unknown>>(method: "GET" | "PUT", url: string, body?: unknown) => {
    const res = await t.server.inject({
      method,
      url: `/api${url}`,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, body: res.json() as T & { code?: string; data?: unknown } };
  };
  return {
    get: <T = Record<string, unknown>>(url: string) => call<T>("GET", url),
    put: <T = Record<string, unknown>>(url: string, body: unknown) => call<T>("PUT", url, body),
  };
}

/** An app with push on and a legacy key, whose members each register one device. */
async function pushApp(language: Language = "en") {
  const app = await createChatApp(t, { language });
  const d = dashboard(app.owner.token);
  expect(
    (await d.put(`/apps/${app.appId}/push/fcm/key`, { kind: "legacy", serverKey: LEGACY_SERVER_KEY })).status,
  ).toBe(200);
  expect((await d.put(`/apps/${app.appId}/push/enabled`, { enabled: true })).status).toBe(200);
  async function member(userId: string) {
    const user = await app.user(userId);
    const token = `${userId}-${randomBytes(12).toString("hex")}`;
    const res = await user.api.post<{ device: TPushDevice }>("/me/push-tokens", { token, platform: "android" });
    expect(res.status).toBe(200);
    return { ...user, token };
  }
  return { ...app, d, member };
}

/** What one device was shown for messages, title and body. */
const shown = (token: string) =>
  fcm.pushesTo(token, "message.created").map((push) => ({ title: push.title, body: push.body }));

describe("mention and reply templates on the dashboard", () => {
  it("lists both with a title and its default in the owner's language, and saves title and text together", async () => {
    const app = await pushApp("ko");
    const { templates } = (await app.d.get<{ templates: TPushTemplate[] }>(`/apps/${app.appId}/push/templates`)).body;
    expect(templates.find((each) => each.key === "message/mention")).toEqual({
      key: "message/mention",
      text: DEFAULT_PUSH_TEMPLATES.ko["message/mention"],
      defaultText: DEFAULT_PUSH_TEMPLATES.ko["message/mention"],
      title: DEFAULT_PUSH_TITLES.ko["message/mention"],
      defaultTitle: DEFAULT_PUSH_TITLES.ko["message/mention"],
      updatedAt: null,
    });
    expect(templates.find((each) => each.key === "message/send")).not.toHaveProperty("title");

    const path = pushTemplatePath(app.appId, "message/reply");
    const saved = await app.d.put<{ template: TPushTemplate }>(path, {
      title: " Re: {{channel}} ",
      text: "{{sender.name}} — {{message}}",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.template).toMatchObject({
      key: "message/reply",
      title: "Re: {{channel}}",
      text: "{{sender.name}} — {{message}}",
      defaultTitle: DEFAULT_PUSH_TITLES.ko["message/reply"],
      updatedAt: t.clock.now().toISOString(),
    });
    expect((await app.d.get<{ template: TPushTemplate }>(path)).body.template.title).toBe("Re: {{channel}}");
  });

  it.each([
    ["without a title", "301", { text: "{{message}}" }, "title", "VALIDATION_REQUIRED"],
    [
      "with an unknown variable in the title",
      "300",
      { text: "{{message}}", title: "{{sendr.name}}" },
      "title",
      "VALIDATION_PUSH_VARIABLE",
    ],
    ["with an empty text", "300", { text: " ", title: "Hi" }, "text", "VALIDATION_REQUIRED"],
  ])(
    "refuses a mention template %s with %s on the field and keeps the saved one",
    async (_, code, body, path, message) => {
      const app = await pushApp();
      const url = pushTemplatePath(app.appId, "message/mention");
      const res = await app.d.put(url, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code, data: { fields: [{ path, message }] } });
      expect((await app.d.get<{ template: TPushTemplate }>(url)).body.template.updatedAt).toBeNull();
    },
  );
});

describe("mention pushes", () => {
  it("pushes the mentioned member the mention template and the others the message template", async () => {
    const app = await pushApp();
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const park = await app.member("park");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Lunch", userIds: ["lee", "park"] })
    ).body;
    const sent = await kim.api.post<{ message: { id: string } }>(`/channels/${channel.id}/messages`, {
      text: "@lee noodles?",
      mentionedUserIds: ["lee"],
    });
    expect(sent.status).toBe(200);
    await pushJobsSettled(t, app.appId);
    expect(shown(lee.token)).toEqual([{ title: "kim mentioned you in Lunch", body: "@lee noodles?" }]);
    expect(shown(park.token)).toEqual([{ title: "Lunch", body: "kim: @lee noodles?" }]);
    expect(shown(kim.token)).toEqual([]);
    const { attempts } = (await app.d.get<{ attempts: TPushAttempt[] }>(`/apps/${app.appId}/push/attempts?limit=100`))
      .body;
    const triggers = Object.fromEntries(
      attempts.filter((a) => a.trigger.startsWith("message/")).map((a) => [a.userId, a.trigger]),
    );
    expect(triggers).toEqual({ lee: "message/mention", park: "message/send" });
  });

  it("pushes in an open channel only the mentioned member, and nothing for a message that mentions no one", async () => {
    const app = await pushApp();
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const park = await app.member("park");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", {
        name: "Keynote",
        type: "open",
        userIds: ["lee", "park"],
      })
    ).body;
    const say = (text: string, mentionedUserIds?: string[]) =>
      kim.api.post(`/channels/${channel.id}/messages`, { text, ...(mentionedUserIds ? { mentionedUserIds } : {}) });
    expect((await say("welcome, everyone")).status).toBe(200);
    expect((await say("@lee your question", ["lee"])).status).toBe(200);
    await pushJobsSettled(t, app.appId);
    expect(shown(lee.token)).toEqual([{ title: "kim mentioned you in Keynote", body: "@lee your question" }]);
    expect(shown(park.token)).toEqual([]);
  });

  it("renders the app's own mention title and text with every variable", async () => {
    const app = await pushApp();
    const saved = await app.d.put(pushTemplatePath(app.appId, "message/mention"), {
      title: "[{{app}}] {{sender.name}} @ {{channel}}",
      text: "{{message}} ({{sender.profileImageUrl}})",
    });
    expect(saved.status).toBe(200);
    const kim = await app.member("kim");
    await app.server.patch("/users/kim", { profileImageUrl: "https://img.example.com/kim.png" });
    const lee = await app.member("lee");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Tea", userIds: ["lee"] })
    ).body;
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "hi", mentionedUserIds: ["lee"] });
    await pushJobsSettled(t, app.appId);
    expect(shown(lee.token)).toEqual([{ title: "[Chat] kim @ Tea", body: "hi (https://img.example.com/kim.png)" }]);
  });

  it("pushes a mention in a super group whose pushes are off or waiting out their interval, without using it up", async () => {
    const app = await pushApp();
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const park = await app.member("park");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", {
        name: "Fans",
        type: "supergroup",
        userIds: ["lee", "park"],
      })
    ).body;
    const say = async (text: string, mentionedUserIds?: string[]) => {
      await kim.api.post(`/channels/${channel.id}/messages`, {
        text,
        ...(mentionedUserIds ? { mentionedUserIds } : {}),
      });
      await pushJobsSettled(t, app.appId);
    };
    // The channel's own "added" push holds the interval's slot from now.
    await pushJobsSettled(t, app.appId);
    t.clock.advance(60_000);
    await say("within the interval", ["lee"]);
    expect(shown(lee.token)).toEqual([{ title: "kim mentioned you in Fans", body: "within the interval" }]);
    expect(shown(park.token)).toEqual([]);

    // The mention did not take the slot: the first ordinary message after the interval is pushed.
    t.clock.advance(5 * 60_000);
    await say("after the interval");
    expect(shown(park.token)).toEqual([{ title: "Fans", body: "kim: after the interval" }]);

    await app.d.put(`/apps/${app.appId}/push/notification/settings/superchannel`, {
      enabled: false,
      intervalMinutes: 5,
    });
    t.clock.advance(10 * 60_000);
    await say("while off", ["park"]);
    await say("plain while off");
    expect(shown(park.token).at(-1)).toEqual({ title: "kim mentioned you in Fans", body: "while off" });
    expect(shown(lee.token).map((p) => p.body)).toEqual(["within the interval", "kim: after the interval"]);
  });

  it("pushes nothing to a mentioned user who is not a member, nor for a hidden message that mentions", async () => {
    const app = await pushApp();
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const outsider = await app.member("choi");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Den", userIds: ["lee"] })
    ).body;
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "psst", mentionedUserIds: ["choi"] });
    const hidden = await kim.api.post(`/channels/${channel.id}/messages`, {
      text: "signal",
      type: "hidden",
      mentionedUserIds: ["lee"],
    });
    expect(hidden.status).toBe(200);
    await pushJobsSettled(t, app.appId);
    expect(shown(outsider.token)).toEqual([]);
    expect(shown(lee.token)).toEqual([{ title: "Den", body: "kim: psst" }]);
  });
});

describe("reply pushes", () => {
  it("pushes a thread's participants the reply template, and the other members only a reply shown in the channel", async () => {
    const app = await pushApp();
    const kim = await app.member("kim");
    const lee = await app.member("lee");
    const park = await app.member("park");
    const choi = await app.member("choi");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", {
        name: "Plans",
        userIds: ["lee", "park", "choi"],
      })
    ).body;
    const base = `/channels/${channel.id}/messages`;
    const parent = await kim.api.post<{ message: { id: string } }>(base, { text: "trip?" });
    await pushJobsSettled(t, app.appId);
    const parentMessageId = parent.body.message.id;

    await lee.api.post(base, { text: "yes", parentMessageId });
    await pushJobsSettled(t, app.appId);
    expect(shown(kim.token)).toEqual([{ title: "lee replied in Plans", body: "yes" }]);
    expect(shown(park.token).map((p) => p.body)).toEqual(["kim: trip?"]);
    expect(shown(choi.token).map((p) => p.body)).toEqual(["kim: trip?"]);

    await park.api.post(base, { text: "me too", parentMessageId, showInChannel: true });
    await pushJobsSettled(t, app.appId);
    expect(shown(kim.token).at(-1)).toEqual({ title: "park replied in Plans", body: "me too" });
    expect(shown(lee.token).at(-1)).toEqual({ title: "park replied in Plans", body: "me too" });
    expect(shown(choi.token).at(-1)).toEqual({ title: "Plans", body: "park: me too" });

    // A mention in a reply is the mentioned member's own news: the mention template, whoever they are.
    await choi.api.post(base, { text: "@lee when?", parentMessageId, mentionedUserIds: ["lee"] });
    await pushJobsSettled(t, app.appId);
    expect(shown(lee.token).at(-1)).toEqual({ title: "choi mentioned you in Plans", body: "@lee when?" });
    expect(shown(kim.token).at(-1)).toEqual({ title: "choi replied in Plans", body: "@lee when?" });
    expect(shown(park.token).at(-1)).toEqual({ title: "choi replied in Plans", body: "@lee when?" });
    expect(shown(choi.token).map((p) => p.body)).toEqual(["kim: trip?", "park: me too"]);
  });
});
