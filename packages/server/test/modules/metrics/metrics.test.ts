import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyMetrics } from "../../../src/db/schema";
import { client } from "../../client";
import { createAccount, createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp();
  api = client(t.server);
});
afterAll(() => t?.close());

type Day = {
  date: string;
  activeUserCount: number;
  messageCount: number;
  messageSenderCount: number;
  reactionCount: number;
  replyCount: number;
  callMinutes: number;
};
type DailyBody = { from: string; to: string; data: Day[]; totals: Omit<Day, "date"> };
type TotalsBody = { data: (Omit<Day, "date"> & { appId: string; name: string })[] };

const DAY_MS = 86_400_000;

/** An app whose users chat on 10 March (kim 2, lee 1) and 12 March (kim 1), nothing on the 11th. */
async function appWithTwoDaysOfChat() {
  t.clock.set("2026-03-10T09:00:00Z");
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
  await lee.api.post(`/channels/${channel.id}/join`);
  const say = async (who: typeof kim, text: string) =>
    expect((await who.api.post(`/channels/${channel.id}/messages`, { text })).status).toBe(200);
  await say(kim, "one");
  await say(kim, "two");
  await say(lee, "three");
  t.clock.advance(2 * DAY_MS);
  await say(kim, "four");
  return { ...app, token: app.owner.token };
}

describe("app daily metrics", () => {
  it("shows real messages per day with the quiet day zero-filled, and the totals", async () => {
    const { appId, token } = await appWithTwoDaysOfChat();
    const res = await api.get<DailyBody>(`/metrics/apps/${appId}?from=2026-03-09&to=2026-03-13`, token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        date: "2026-03-09",
        activeUserCount: 0,
        messageCount: 0,
        messageSenderCount: 0,
        reactionCount: 0,
        replyCount: 0,
        callMinutes: 0,
      },
      {
        date: "2026-03-10",
        activeUserCount: 2,
        messageCount: 3,
        messageSenderCount: 2,
        reactionCount: 0,
        replyCount: 0,
        callMinutes: 0,
      },
      {
        date: "2026-03-11",
        activeUserCount: 0,
        messageCount: 0,
        messageSenderCount: 0,
        reactionCount: 0,
        replyCount: 0,
        callMinutes: 0,
      },
      {
        date: "2026-03-12",
        activeUserCount: 1,
        messageCount: 1,
        messageSenderCount: 1,
        reactionCount: 0,
        replyCount: 0,
        callMinutes: 0,
      },
      {
        date: "2026-03-13",
        activeUserCount: 0,
        messageCount: 0,
        messageSenderCount: 0,
        reactionCount: 0,
        replyCount: 0,
        callMinutes: 0,
      },
    ]);
    expect(res.body.totals).toEqual({
      activeUserCount: 3,
      messageCount: 4,
      messageSenderCount: 3,
      reactionCount: 0,
      replyCount: 0,
      callMinutes: 0,
    });
  });

  it("counts reactions added and thread replies per day, a reply once as a message, a reaction never", async () => {
    t.clock.set("2026-03-10T09:00:00Z");
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
    await lee.api.post(`/channels/${channel.id}/join`);
    const base = `/channels/${channel.id}/messages`;
    const { message } = (await kim.api.post<{ message: { id: string } }>(base, { text: "lunch?" })).body;
    const reactions = `${base}/${message.id}/reactions`;
    await lee.api.post(reactions, { reaction: "like" });
    // The same reaction again adds nothing; removing one does not uncount the day's addition.
    await lee.api.post(reactions, { reaction: "like" });
    await kim.api.post(reactions, { reaction: "🎉" });
    await kim.api.delete(`${reactions}/${encodeURIComponent("🎉")}`);
    t.clock.advance(DAY_MS);
    await lee.api.post(base, { text: "yes", parentMessageId: message.id });
    await lee.api.post(reactions, { reaction: "🎉" });

    const token = app.owner.token;
    const res = await api.get<DailyBody>(`/metrics/apps/${app.appId}?from=2026-03-10&to=2026-03-11`, token);
    expect(res.body.data).toEqual([
      {
        date: "2026-03-10",
        activeUserCount: 2,
        messageCount: 1,
        messageSenderCount: 1,
        reactionCount: 2,
        replyCount: 0,
        callMinutes: 0,
      },
      {
        date: "2026-03-11",
        activeUserCount: 1,
        messageCount: 1,
        messageSenderCount: 1,
        reactionCount: 1,
        replyCount: 1,
        callMinutes: 0,
      },
    ]);
    expect(res.body.totals).toMatchObject({ messageCount: 2, reactionCount: 3, replyCount: 1, callMinutes: 0 });
    const totals = await api.get<TotalsBody>("/metrics/apps?from=2026-03-10&to=2026-03-11", token);
    expect(totals.body.data[0]).toMatchObject({ messageCount: 2, reactionCount: 3, replyCount: 1, callMinutes: 0 });
    const csv = await t.server.inject({
      method: "GET",
      url: `/api/metrics/apps/${app.appId}/export?from=2026-03-10&to=2026-03-11`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.body.slice(1).split("\r\n").slice(1, 3)).toEqual([
      "Chat,2026-03-10,1,1,2,2,0,0",
      "Chat,2026-03-11,1,1,1,1,1,0",
    ]);
  });

  it("defaults to the current month to date", async () => {
    const { appId, token } = await appWithTwoDaysOfChat();
    const res = await api.get<DailyBody>(`/metrics/apps/${appId}`, token);
    expect(res.body).toMatchObject({ from: "2026-03-01", to: "2026-03-12" });
    expect(res.body.data).toHaveLength(12);
    expect(res.body.totals.messageCount).toBe(4);
  });

  it("totals each of the caller's apps over the range, and only the caller's", async () => {
    const { appId, token } = await appWithTwoDaysOfChat();
    await appWithTwoDaysOfChat();
    const quiet = await api.post<{ app: { id: string } }>("/apps", { name: "Quiet" }, token);
    const res = await api.get<TotalsBody>("/metrics/apps?from=2026-03-11&to=2026-03-12", token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        appId,
        name: "Chat",
        activeUserCount: 1,
        messageCount: 1,
        messageSenderCount: 1,
        reactionCount: 0,
        replyCount: 0,
        callMinutes: 0,
      },
      {
        appId: quiet.body.app.id,
        name: "Quiet",
        activeUserCount: 0,
        messageCount: 0,
        messageSenderCount: 0,
        reactionCount: 0,
        replyCount: 0,
        callMinutes: 0,
      },
    ]);
    const month = await api.get<TotalsBody>("/metrics/apps", token);
    expect(month.body.data[0]?.messageCount).toBe(4);
  });

  it("totals more messages than a 32-bit integer holds without failing", async () => {
    const { appId, token } = await appWithTwoDaysOfChat();
    // Three days of 900 million each: 2.7 billion, past 2^31 - 1, as a busy app's month can be.
    await t.ctx.database.db.insert(dailyMetrics).values(
      ["2026-03-01", "2026-03-02", "2026-03-03"].map((day) => ({
        appId,
        day,
        messageCount: 900_000_000,
        messageSenderCount: 900_000_000,
        activeUserCount: 900_000_000,
      })),
    );
    const totals = await api.get<TotalsBody>("/metrics/apps?from=2026-03-01&to=2026-03-03", token);
    expect(totals.status).toBe(200);
    expect(totals.body.data[0]?.messageCount).toBe(2_700_000_000);
    const report = await api.get<DailyBody>(`/metrics/apps/${appId}?from=2026-03-01&to=2026-03-03`, token);
    expect(report.body.totals.messageCount).toBe(2_700_000_000);
    const app = await api.get<{ app: { messagesThisMonth: number } }>(`/apps/${appId}`, token);
    expect(app.body.app.messagesThisMonth).toBe(2_700_000_004);
  });

  it("rejects malformed, reversed and over-long ranges with 300", async () => {
    const { appId, token } = await appWithTwoDaysOfChat();
    for (const query of [
      "from=2026-3-1&to=2026-03-05",
      "from=2026-02-30&to=2026-03-05",
      "from=2026-03-05&to=2026-03-01",
      "from=2025-01-01&to=2026-01-02",
      "from=2026-04-01",
    ]) {
      const res = await api.get(`/metrics/apps/${appId}?${query}`, token);
      expect(res.body.code, query).toBe("300");
      expect((await api.get(`/metrics/apps?${query}`, token)).body.code, query).toBe("300");
    }
    const leapYear = await api.get<DailyBody>(`/metrics/apps/${appId}?from=2024-01-01&to=2024-12-31`, token);
    expect(leapYear.body.data).toHaveLength(366);
  });

  it("answers 3003 for another account's app and 1001 without a session", async () => {
    const { appId } = await appWithTwoDaysOfChat();
    const other = await createAccount(t);
    expect((await api.get(`/metrics/apps/${appId}`, other.token)).body.code).toBe("3003");
    expect((await api.get(`/metrics/apps/${appId}/export`, other.token)).body.code).toBe("3003");
    expect((await api.get(`/metrics/apps/${appId}`)).body.code).toBe("1001");
  });
});

describe("CSV export", () => {
  it("sends one row per day with a BOM, a header and an attachment name", async () => {
    const { appId, token } = await appWithTwoDaysOfChat();
    const res = await t.server.inject({
      method: "GET",
      url: `/api/metrics/apps/${appId}/export?from=2026-03-10&to=2026-03-12`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain('attachment; filename="Chat-2026-03-10-2026-03-12.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.slice(1).split("\r\n")).toEqual([
      "app,date,messageCount,messageSenderCount,activeUserCount,reactionCount,replyCount,callMinutes",
      "Chat,2026-03-10,3,2,2,0,0,0",
      "Chat,2026-03-11,0,0,0,0,0,0",
      "Chat,2026-03-12,1,1,1,0,0,0",
      "",
    ]);
  });

  it("turns an app name that a spreadsheet would run as a formula into text", async () => {
    const { appId, token } = await appWithTwoDaysOfChat();
    await api.put(`/apps/${appId}`, { name: '=HYPERLINK("x")' }, token);
    const res = await t.server.inject({
      method: "GET",
      url: `/api/metrics/apps/${appId}/export?from=2026-03-12&to=2026-03-12`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.body.split("\r\n")[1]).toBe(`"'=HYPERLINK(""x"")",2026-03-12,1,1,1,0,0,0`);
    expect(res.headers["content-disposition"]).toContain('filename="_HYPERLINK_x_-2026-03-12-2026-03-12.csv"');
  });
});

describe("report emails", () => {
  it("starts empty, saves a trimmed, lower-cased, deduplicated list and reads it back in order", async () => {
    const { token } = await createAccount(t);
    expect((await api.get("/metrics/emails", token)).body).toEqual({ emails: [] });
    const saved = await api.put(
      "/metrics/emails",
      { emails: [" Ops@Example.com", "b@example.com", "ops@example.com"] },
      token,
    );
    expect(saved.body).toEqual({ emails: ["ops@example.com", "b@example.com"] });
    expect((await api.get("/metrics/emails", token)).body).toEqual({ emails: ["ops@example.com", "b@example.com"] });
    expect((await api.put("/metrics/emails", { emails: [] }, token)).body).toEqual({ emails: [] });
  });

  it("rejects an invalid address and more than 10 addresses with 300", async () => {
    const { token } = await createAccount(t);
    const invalid = await api.put("/metrics/emails", { emails: ["ok@example.com", "not-an-email"] }, token);
    expect(invalid.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "emails.1", message: "VALIDATION_EMAIL" }] },
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `r${i}@example.com`);
    expect((await api.put("/metrics/emails", { emails: eleven }, token)).body).toMatchObject({
      code: "300",
      data: { fields: [{ message: "VALIDATION_EMAIL_COUNT" }] },
    });
    expect((await api.put("/metrics/emails", {}, token)).body.code).toBe("301");
  });
});

describe("daily usage report mail", () => {
  async function mailsTo(to: string) {
    const files = await fs.readdir(t.ctx.config.mailDir).catch(() => [] as string[]);
    const mails = await Promise.all(
      files
        .filter((f) => f.endsWith(".json"))
        .map(async (f) => JSON.parse(await fs.readFile(path.join(t.ctx.config.mailDir, f), "utf8"))),
    );
    return mails.filter((m) => m.to === to);
  }

  it("mails yesterday's figures per app in the account's language, once even when the job runs twice", async () => {
    const { token } = await appWithTwoDaysOfChat();
    const to = `report.${Date.now()}@example.com`;
    await api.put("/metrics/emails", { emails: [to] }, token);
    t.clock.set("2026-03-11T00:05:00Z");
    const job = t.jobHandlers.get("metrics.daily-report");
    await job?.handle({}, { jobId: "report-1" });
    await job?.handle({}, { jobId: "report-2" });
    const mail = await t.waitForMail(to, /2026-03-10/);
    expect(mail.subject).toBe("[Parley] 2026-03-10 일일 사용량 리포트");
    expect(mail.text).toContain("Chat\n  메시지 수: 3\n  메시지 발신자 수: 2\n  활성 사용자 수: 2");
    // Once the queue is idle, a second copy, had one been queued, would have been written.
    await t.jobsIdle();
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it("writes in English for an English account and reports a missed day on request", async () => {
    t.clock.set("2026-03-10T09:00:00Z");
    const owner = await createAccount(t, { language: "en" });
    await api.post("/apps", { name: "Lobby" }, owner.token);
    const to = `report.en.${Date.now()}@example.com`;
    await api.put("/metrics/emails", { emails: [to] }, owner.token);
    await t.jobHandlers.get("metrics.daily-report")?.handle({ day: "2026-03-09" }, { jobId: "report-en" });
    const mail = await t.waitForMail(to, /Daily usage report/);
    expect(mail.subject).toBe("[Parley] Daily usage report for 2026-03-09");
    expect(mail.text).toContain("Lobby\n  Messages: 0");
  });
});
