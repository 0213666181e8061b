import type { TCampaign, TCampaignReport, TCampaignStatus, TChannel, TMessage } from "@parley/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../src/db/client";
import { accounts } from "../../../src/db/schema";
import type { MessageDraft } from "../../../src/modules/messages/service";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";
import { eventually } from "../../poll";

let t: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await startTestApp();
  api = client(t.server);
});
afterAll(() => t?.close());

type Campaign = TCampaign;
type CampaignReply = { campaign: Campaign };

/** An app whose account has the notice feature, with a brand in use and chat users `u1`…`u<count>`. */
async function campaignApp(userCount = 3) {
  const chat = await createChatApp(t);
  await t.ctx.database.db
    .update(accounts)
    .set({ noticeFeatureEnabled: true })
    .where(eq(accounts.email, chat.owner.email));
  const token = chat.owner.token;
  const base = `/apps/${chat.appId}/notice`;
  const brand = await api.post<{ brand: { id: string } }>(
    `${base}/brands`,
    { name: `Brand ${Math.random().toString(36).slice(2, 8)}`, description: "새 소식" },
    token,
  );
  expect(brand.status).toBe(200);
  for (let i = 1; i <= userCount; i += 1) {
    expect((await chat.server.post("/users", { userId: `u${i}`, nickname: `사용자${i}` })).status).toBe(200);
  }
  return { ...chat, token, base, brandId: brand.body.brand.id };
}

type App = Awaited<ReturnType<typeof campaignApp>>;

const form = (brandId: string, overrides: Record<string, unknown> = {}) => ({
  brandId,
  title: "Spring sale",
  content: "{{user.name}}님, {{brand.name}}의 봄 세일이 시작됐어요.",
  metadata: [{ key: "kind", value: "promo" }],
  push: { enabled: false, title: "", body: "" },
  sendType: "now",
  scheduledAt: null,
  ...overrides,
});

function upload(app: App, campaignId: string, file: Buffer | string, filename = "recipients.csv") {
  const boundary = `----parley${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(file) ? file : Buffer.from(file, "utf8"),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.server
    .inject({
      method: "POST",
      url: `/api${app.base}/campaigns/${campaignId}/recipients`,
      headers: {
        authorization: `Bearer ${app.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    })
    .then((res) => ({ status: res.statusCode, body: res.json() as CampaignReply & { code?: string; data?: never } }));
}

async function draftWith(app: App, csv: string, overrides: Record<string, unknown> = {}): Promise<Campaign> {
  const created = await api.post<CampaignReply>(`${app.base}/campaigns`, form(app.brandId, overrides), app.token);
  expect(created.status).toBe(200);
  const uploaded = await upload(app, created.body.campaign.id, csv);
  expect(uploaded.status).toBe(200);
  return uploaded.body.campaign;
}

/**
 * Holds back the preparing of every message of the send past its first batch of five (u1 to u5) until `release`:
 * on PostgreSQL the next batches are prepared while one is stored, in no fixed order with it, so the stall goes by
 * recipient, not by how many messages were prepared. `stalled` resolves at the first message held, and fails if
 * `run` ends before.
 */
async function stallAfterFirstBatch(app: App) {
  const first = new Set(
    rowsOf<{ id: string }>(
      await t.ctx.database.db.execute(
        sql`select id from chat_users where app_id = ${app.appId} and user_id in ('u1', 'u2', 'u3', 'u4', 'u5')`,
      ),
    ).map((row) => row.id),
  );
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reached: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const stall = async (draft: MessageDraft) => {
    if (!first.has(draft.channel.brandRecipientId ?? "")) {
      reached();
      await released;
    }
    return draft;
  };
  const { filters } = t.services.messages.stages;
  filters.push(stall);
  return {
    release,
    stalled: (run: Promise<unknown>) =>
      Promise.race([
        held,
        run.then(() => {
          throw new Error("the send ended before a message past its first batch");
        }),
      ]),
    remove: () => filters.splice(filters.indexOf(stall), 1),
  };
}

/**
 * Resolves once `n` of the app's messages were published: stored and committed. On PostgreSQL a send prepares the
 * next batches while one is stored, so the stall of a later batch's preparing says nothing of the earlier one.
 */
function messagesPublished(appId: string, n: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const off = t.bus.subscribe((message) => {
      if (!("event" in message) || message.appId !== appId || message.event.type !== "message.created") return;
      seen += 1;
      if (seen === n) {
        off();
        resolve();
      }
    });
  });
}

const getCampaign = async (app: App, id: string) =>
  (await api.get<CampaignReply>(`${app.base}/campaigns/${id}`, app.token)).body.campaign;

async function waitForStatus(app: App, id: string, status: TCampaignStatus): Promise<Campaign> {
  let last: Campaign | undefined;
  return eventually(
    async () => {
      last = await getCampaign(app, id);
      return last.status === status ? last : undefined;
    },
    () => `the campaign to be ${status}; it is ${last?.status}`,
    20_000,
    100,
  );
}

/** The brand channel messages a user sees through the chat API. */
async function brandMessages(app: App, userId: string): Promise<{ channel: TChannel; messages: TMessage[] }[]> {
  const { token } = (await app.server.post<{ token: string }>(`/users/${userId}/token`, {})).body;
  const { v1 } = await import("../../chat-client");
  const login = await v1(t.server).post<{ sessionToken: string }>("/auth/login", {
    appId: app.appId,
    userId,
    token,
  });
  const user = v1(t.server, login.body.sessionToken);
  const mine = await user.get<{ channels: TChannel[] }>("/channels?scope=mine&limit=100");
  const result = [];
  for (const channel of mine.body.channels) {
    const history = await user.get<{ messages: TMessage[] }>(`/channels/${channel.id}/messages?limit=100`);
    result.push({ channel, messages: history.body.messages });
  }
  return result;
}

async function sendAndFinish(app: App, campaign: Campaign): Promise<Campaign> {
  const confirmed = await api.post<CampaignReply>(`${app.base}/campaigns/${campaign.id}/confirm`, {}, app.token);
  expect(confirmed.status).toBe(200);
  return waitForStatus(app, campaign.id, "sent");
}

describe("bulk message drafts", () => {
  it("refuses a new bulk message with 3053 while the app has no brand in use", async () => {
    const app = await campaignApp(0);
    await api.put(`${app.base}/brands/${app.brandId}`, { name: "Off", inUse: false }, app.token);
    const res = await api.post(`${app.base}/campaigns`, form(app.brandId), app.token);
    expect(res.body.code).toBe("3053");
  });

  it("answers 1023 for every campaign call of an account without the notice feature", async () => {
    const chat = await createChatApp(t);
    const base = `/apps/${chat.appId}/notice/campaigns`;
    expect((await api.get(base, chat.owner.token)).body.code).toBe("1023");
    expect((await api.post(base, {}, chat.owner.token)).body.code).toBe("1023");
  });

  it("saves an incomplete draft at any step and lists it by status", async () => {
    const app = await campaignApp(0);
    const created = await api.post<CampaignReply>(`${app.base}/campaigns`, { title: "Half done" }, app.token);
    expect(created.status).toBe(200);
    expect(created.body.campaign).toMatchObject({ status: "draft", title: "Half done", brand: null, content: "" });
    const updated = await api.put<CampaignReply>(
      `${app.base}/campaigns/${created.body.campaign.id}`,
      form(app.brandId, { metadata: [{ key: "a", value: "" }] }),
      app.token,
    );
    expect(updated.body.campaign.brand?.id).toBe(app.brandId);
    const drafts = await api.get<{ campaigns: Campaign[] }>(`${app.base}/campaigns?status=draft`, app.token);
    expect(drafts.body.campaigns.map((c) => c.id)).toEqual([created.body.campaign.id]);
    const sent = await api.get<{ campaigns: Campaign[] }>(`${app.base}/campaigns?status=sent`, app.token);
    expect(sent.body.campaigns).toEqual([]);
  });

  it("refuses more than 5 metadata pairs with 300 and another app's brand with 3050", async () => {
    const app = await campaignApp(0);
    const other = await campaignApp(0);
    const six = Array.from({ length: 6 }, (_, i) => ({ key: `k${i}`, value: "v" }));
    expect((await api.post(`${app.base}/campaigns`, form(app.brandId, { metadata: six }), app.token)).body.code).toBe(
      "300",
    );
    expect((await api.post(`${app.base}/campaigns`, form(other.brandId), app.token)).body.code).toBe("3050");
  });

  it("discards a draft, and answers 3056 for it afterwards", async () => {
    const app = await campaignApp(0);
    const created = await api.post<CampaignReply>(`${app.base}/campaigns`, form(app.brandId), app.token);
    const id = created.body.campaign.id;
    const res = await t.server.inject({
      method: "DELETE",
      url: `/api${app.base}/campaigns/${id}`,
      headers: { authorization: `Bearer ${app.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await api.get(`${app.base}/campaigns/${id}`, app.token)).body.code).toBe("3056");
  });

  it("removes a discarded draft's recipients and excluded rows with it", async () => {
    const app = await campaignApp(2);
    const campaign = await draftWith(app, "u1\nu2\nghost");
    await t.server.inject({
      method: "DELETE",
      url: `/api${app.base}/campaigns/${campaign.id}`,
      headers: { authorization: `Bearer ${app.token}` },
    });
    const left = rowsOf<{ n: number }>(
      await t.ctx.database.db.execute(sql`
        select (select count(*) from campaign_recipients where campaign_id = ${campaign.id})
             + (select count(*) from campaign_exclusions where campaign_id = ${campaign.id}) as n`),
    );
    expect(Number(left[0]?.n)).toBe(0);
  });
});

describe("recipient files", () => {
  it("reads a file with BOM, CRLF, a header, quoted Korean columns and counts each exclusion reason", async () => {
    const app = await campaignApp(4);
    await app.server.post("/users/u4/deactivate", {});
    const csv = [
      "\uFEFFuserId,이름,메모",
      'u1,"김, 민수","첫 줄',
      '둘째 줄"',
      "u2,이영희,",
      "",
      "u1,중복,",
      "ghost,없는 사용자,",
      "bad id!,형식 오류,",
      "u4,비활성,",
      '"u3",따옴표,',
    ].join("\r\n");
    const campaign = await draftWith(app, csv);
    expect(campaign.recipients).toMatchObject({
      fileName: "recipients.csv",
      total: 7,
      valid: 3,
      excluded: { unknown: 2, duplicate: 1, deactivated: 1 },
    });
    const excluded = await t.server.inject({
      method: "GET",
      url: `/api${app.base}/campaigns/${campaign.id}/recipients/excluded`,
      headers: { authorization: `Bearer ${app.token}` },
    });
    expect(excluded.headers["content-type"]).toContain("text/csv");
    expect(excluded.body).toBe(
      "\uFEFFrow,userId,reason\r\n5,u1,duplicate\r\n6,ghost,unknown\r\n7,bad id!,unknown\r\n8,u4,deactivated\r\n",
    );
  });

  it("reads LF files without a header and replaces an earlier upload", async () => {
    const app = await campaignApp(3);
    const campaign = await draftWith(app, "u1\nu2\n");
    expect(campaign.recipients.valid).toBe(2);
    const again = await upload(app, campaign.id, "u3\n");
    expect(again.body.campaign.recipients).toMatchObject({ total: 1, valid: 1 });
  });

  it("answers 3055 for an empty file and for one that is not UTF-8", async () => {
    const app = await campaignApp(1);
    const created = await api.post<CampaignReply>(`${app.base}/campaigns`, form(app.brandId), app.token);
    const empty = await upload(app, created.body.campaign.id, "userId\r\n\r\n");
    expect(empty.body).toMatchObject({ code: "3055", data: { reason: "empty" } });
    const latin1 = await upload(app, created.body.campaign.id, Buffer.from([0x75, 0x31, 0x2c, 0xe9, 0x0a]));
    expect(latin1.body).toMatchObject({ code: "3055", data: { reason: "encoding" } });
    expect((await getCampaign(app, created.body.campaign.id)).recipients.total).toBe(0);
  });

  it.each([
    ["user_id", "user_id,name\r\nu1,Kim\r\n"],
    ["User ID", "User ID\nu1\n"],
    ["사용자 ID", "\uFEFF사용자 ID,이름\r\nu1,김민수\r\n"],
    ["email", "email\nu1\n"],
  ])(
    "refuses a file whose first row is the header %s with 3065 naming it, and keeps the previous upload",
    async (header, csv) => {
      const app = await campaignApp(2);
      const campaign = await draftWith(app, "u1\nu2\n");
      const res = await upload(app, campaign.id, csv);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "3065", data: { reason: header } });
      expect((await getCampaign(app, campaign.id)).recipients).toMatchObject({ total: 2, valid: 2 });
    },
  );

  it("still reads a file that starts with a user ID or the guided header in any letter case", async () => {
    const app = await campaignApp(2);
    const campaign = await draftWith(app, "USERID\nu1\nu2\n");
    expect(campaign.recipients).toMatchObject({ total: 2, valid: 2 });
    const headerless = await upload(app, campaign.id, "u2\nu1\n");
    expect(headerless.body.campaign.recipients).toMatchObject({ total: 2, valid: 2 });
  });

  it("answers 3055 for a file holding a NUL, which no database text can store", async () => {
    const app = await campaignApp(1);
    const created = await api.post<CampaignReply>(`${app.base}/campaigns`, form(app.brandId), app.token);
    const res = await upload(app, created.body.campaign.id, "u1\r\nbad\u0000id\r\n");
    expect(res.body).toMatchObject({ code: "3055", data: { reason: "encoding" } });
  });

  it("writes excluded rows that look like formulas as text in the excluded rows CSV", async () => {
    const app = await campaignApp(1);
    const campaign = await draftWith(app, 'u1\r\n=HYPERLINK("http://evil.example")\r\n+1\r\n@SUM(A1)\r\n');
    const excluded = await t.server.inject({
      method: "GET",
      url: `/api${app.base}/campaigns/${campaign.id}/recipients/excluded`,
      headers: { authorization: `Bearer ${app.token}` },
    });
    expect(excluded.body).toBe(
      '\uFEFFrow,userId,reason\r\n2,"\'=HYPERLINK(""http://evil.example"")",unknown\r\n3,\'+1,unknown\r\n4,\'@SUM(A1),unknown\r\n',
    );
  });
});

describe("sending", () => {
  it("lists brand channels with their brand and recipient in the dashboard, and filters them in or out", async () => {
    const app = await campaignApp(2);
    await sendAndFinish(app, await draftWith(app, "u1\nu2"));
    const own = await api.post<{ channel: { id: string } }>(
      `/apps/${app.appId}/channels`,
      { name: "Lobby" },
      app.token,
    );
    type Listed = { channels: { id: string; name: string; brand: { brandId: string; recipient: unknown } | null }[] };
    const list = async (query: string) =>
      (await api.get<Listed>(`/apps/${app.appId}/channels${query}`, app.token)).body.channels;

    const all = await list("");
    expect(all).toHaveLength(3);
    const brandRows = all.filter((channel) => channel.brand !== null);
    expect(brandRows.map((channel) => channel.brand?.recipient)).toEqual(
      expect.arrayContaining([
        { userId: "u1", nickname: "사용자1" },
        { userId: "u2", nickname: "사용자2" },
      ]),
    );
    expect(brandRows.every((channel) => channel.brand?.brandId === app.brandId)).toBe(true);
    expect((await list("?kind=regular")).map((channel) => channel.id)).toEqual([own.body.channel.id]);
    expect((await list("?kind=brand")).map((channel) => channel.id).sort()).toEqual(
      brandRows.map((channel) => channel.id).sort(),
    );
    const search = await api.get<Listed>(`/apps/${app.appId}/search/channels?q=Lobby&kind=brand`, app.token);
    expect(search.body.channels).toEqual([]);
  });

  it("refuses to confirm with 3059 naming what is missing", async () => {
    const app = await campaignApp(0);
    const created = await api.post<CampaignReply>(
      `${app.base}/campaigns`,
      {
        title: "",
        metadata: [
          { key: "a", value: "1" },
          { key: "a", value: "2" },
        ],
        push: { enabled: true, title: "", body: "" },
        sendType: "scheduled",
      },
      app.token,
    );
    const res = await api.post(`${app.base}/campaigns/${created.body.campaign.id}/confirm`, {}, app.token);
    expect(res.body).toMatchObject({
      code: "3059",
      data: { missing: ["brand", "title", "content", "metadata", "push", "recipients", "scheduledAt"] },
    });
  });

  it("counts a metadata value or key of only spaces or zero-width characters as missing, with 3059", async () => {
    const app = await campaignApp(1);
    for (const metadata of [
      [{ key: "coupon", value: "   " }],
      [{ key: "coupon", value: "\u200b\u00a0" }],
      [{ key: "\u200b", value: "1" }],
    ]) {
      const campaign = await draftWith(app, "u1", { metadata });
      const res = await api.post(`${app.base}/campaigns/${campaign.id}/confirm`, {}, app.token);
      expect(res.body).toMatchObject({ code: "3059", data: { missing: ["metadata"] } });
    }
  });

  it("refuses a schedule that is not later than now with 3058", async () => {
    const app = await campaignApp(1);
    const past = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const campaign = await draftWith(app, "u1", { sendType: "scheduled", scheduledAt: past });
    const res = await api.post(`${app.base}/campaigns/${campaign.id}/confirm`, {}, app.token);
    expect(res.body.code).toBe("3058");
  });

  it("refuses a campaign whose brand is not in use with 3054", async () => {
    const app = await campaignApp(1);
    const campaign = await draftWith(app, "u1");
    await api.post(`${app.base}/brands`, { name: "Second brand" }, app.token);
    await api.put(`${app.base}/brands/${app.brandId}`, { name: "Not used", inUse: false }, app.token);
    const res = await api.post(`${app.base}/campaigns/${campaign.id}/confirm`, {}, app.token);
    expect(res.body.code).toBe("3054");
  });

  it("delivers one admin message per recipient in a frozen one-to-one brand channel, variables filled", async () => {
    const app = await campaignApp(3);
    const campaign = await draftWith(app, "u1\nu2\nu3");
    const sent = await sendAndFinish(app, campaign);
    expect(sent.progress).toEqual({ recipients: 3, sent: 3, succeeded: 3, failed: 0, deleted: 0 });
    expect(sent.startedAt).not.toBeNull();
    expect(sent.finishedAt).not.toBeNull();
    const seen = await brandMessages(app, "u2");
    expect(seen).toHaveLength(1);
    const [only] = seen;
    // The channel is made with its first message: that message is seq 1, and the recipient's one unread.
    expect(only?.channel).toMatchObject({ type: "private", isFrozen: true, memberCount: 1, unreadCount: 1 });
    expect(only?.channel.lastMessage).toMatchObject({ seq: 1, type: "admin" });
    expect(only?.channel.name).toMatch(/^Brand /);
    expect(only?.messages).toHaveLength(1);
    expect(only?.messages[0]).toMatchObject({
      seq: 1,
      type: "admin",
      sender: null,
      text: `사용자2님, ${only?.channel.name}의 봄 세일이 시작됐어요.`,
      metadata: { kind: "promo" },
    });
  });

  it("keeps the brand's usage status while a send awaits (3051), and edits of a confirmed draft (3057)", async () => {
    const app = await campaignApp(1);
    const later = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const campaign = await draftWith(app, "u1", { sendType: "scheduled", scheduledAt: later });
    expect((await api.post(`${app.base}/campaigns/${campaign.id}/confirm`, {}, app.token)).status).toBe(200);
    const brandChange = await api.put(`${app.base}/brands/${app.brandId}`, { name: "X", inUse: false }, app.token);
    expect(brandChange.body.code).toBe("3051");
    const edit = await api.put(`${app.base}/campaigns/${campaign.id}`, form(app.brandId), app.token);
    expect(edit.body).toMatchObject({ code: "3057", data: { status: "awaiting" } });
    expect((await upload(app, campaign.id, "u1")).body.code).toBe("3057");
  });

  it("sends a scheduled campaign only once the clock reaches its time", async () => {
    const app = await campaignApp(2);
    const at = new Date(t.clock.now().getTime() + 3_600_000);
    const campaign = await draftWith(app, "u1\nu2", { sendType: "scheduled", scheduledAt: at.toISOString() });
    await api.post(`${app.base}/campaigns/${campaign.id}/confirm`, {}, app.token);
    expect(await t.services.campaignSender.run(campaign.id)).toBe(false);
    expect(await t.services.campaignSender.due()).not.toContain(campaign.id);
    t.clock.set(new Date(at.getTime() + 1000));
    try {
      expect(await t.services.campaignSender.due()).toContain(campaign.id);
      await t.services.campaignSender.run(campaign.id);
      expect((await getCampaign(app, campaign.id)).status).toBe("sent");
    } finally {
      t.clock.set(new Date());
    }
  });

  it("cancels an awaiting send, then deletes nothing but finishes the deletion", async () => {
    const app = await campaignApp(1);
    const later = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const campaign = await draftWith(app, "u1", { sendType: "scheduled", scheduledAt: later });
    await api.post(`${app.base}/campaigns/${campaign.id}/confirm`, {}, app.token);
    const cancelled = await api.post<CampaignReply>(`${app.base}/campaigns/${campaign.id}/cancel`, {}, app.token);
    expect(cancelled.body.campaign.status).toBe("cancelled");
    const again = await api.post(`${app.base}/campaigns/${campaign.id}/cancel`, {}, app.token);
    expect(again.body).toMatchObject({ code: "3057", data: { status: "cancelled" } });
    await api.post(`${app.base}/campaigns/${campaign.id}/delete-messages`, {}, app.token);
    expect((await waitForStatus(app, campaign.id, "deleted")).progress.deleted).toBe(0);
  });

  it("deletes every delivered message after the send, and refuses deletion before it ends", async () => {
    const app = await campaignApp(2);
    const campaign = await draftWith(app, "u1\nu2");
    const early = await api.post(`${app.base}/campaigns/${campaign.id}/delete-messages`, {}, app.token);
    expect(early.body.code).toBe("3057");
    await sendAndFinish(app, campaign);
    await api.post(`${app.base}/campaigns/${campaign.id}/delete-messages`, {}, app.token);
    const deleted = await waitForStatus(app, campaign.id, "deleted");
    expect(deleted.progress.deleted).toBe(2);
    const seen = await brandMessages(app, "u1");
    expect(seen[0]?.messages).toEqual([]);
  });

  it("stops as send_failed with 4000 when the account's service stopped, and a retry resumes", async () => {
    const app = await campaignApp(2);
    const realNow = t.clock.now();
    const at = new Date(realNow.getTime() + 3_600_000);
    const campaign = await draftWith(app, "u1\nu2", { sendType: "scheduled", scheduledAt: at.toISOString() });
    await api.post(`${app.base}/campaigns/${campaign.id}/confirm`, {}, app.token);
    // Past the 30-day trial with no paid plan, the service has stopped when the send comes due.
    t.clock.set(new Date(realNow.getTime() + 40 * 86_400_000));
    try {
      expect(await t.services.campaignSender.run(campaign.id)).toBe(true);
    } finally {
      t.clock.set(new Date());
    }
    const failed = await getCampaign(app, campaign.id);
    expect(failed).toMatchObject({ status: "send_failed", errorCode: "4000" });
    expect(failed.progress.sent).toBe(0);
    const retried = await api.post<CampaignReply>(`${app.base}/campaigns/${campaign.id}/retry`, {}, app.token);
    expect(retried.body.campaign.status).toBe("awaiting");
    const sent = await waitForStatus(app, campaign.id, "sent");
    expect(sent.progress.succeeded).toBe(2);
    expect(sent.errorCode).toBeNull();
  });

  it("counts a recipient deleted after the upload as failed with 3018", async () => {
    const app = await campaignApp(2);
    const campaign = await draftWith(app, "u1\nu2");
    expect((await app.server.delete("/users/u1")).status).toBe(200);
    const sent = await sendAndFinish(app, campaign);
    expect(sent.progress).toMatchObject({ sent: 2, succeeded: 1, failed: 1 });
  });

  it("counts a recipient deactivated after the upload as failed with 3017", async () => {
    const app = await campaignApp(2);
    const campaign = await draftWith(app, "u1\nu2");
    await app.server.post("/users/u2/deactivate", {});
    const sent = await sendAndFinish(app, campaign);
    expect(sent.progress).toMatchObject({ sent: 2, succeeded: 1, failed: 1 });
  });

  it("resends a finished campaign as a new draft with the same recipients, into the same brand channels", async () => {
    const app = await campaignApp(2);
    const first = await sendAndFinish(app, await draftWith(app, "u1\nu2\nghost"));
    const copy = await api.post<CampaignReply>(`${app.base}/campaigns/${first.id}/resend`, {}, app.token);
    expect(copy.body.campaign).toMatchObject({
      status: "draft",
      resentFromId: first.id,
      title: first.title,
      recipients: { total: 3, valid: 2, excluded: { unknown: 1 } },
    });
    await sendAndFinish(app, copy.body.campaign);
    const seen = await brandMessages(app, "u1");
    expect(seen).toHaveLength(1);
    expect(seen[0]?.messages).toHaveLength(2);
  });
});

describe("resuming", () => {
  it("resumes a send whose process stopped midway, and gives every recipient exactly one message", async () => {
    const app = await campaignApp(12);
    const csv = Array.from({ length: 12 }, (_, i) => `u${i + 1}`).join("\n");
    const campaign = await draftWith(app, csv);
    // Two processes' senders, with batches of 5. The first stalls on its second batch, as a process that died
    // would; its lease then lapses and the second takes over.
    const { createCampaignSender } = await import("../../../src/modules/campaigns/sender");
    const senderDeps = { apps: t.services.apps, channels: t.services.channels, messages: t.services.messages };
    const smallBatches = { ...t.ctx, config: { ...t.ctx.config, campaignBatchSize: 5 } };
    const sender = createCampaignSender(smallBatches, senderDeps);
    const other = createCampaignSender(smallBatches, senderDeps);
    const stall = await stallAfterFirstBatch(app);
    await t.ctx.database.db.execute(
      sql`update campaigns set status = 'awaiting', scheduled_at = ${t.clock.now()} where id = ${campaign.id}`,
    );
    const firstBatch = messagesPublished(app.appId, 5);
    const first = sender.run(campaign.id);
    try {
      await stall.stalled(first);
      await firstBatch;
      expect(await getCampaign(app, campaign.id)).toMatchObject({ status: "sending", progress: { sent: 5 } });
      t.clock.set(new Date(t.clock.now().getTime() + (t.ctx.config.campaignLeaseSeconds + 1) * 1000));
      expect(await sender.due()).toContain(campaign.id);
    } finally {
      stall.remove();
    }
    expect(await other.run(campaign.id)).toBe(true);
    stall.release();
    await first;
    t.clock.set(new Date());
    const done = await getCampaign(app, campaign.id);
    expect(done.status).toBe("sent");
    expect(done.progress).toMatchObject({ sent: 12, succeeded: 12, failed: 0 });
    const counts = rowsOf<{ n: number }>(
      await t.ctx.database.db.execute(sql`
        select count(*)::int as n from messages m join channels c on c.id = m.channel_id
        where c.brand_id = ${app.brandId} group by m.channel_id`),
    );
    expect(counts).toHaveLength(12);
    expect(counts.every((row) => Number(row.n) === 1)).toBe(true);
  });
});

describe("brand channels made meanwhile", () => {
  it("sends into the brand channel another send made after the batch was read, and makes no second one", async () => {
    const app = await campaignApp(2);
    const campaign = await draftWith(app, "u1\nu2");
    const { channels, brandChannels } = t.services;
    const { findApp } = await import("../../../src/modules/apps");
    const { findChatUsersByUserIds } = await import("../../../src/modules/chat-users");
    const appRow = await findApp(t.ctx.database.db, app.appId);
    const [u1] = await findChatUsersByUserIds(t.ctx.database.db, app.appId, ["u1"]);
    const brandName = rowsOf<{ name: string }>(
      await t.ctx.database.db.execute(sql`select name from brands where id = ${app.brandId}`),
    )[0]?.name;
    if (!appRow || !u1 || !brandName) throw new Error("set-up failed");
    // Once the batch has read that u1 has no channel of the brand, and is preparing their message, another send
    // of the brand makes u1's channel and commits.
    let raced = false;
    const race = async (draft: MessageDraft) => {
      if (!raced) {
        raced = true;
        await channels.mutate((tx, batch) =>
          brandChannels.ensureBrandChannel(
            tx,
            batch,
            appRow,
            { id: app.brandId, name: brandName, imageUrl: "" },
            u1,
            t.clock.now(),
          ),
        );
      }
      return draft;
    };
    const { filters } = t.services.messages.stages;
    filters.push(race);
    try {
      const sent = await sendAndFinish(app, campaign);
      expect(sent.progress).toMatchObject({ sent: 2, succeeded: 2, failed: 0 });
    } finally {
      filters.splice(filters.indexOf(race), 1);
    }
    expect(raced).toBe(true);
    const perChannel = rowsOf<{ recipient: string; messages: number; seqs: number[] }>(
      await t.ctx.database.db.execute(sql`
        select u.user_id as recipient, count(m.id)::int as messages, array_agg(m.seq) as seqs
        from channels c join chat_users u on u.id = c.brand_recipient_id
        left join messages m on m.channel_id = c.id
        where c.brand_id = ${app.brandId} group by u.user_id order by u.user_id`),
    );
    expect(perChannel.map((row) => ({ ...row, seqs: row.seqs.map(Number) }))).toEqual([
      { recipient: "u1", messages: 1, seqs: [1] },
      { recipient: "u2", messages: 1, seqs: [1] },
    ]);
  });
});

describe("cancelling under way", () => {
  it("stops a send in progress after the batch it is on, and counts the delivered messages for the day", async () => {
    const app = await campaignApp(12);
    const campaign = await draftWith(app, Array.from({ length: 12 }, (_, i) => `u${i + 1}`).join("\n"));
    const { createCampaignSender } = await import("../../../src/modules/campaigns/sender");
    const sender = createCampaignSender(
      { ...t.ctx, config: { ...t.ctx.config, campaignBatchSize: 5 } },
      { apps: t.services.apps, channels: t.services.channels, messages: t.services.messages },
    );
    const stall = await stallAfterFirstBatch(app);
    await t.ctx.database.db.execute(
      sql`update campaigns set status = 'awaiting', scheduled_at = ${t.clock.now()} where id = ${campaign.id}`,
    );
    const firstBatch = messagesPublished(app.appId, 5);
    const running = sender.run(campaign.id);
    try {
      await stall.stalled(running);
      await firstBatch;
      const cancelled = await api.post<CampaignReply>(`${app.base}/campaigns/${campaign.id}/cancel`, {}, app.token);
      expect(cancelled.body.campaign).toMatchObject({ status: "cancelled", progress: { sent: 5 } });
    } finally {
      stall.remove();
      stall.release();
    }
    await running;
    const after = await getCampaign(app, campaign.id);
    expect(after).toMatchObject({ status: "cancelled", progress: { sent: 5, succeeded: 5 } });
    const [day] = rowsOf<{ n: number }>(
      await t.ctx.database.db.execute(
        sql`select coalesce(sum(message_count), 0)::int as n from daily_metrics where app_id = ${app.appId}`,
      ),
    );
    expect(Number(day?.n)).toBe(5);
  });
});

describe("reports", () => {
  it("counts reads from read receipts by day, for 15 days from the send", async () => {
    const app = await campaignApp(3);
    const campaign = await sendAndFinish(app, await draftWith(app, "u1\nu2\nu3"));
    for (const userId of ["u1", "u3"]) {
      const { token } = (await app.server.post<{ token: string }>(`/users/${userId}/token`, {})).body;
      const { v1 } = await import("../../chat-client");
      const login = await v1(t.server).post<{ sessionToken: string }>("/auth/login", {
        appId: app.appId,
        userId,
        token,
      });
      const user = v1(t.server, login.body.sessionToken);
      const [channel] = (await user.get<{ channels: TChannel[] }>("/channels?scope=mine")).body.channels;
      expect((await user.post(`/channels/${channel?.id}/read`, {})).status).toBe(200);
    }
    const report = await api.get<TCampaignReport>(`${app.base}/campaigns/${campaign.id}/report`, app.token);
    expect(report.body.reads).toBe(2);
    expect(report.body.dailyReads).toHaveLength(15);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(report.body.dailyReads[0]).toEqual({ day: (campaign.startedAt as string).slice(0, 10), reads: 2 });
    expect(report.body.dailyReads.find((d) => d.day === today)?.reads).toBe(2);
  });
});
