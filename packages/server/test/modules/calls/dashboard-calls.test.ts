import { createHmac } from "node:crypto";
import {
  ICE_CREDENTIAL_TTL_SECONDS,
  type TCall,
  type TCallSettings,
  type TDashboardCallResponse,
  type TDashboardCallsPage,
  type TIceServersResponse,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type ChatApp = Awaited<ReturnType<typeof createChatApp>>;

/** A dashboard request to one of the app's call routes, as its owner unless `auth` says otherwise. */
async function dashboard<T>(
  app: ChatApp,
  method: "GET" | "PUT",
  path: string,
  payload?: Record<string, unknown>,
  auth = app.dashboardAuth,
) {
  const res = await t.server.inject({
    method,
    url: `/api/apps/${app.appId}/calls${path}`,
    headers: auth,
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as T & { code?: string } };
}

describe("call settings", () => {
  it("starts empty, saves STUN and TURN servers, and never returns the TURN secret", async () => {
    const app = await createChatApp(t);
    expect((await dashboard<{ settings: TCallSettings }>(app, "GET", "/settings")).body.settings).toEqual({
      stunUrls: [],
      turnUrls: [],
      hasTurnSecret: false,
    });
    const saved = await dashboard<{ settings: TCallSettings }>(app, "PUT", "/settings", {
      stunUrls: ["stun:stun.example.com:3478"],
      turnUrls: ["turn:turn.example.com:3478", "turns:turn.example.com:5349?transport=tcp"],
      turnSecret: "very-secret-value",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toEqual({
      stunUrls: ["stun:stun.example.com:3478"],
      turnUrls: ["turn:turn.example.com:3478", "turns:turn.example.com:5349?transport=tcp"],
      hasTurnSecret: true,
    });
    const read = await dashboard<{ settings: TCallSettings }>(app, "GET", "/settings");
    expect(JSON.stringify(read.body)).not.toContain("very-secret-value");
    expect(read.body.settings.hasTurnSecret).toBe(true);
  });

  it("keeps the stored secret when a save leaves it out, and refuses TURN URLs with no secret with 3098", async () => {
    const app = await createChatApp(t);
    const noSecret = await dashboard(app, "PUT", "/settings", { stunUrls: [], turnUrls: ["turn:turn.example.com"] });
    expect([noSecret.status, noSecret.body.code]).toEqual([400, "3098"]);
    await dashboard(app, "PUT", "/settings", {
      stunUrls: [],
      turnUrls: ["turn:a.example.com"],
      turnSecret: "s3cret-1",
    });
    const kept = await dashboard<{ settings: TCallSettings }>(app, "PUT", "/settings", {
      stunUrls: [],
      turnUrls: ["turn:b.example.com"],
    });
    expect(kept.body.settings).toEqual({ stunUrls: [], turnUrls: ["turn:b.example.com"], hasTurnSecret: true });
  });

  it("refuses URLs that are not stun:, turn: or turns: with 300", async () => {
    const app = await createChatApp(t);
    for (const payload of [
      { stunUrls: ["http://stun.example.com"], turnUrls: [] },
      { stunUrls: ["turn:turn.example.com"], turnUrls: [] },
      { stunUrls: [], turnUrls: ["stun:stun.example.com"], turnSecret: "s3cret-1" },
      { stunUrls: ["stun:"], turnUrls: [] },
    ]) {
      expect((await dashboard(app, "PUT", "/settings", payload)).body.code).toBe("300");
    }
  });

  it("refuses another account's app with 3003", async () => {
    const app = await createChatApp(t);
    const other = await createChatApp(t);
    for (const res of [
      await dashboard(app, "GET", "/settings", undefined, other.dashboardAuth),
      await dashboard(app, "PUT", "/settings", { stunUrls: [], turnUrls: [] }, other.dashboardAuth),
      await dashboard(app, "GET", "", undefined, other.dashboardAuth),
      await dashboard(app, "GET", "/ice-servers", undefined, other.dashboardAuth),
    ]) {
      expect([res.status, res.body.code]).toEqual([403, "3003"]);
    }
  });
});

describe("ICE servers for the dashboard's TURN test", () => {
  it("hands the owner TURN credentials for dashboard-test, signed with the stored secret by the coturn REST scheme", async () => {
    const app = await createChatApp(t);
    await dashboard(app, "PUT", "/settings", {
      stunUrls: ["stun:stun.example.com:3478"],
      turnUrls: ["turn:turn.example.com:3478", "turns:turn.example.com:5349"],
      turnSecret: "coturn-static-secret",
    });
    const res = await dashboard<TIceServersResponse>(app, "GET", "/ice-servers");
    expect(res.status).toBe(200);
    expect(res.body.ttlSeconds).toBe(ICE_CREDENTIAL_TTL_SECONDS);
    const [stun, turn] = res.body.iceServers;
    expect(stun).toEqual({ urls: ["stun:stun.example.com:3478"] });
    expect(turn?.urls).toEqual(["turn:turn.example.com:3478", "turns:turn.example.com:5349"]);
    const expiresAt = Math.floor(t.clock.now().getTime() / 1000) + ICE_CREDENTIAL_TTL_SECONDS;
    expect(turn?.username).toBe(`${expiresAt}:dashboard-test`);
    expect(turn?.credential).toBe(
      createHmac("sha1", "coturn-static-secret").update(`${expiresAt}:dashboard-test`).digest("base64"),
    );
  });

  it("answers an empty list while the app has no ICE servers", async () => {
    const app = await createChatApp(t);
    const res = await dashboard<TIceServersResponse>(app, "GET", "/ice-servers");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ iceServers: [], ttlSeconds: ICE_CREDENTIAL_TTL_SECONDS });
  });
});

describe("call list", () => {
  /** An app where kim called lee (accepted, ended after a minute), then park called kim (cancelled). */
  async function history() {
    const app = await createChatApp(t);
    const kim = await app.user("kim", "Kim");
    const lee = await app.user("lee", "Lee");
    const park = await app.user("park", "Park");
    const startedAt = t.clock.now();
    const first = (await kim.api.post<{ call: TCall }>("/calls", { calleeId: "lee", kind: "video" })).body.call;
    t.clock.advance(5000);
    await lee.api.post(`/calls/${first.id}/accept`);
    t.clock.advance(60_000);
    await lee.api.post(`/calls/${first.id}/end`);
    t.clock.advance(60_000);
    const second = (await park.api.post<{ call: TCall }>("/calls", { calleeId: "kim", kind: "audio" })).body.call;
    await park.api.post(`/calls/${second.id}/cancel`);
    return { app, first, second, startedAt };
  }

  it("lists the app's calls newest first with both parties' ids and nicknames", async () => {
    const { app, first, second } = await history();
    const page = await dashboard<TDashboardCallsPage>(app, "GET", "");
    expect(page.status).toBe(200);
    expect(page.body.calls.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(page.body.calls[1]).toMatchObject({
      caller: { userId: "kim", nickname: "Kim" },
      callee: { userId: "lee", nickname: "Lee" },
      kind: "video",
      state: "ended",
      durationSeconds: 60,
      endReason: "hangup",
    });
    const paged = await dashboard<TDashboardCallsPage>(app, "GET", "?limit=1");
    const next = await dashboard<TDashboardCallsPage>(app, "GET", `?limit=1&cursor=${paged.body.nextCursor}`);
    expect(next.body.calls.map((c) => c.id)).toEqual([first.id]);
  });

  it("filters by user, state and start time", async () => {
    const { app, first, second, startedAt } = await history();
    const ids = async (query: string) =>
      (await dashboard<TDashboardCallsPage>(app, "GET", query)).body.calls.map((c) => c.id);
    expect(await ids("?userId=lee")).toEqual([first.id]);
    expect(await ids("?userId=kim")).toEqual([second.id, first.id]);
    expect(await ids("?userId=nobody")).toEqual([]);
    expect(await ids("?state=cancelled")).toEqual([second.id]);
    const split = new Date(startedAt.getTime() + 90_000).toISOString();
    expect(await ids(`?from=${encodeURIComponent(split)}`)).toEqual([second.id]);
    expect(await ids(`?to=${encodeURIComponent(split)}`)).toEqual([first.id]);
  });

  it("shows a call ended on a clock that stepped back since its answer as lasting 0 s, never less", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim", "Kim");
    const lee = await app.user("lee", "Lee");
    const call = (await kim.api.post<{ call: TCall }>("/calls", { calleeId: "lee", kind: "audio" })).body.call;
    await lee.api.post(`/calls/${call.id}/accept`);
    t.clock.advance(-3000);
    await kim.api.post(`/calls/${call.id}/end`);
    t.clock.advance(3000);
    const page = await dashboard<TDashboardCallsPage>(app, "GET", "");
    expect(page.body.calls[0]).toMatchObject({ state: "ended", durationSeconds: 0 });
  });

  it("shows one call with its timeline, and answers 3090 for a call of another app", async () => {
    const { app, first } = await history();
    const one = await dashboard<TDashboardCallResponse>(app, "GET", `/${first.id}`);
    expect(one.body.timeline.map((step) => [step.state, step.byUserId])).toEqual([
      ["ringing", "kim"],
      ["accepted", "lee"],
      ["ended", "lee"],
    ]);
    const other = await createChatApp(t);
    const res = await dashboard(other, "GET", `/${first.id}`);
    expect([res.status, res.body.code]).toEqual([404, "3090"]);
  });
});
