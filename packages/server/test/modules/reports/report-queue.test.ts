import type {
  TChannel,
  TMessage,
  TReportResponse,
  TReportSettings,
  TReportTarget,
  TReportTargetDetail,
  TReportTargetsPage,
  TReportWebhookPayload,
  TWebhookDeliveriesPage,
} from "@parley/contract";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1 } from "../../chat-client";
import { client } from "../../client";
import { createAccount, createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../../harness";
import { startReceiver } from "../../webhooks-receiver";

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestApp({ env: ALLOW_LOOPBACK });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

type ChatApp = Awaited<ReturnType<typeof createChatApp>>;

function dashboard(app: ChatApp) {
  const api = client(t.server);
  const token = app.dashboardAuth.authorization.slice("Bearer ".length);
  const base = `/apps/${app.appId}/reports`;
  return {
    list: (query = "") => api.get<TReportTargetsPage>(`${base}${query}`, token),
    detail: (targetId: string) => api.get<TReportTargetDetail>(`${base}/${targetId}`, token),
    resolve: (targetId: string, body: Record<string, unknown>) =>
      api.post<{ target: TReportTarget }>(`${base}/${targetId}/resolve`, body, token),
    settings: (body?: TReportSettings) =>
      body
        ? api.put<TReportSettings>(`${base}/settings`, body, token)
        : api.get<TReportSettings>(`${base}/settings`, token),
  };
}

/** An app where kim owns a channel lee and park joined, and each of the three has sent a message. */
async function room() {
  const app = await createChatApp(t);
  const kim = await app.user("kim", "Kim");
  const lee = await app.user("lee", "Lee");
  const park = await app.user("park", "Park");
  const { channel } = (await kim.api.post<{ channel: TChannel }>("/channels", { name: "Room" })).body;
  await lee.api.post(`/channels/${channel.id}/join`);
  await park.api.post(`/channels/${channel.id}/join`);
  const base = `/channels/${channel.id}/messages`;
  const send = async (who: typeof kim, text: string) =>
    (await who.api.post<{ message: TMessage }>(base, { text })).body.message;
  const history = async (who: typeof kim) =>
    (await who.api.get<{ messages: TMessage[] }>(base)).body.messages.map((m) => m.text);
  const reportMessage = (who: typeof kim, message: TMessage, body: Record<string, unknown> = { reason: "spam" }) =>
    who.api.post<TReportResponse>(`${base}/${message.id}/report`, body);
  return { app, kim, lee, park, channel, send, history, reportMessage, board: dashboard(app) };
}

describe("reporting a message", () => {
  it("counts distinct reporters on one open target, answers a repeated report with the first, and lists it with its reasons", async () => {
    const { kim, lee, park, send, reportMessage, board } = await room();
    const rude = await send(kim, "buy cheap followers here");
    const first = await reportMessage(lee, rude, { reason: "spam", description: "  same link everywhere  " });
    expect(first.status).toBe(200);
    expect(first.body.report).toMatchObject({ reporterId: "lee", reason: "spam", description: "same link everywhere" });
    const again = await reportMessage(lee, rude, { reason: "hate" });
    expect(again.body.report).toEqual(first.body.report);
    t.clock.advance(1000);
    await reportMessage(park, rude, { reason: "scam" });

    const page = (await board.list()).body;
    expect(page.targets).toHaveLength(1);
    const [target] = page.targets;
    expect(target).toMatchObject({
      kind: "message",
      status: "open",
      messageId: rude.id,
      userId: "kim",
      userNickname: "Kim",
      channelName: "Room",
      reportCount: 2,
      hidden: false,
      resolution: null,
    });
    expect(target?.message?.text).toBe("buy cheap followers here");
    expect(target?.reasons).toEqual([
      { reason: "scam", count: 1 },
      { reason: "spam", count: 1 },
    ]);
    expect(target?.reports.map((r) => [r.reporterId, r.reporterNickname, r.reason])).toEqual([
      ["park", "Park", "scam"],
      ["lee", "Lee", "spam"],
    ]);
    expect(target?.firstReportedAt).not.toBe(target?.lastReportedAt);
  });

  it("refuses one's own message (3110), a non-member (3020), a deleted message (3026) and a bad reason (300)", async () => {
    const { app, kim, lee, send, reportMessage } = await room();
    const mine = await send(lee, "my own words");
    expect((await reportMessage(lee, mine)).body).toMatchObject({ code: "3110" });
    const outsider = await app.user("outsider");
    const theirs = await send(kim, "hello");
    expect((await reportMessage(outsider, theirs)).body).toMatchObject({ code: "3020" });
    expect((await reportMessage(lee, theirs, { reason: "because" })).body).toMatchObject({ code: "300" });
    expect((await reportMessage(lee, theirs, { reason: "other", description: "x".repeat(501) })).body).toMatchObject({
      code: "300",
    });
    await kim.api.delete(`/channels/${theirs.channelId}/messages/${theirs.id}`);
    expect((await reportMessage(lee, theirs)).body).toMatchObject({ code: "3026" });
  });

  it("refuses a message the app sent (3110) and the app's server as reporter (1023)", async () => {
    const { app, channel, lee, reportMessage } = await room();
    const notice = (
      await app.server.post<{ message: TMessage }>(`/channels/${channel.id}/messages`, { text: "maintenance at 9" })
    ).body.message;
    expect((await reportMessage(lee, notice)).body).toMatchObject({ code: "3110" });
    const asServer = await app.server.post(`/channels/${channel.id}/messages/${notice.id}/report`, { reason: "spam" });
    expect(asServer.body).toMatchObject({ code: "1023" });
  });

  it("keeps the reported text after its sender deletes the message, and shows the conversation around it", async () => {
    const { kim, lee, send, reportMessage, board } = await room();
    for (const text of ["one", "two", "three", "four", "five", "six"]) await send(kim, text);
    const rude = await send(kim, "rude words");
    for (const text of ["after one", "after two"]) await send(lee, text);
    await reportMessage(lee, rude, { reason: "harassment" });
    await kim.api.delete(`/channels/${rude.channelId}/messages/${rude.id}`);

    const [target] = (await board.list()).body.targets;
    const detail = (await board.detail(target?.id as string)).body;
    expect(detail.target.message?.text).toBe("rude words");
    expect(detail.context.map((m) => m.text)).toEqual([
      "two",
      "three",
      "four",
      "five",
      "six",
      "rude words",
      "after one",
      "after two",
    ]);
  });

  it("opens a new target when a resolved message is reported again", async () => {
    const { kim, lee, park, send, reportMessage, board } = await room();
    const rude = await send(kim, "again and again");
    await reportMessage(lee, rude);
    const [first] = (await board.list()).body.targets;
    expect((await board.resolve(first?.id as string, { action: "dismiss" })).status).toBe(200);
    await reportMessage(park, rude);
    const open = (await board.list()).body.targets;
    expect(open).toHaveLength(1);
    expect(open[0]?.id).not.toBe(first?.id);
    const resolved = (await board.list("?status=resolved")).body.targets;
    expect(resolved.map((target) => target.id)).toEqual([first?.id]);
  });
});

describe("auto-hide", () => {
  it("hides a message from members at the app's threshold of distinct reporters, and dismissing brings it back", async () => {
    const { app, kim, lee, park, send, history, reportMessage, board } = await room();
    expect((await board.settings()).body).toEqual({ autoHideAfter: null });
    expect((await board.settings({ autoHideAfter: 2 })).body).toEqual({ autoHideAfter: 2 });
    const rude = await send(kim, "hide me");
    await reportMessage(lee, rude);
    await reportMessage(lee, rude);
    expect(await history(park)).toContain("hide me");
    const third = await app.user("third");
    await third.api.post(`/channels/${rude.channelId}/join`);
    await reportMessage(park, rude);
    expect(await history(lee)).not.toContain("hide me");
    const [target] = (await board.list()).body.targets;
    expect(target).toMatchObject({ hidden: true, reportCount: 2 });
    expect(target?.message?.text).toBe("hide me");

    const dismissed = await board.resolve(target?.id as string, { action: "dismiss", note: "banter" });
    expect(dismissed.body.target).toMatchObject({
      status: "resolved",
      hidden: false,
      resolution: { action: "dismiss", note: "banter", minutes: null },
    });
    expect(dismissed.body.target.resolution?.resolvedBy).toMatch(/@/);
    expect(await history(lee)).toContain("hide me");
  });

  it("leaves messages shown when the threshold is off, and refuses a threshold out of bounds (300)", async () => {
    const { kim, lee, park, send, history, reportMessage, board } = await room();
    const rude = await send(kim, "still here");
    await reportMessage(lee, rude);
    await reportMessage(park, rude);
    expect(await history(lee)).toContain("still here");
    expect((await board.settings({ autoHideAfter: 0 })).body).toMatchObject({ code: "300" });
    expect((await board.settings({ autoHideAfter: 101 })).body).toMatchObject({ code: "300" });
  });
});

describe("reporting a user", () => {
  it("reports a user with the channel it happened in, and refuses oneself (3110), an unknown user (3018), a channel the reporter is not in (3020)", async () => {
    const { app, lee, channel, board } = await room();
    const reported = await lee.api.post<TReportResponse>("/users/kim/report", {
      reason: "harassment",
      channelId: channel.id,
    });
    expect(reported.status).toBe(200);
    const [target] = (await board.list("?kind=user")).body.targets;
    expect(target).toMatchObject({
      kind: "user",
      userId: "kim",
      channelId: channel.id,
      messageId: null,
      message: null,
    });
    expect((await lee.api.post("/users/lee/report", { reason: "spam" })).body).toMatchObject({ code: "3110" });
    expect((await lee.api.post("/users/nobody/report", { reason: "spam" })).body).toMatchObject({ code: "3018" });
    const outsider = await app.user("outsider");
    expect(
      (await outsider.api.post("/users/kim/report", { reason: "spam", channelId: channel.id })).body,
    ).toMatchObject({ code: "3020" });
    expect((await board.list("?kind=message")).body.targets).toEqual([]);
  });
});

describe("resolving", () => {
  it("deletes the reported message for everyone", async () => {
    const { kim, lee, send, history, reportMessage, board } = await room();
    const rude = await send(kim, "delete me");
    await reportMessage(lee, rude);
    const [target] = (await board.list()).body.targets;
    const resolved = await board.resolve(target?.id as string, { action: "delete" });
    expect(resolved.body.target).toMatchObject({ status: "resolved", resolution: { action: "delete" } });
    expect(await history(lee)).not.toContain("delete me");
    expect((await board.list()).body.targets).toEqual([]);
    expect((await board.resolve(target?.id as string, { action: "dismiss" })).body).toMatchObject({ code: "3111" });
  });

  it("mutes the sender in the channel for the minutes given, and needs them (3112); the resolution is audited", async () => {
    const { app, kim, lee, send, reportMessage, board, channel } = await room();
    const rude = await send(kim, "mute me");
    await reportMessage(lee, rude);
    const [target] = (await board.list()).body.targets;
    expect((await board.resolve(target?.id as string, { action: "mute" })).body).toMatchObject({ code: "3112" });
    const resolved = await board.resolve(target?.id as string, { action: "mute", minutes: 10 });
    expect(resolved.body.target.resolution).toMatchObject({ action: "mute", minutes: 10 });
    const refused = await kim.api.post(`/channels/${channel.id}/messages`, { text: "can I speak" });
    expect(refused.body).toMatchObject({ code: "3022" });
    // The resolution is in the audit log with the mute it made, in the same entry.
    const log = await client(t.server).get<{ entries: { action: string; changes: { table: string }[] }[] }>(
      `/apps/${app.appId}/audit`,
      app.dashboardAuth.authorization.slice("Bearer ".length),
    );
    const entry = log.body.entries.find((e) => e.action === "POST /api/apps/:id/reports/:targetId/resolve");
    expect(entry?.changes.map((change) => change.table)).toEqual(
      expect.arrayContaining(["channel_members", "report_targets"]),
    );
  });

  it("bans the sender from the channel", async () => {
    const { kim, lee, send, reportMessage, board, channel } = await room();
    const rude = await send(lee, "ban me");
    await reportMessage(kim, rude);
    const [target] = (await board.list()).body.targets;
    await board.resolve(target?.id as string, { action: "ban" });
    const refused = await lee.api.post(`/channels/${channel.id}/messages`, { text: "still here?" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(((await lee.api.get(`/channels/${channel.id}/messages`)).body as { code: string }).code).toBe("3020");
  });

  it("deactivates the reported user in the whole app", async () => {
    const { app, kim, lee, board } = await room();
    await lee.api.post("/users/kim/report", { reason: "scam" });
    const [target] = (await board.list()).body.targets;
    await board.resolve(target?.id as string, { action: "deactivate" });
    const user = await app.server.get<{ user: { isActive: boolean } }>("/users/kim");
    expect(user.body.user.isActive).toBe(false);
    expect((await kim.api.get("/me")).status).toBeGreaterThanOrEqual(400);
  });

  it("refuses delete on a user report, and mute or ban on one without a channel (3112)", async () => {
    const { lee, board } = await room();
    await lee.api.post("/users/kim/report", { reason: "spam" });
    const [target] = (await board.list()).body.targets;
    for (const body of [{ action: "delete" }, { action: "ban" }, { action: "mute", minutes: 5 }]) {
      expect((await board.resolve(target?.id as string, body)).body).toMatchObject({ code: "3112" });
    }
    expect((await board.list()).body.targets).toHaveLength(1);
  });
});

describe("tenancy", () => {
  it("never lists or resolves another app's reports (3113), and refuses another account (3003)", async () => {
    const a = await room();
    const b = await room();
    await a.reportMessage(a.lee, await a.send(a.kim, "in app A"));
    const [target] = (await a.board.list()).body.targets;
    expect((await b.board.list()).body.targets).toEqual([]);
    const api = client(t.server);
    const bToken = b.app.dashboardAuth.authorization.slice("Bearer ".length);
    const crossed = await api.get(`/apps/${b.app.appId}/reports/${target?.id}`, bToken);
    expect(crossed.body).toMatchObject({ code: "3113" });
    const resolved = await api.post(
      `/apps/${b.app.appId}/reports/${target?.id}/resolve`,
      { action: "dismiss" },
      bToken,
    );
    expect(resolved.body).toMatchObject({ code: "3113" });
    const stranger = await createAccount(t);
    expect((await api.get(`/apps/${a.app.appId}/reports`, stranger.token)).body).toMatchObject({ code: "3003" });
  });
});

describe("the report.created webhook", () => {
  it("delivers each new report, signed, with its target, and none for a repeated report", async () => {
    const { app, kim, lee, send, reportMessage } = await room();
    const api = client(t.server);
    const token = app.dashboardAuth.authorization.slice("Bearer ".length);
    const saved = await api.put<{ settings: { secret: string } }>(
      `/apps/${app.appId}/webhook/settings`,
      { url: receiver.url, events: ["report.created"] },
      token,
    );
    await api.put(`/apps/${app.appId}/webhook/enabled`, { enabled: true }, token);
    const rude = await send(kim, "report and deliver");
    await reportMessage(lee, rude, { reason: "violence" });
    await reportMessage(lee, rude, { reason: "violence" });
    const [request] = await receiver.waitFor(1);
    const payload = new Webhook(saved.body.settings.secret).verify(
      request?.body as string,
      request?.headers as Record<string, string>,
    ) as TReportWebhookPayload;
    expect(payload.type).toBe("report.created");
    expect(payload.data.report).toMatchObject({ reporterId: "lee", reason: "violence" });
    expect(payload.data.target).toMatchObject({ kind: "message", messageId: rude.id, reportCount: 1, userId: "kim" });
    // The second report stored no delivery: the log holds one, in the transaction that stored the first.
    const log = await api.get<TWebhookDeliveriesPage>(`/apps/${app.appId}/webhook/deliveries`, token);
    expect(log.body.deliveries.map((d) => d.eventType)).toEqual(["report.created"]);
  });
});

describe("unauthenticated", () => {
  it("refuses a report without a session (1001)", async () => {
    const { channel } = await room();
    const anonymous = await v1(t.server).post(`/channels/${channel.id}/messages/${channel.id}/report`, {
      reason: "spam",
    });
    expect(anonymous.status).toBe(401);
  });
});
