import {
  api,
  dashboardChat,
  fillPath,
  type TAppOnboarding,
  type TChatSession,
  type TChatUser,
  TEST_USER_ID_PREFIX,
  TEST_USER_METADATA_KEY,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1 } from "../../chat-client";
import { client } from "../../client";
import { createAccount, createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;
let dash: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp();
  dash = client(t.server);
});
afterAll(() => t?.close());

/** An account with one fresh app and nothing else: no key, no users, no channels. */
async function freshApp() {
  const owner = await createAccount(t);
  const { body } = await dash.post<{ app: { id: string } }>("/apps", { name: "Fresh" }, owner.token);
  return { token: owner.token, appId: body.app.id };
}

const onboardingOf = async (appId: string, token: string) =>
  (await dash.get<{ onboarding: TAppOnboarding }>(fillPath(api.apps.onboarding, { id: appId }), token)).body.onboarding;

const createTestUser = (appId: string, token: string, nickname = "Tester") =>
  dash.post<{ user: TChatUser }>(fillPath(dashboardChat.testUsers, { id: appId }), { nickname }, token);

const testUserSession = (appId: string, userId: string, token: string) =>
  dash.post<TChatSession>(fillPath(dashboardChat.testUserSession, { id: appId, userId }), {}, token);

describe("onboarding", () => {
  it("answers nothing done for a fresh app", async () => {
    const { appId, token } = await freshApp();
    expect(await onboardingOf(appId, token)).toEqual({
      hasApiKey: false,
      hasUser: false,
      hasChannel: false,
      firstMessageAt: null,
    });
  });

  it("ticks each step from the app's data: a key, a user, a channel, then a user's first message", async () => {
    const app = await createChatApp(t);
    const token = app.owner.token;
    expect(await onboardingOf(app.appId, token)).toMatchObject({ hasApiKey: true, hasUser: false });

    const kim = await app.user("kim", "Kim");
    expect(await onboardingOf(app.appId, token)).toMatchObject({ hasUser: true, hasChannel: false });

    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Lobby" })).body;
    expect(await onboardingOf(app.appId, token)).toMatchObject({ hasChannel: true, firstMessageAt: null });

    const path = fillPath(dashboardChat.messages, { id: app.appId, channelId: channel.id });
    expect((await dash.post(path, { text: "Welcome" }, token)).status).toBe(200);
    expect((await onboardingOf(app.appId, token)).firstMessageAt).toBeNull();

    const sent = await kim.api.post<{ message: { createdAt: string } }>(`/channels/${channel.id}/messages`, {
      text: "hello",
    });
    expect((await onboardingOf(app.appId, token)).firstMessageAt).toBe(sent.body.message.createdAt);
  });

  it("does not count a revoked key or a test user", async () => {
    const { appId, token } = await freshApp();
    const key = await dash.post<{ apiKey: { id: string } }>(
      fillPath(api.apps.apiKeys, { id: appId }),
      { label: "x" },
      token,
    );
    await t.server.inject({
      method: "DELETE",
      url: `/api${fillPath(api.apps.apiKey, { id: appId, keyId: key.body.apiKey.id })}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await createTestUser(appId, token)).status).toBe(200);
    expect(await onboardingOf(appId, token)).toMatchObject({ hasApiKey: false, hasUser: false });
  });

  it("refuses another account's app with 3003", async () => {
    const { appId } = await freshApp();
    const stranger = await createAccount(t);
    const res = await dash.get(fillPath(api.apps.onboarding, { id: appId }), stranger.token);
    expect(res).toMatchObject({ status: 403, body: { code: "3003" } });
  });
});

describe("test users", () => {
  it("creates marked test users and lists them newest first", async () => {
    const { appId, token } = await freshApp();
    const first = (await createTestUser(appId, token, "Tester 1")).body.user;
    t.clock.advance(1000);
    const second = (await createTestUser(appId, token, "Tester 2")).body.user;
    expect(first.userId.startsWith(TEST_USER_ID_PREFIX)).toBe(true);
    expect(first).toMatchObject({
      nickname: "Tester 1",
      isAnonymous: false,
      metadata: { [TEST_USER_METADATA_KEY]: "true" },
    });
    const list = await dash.get<{ users: TChatUser[] }>(fillPath(dashboardChat.testUsers, { id: appId }), token);
    expect(list.body.users.map((u) => u.userId)).toEqual([second.userId, first.userId]);
  });

  it("lists only test users, not the app's own users", async () => {
    const app = await createChatApp(t);
    await app.user("kim");
    const list = await dash.get<{ users: TChatUser[] }>(
      fillPath(dashboardChat.testUsers, { id: app.appId }),
      app.owner.token,
    );
    expect(list.body.users).toEqual([]);
  });

  it("issues a session that works against /v1: join, send, and the message is the user's", async () => {
    const app = await createChatApp(t);
    const token = app.owner.token;
    const { channel } = (
      await dash.post<{ channel: { id: string } }>(
        fillPath(dashboardChat.channels, { id: app.appId }),
        { name: "Lobby" },
        token,
      )
    ).body;
    const tester = (await createTestUser(app.appId, token)).body.user;
    const session = await testUserSession(app.appId, tester.userId, token);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ appId: app.appId, user: { userId: tester.userId } });
    expect(session.body.sessionToken.startsWith("pcs_")).toBe(true);

    const asTester = v1(t.server, session.body.sessionToken);
    expect((await asTester.get<{ user: TChatUser }>("/me")).body.user.userId).toBe(tester.userId);
    expect((await asTester.post(`/channels/${channel.id}/join`)).status).toBe(200);
    const sent = await asTester.post<{ message: { sender: { userId: string } } }>(`/channels/${channel.id}/messages`, {
      text: "hello from the dashboard",
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message.sender.userId).toBe(tester.userId);
    // A session of a user is no API key: server-only calls stay closed to it.
    expect((await asTester.post("/users", { userId: "x", nickname: "x" })).body.code).toBe("1023");
    expect((await onboardingOf(app.appId, token)).firstMessageAt).not.toBeNull();
  });

  it("refuses a session for one of the app's real users with 3018", async () => {
    const app = await createChatApp(t);
    await app.user("kim");
    const res = await testUserSession(app.appId, "kim", app.owner.token);
    expect(res).toMatchObject({ status: 404, body: { code: "3018" } });
  });

  it("refuses a session for a suspended test user with 3017", async () => {
    const { appId, token } = await freshApp();
    const tester = (await createTestUser(appId, token)).body.user;
    await dash.post(fillPath(dashboardChat.deactivate, { id: appId, userId: tester.userId }), {}, token);
    expect((await testUserSession(appId, tester.userId, token)).body.code).toBe("3017");
  });

  it("refuses another account's app with 3003, for listing, creating and sessions", async () => {
    const { appId, token } = await freshApp();
    const tester = (await createTestUser(appId, token)).body.user;
    const stranger = (await createAccount(t)).token;
    expect((await dash.get(fillPath(dashboardChat.testUsers, { id: appId }), stranger)).body.code).toBe("3003");
    expect((await createTestUser(appId, stranger)).body.code).toBe("3003");
    expect((await testUserSession(appId, tester.userId, stranger)).body.code).toBe("3003");
  });

  it("refuses a blank nickname with the field named", async () => {
    const { appId, token } = await freshApp();
    const res = await createTestUser(appId, token, " ");
    expect(res.status).toBe(400);
    expect(res.body.data?.fields).toEqual([expect.objectContaining({ path: "nickname" })]);
  });
});
