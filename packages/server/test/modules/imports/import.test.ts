import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { TDataImportResponse, TMessage } from "@parley/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runImportJob } from "../../../src/jobs/catalog";
import { v1 } from "../../chat-client";
import { client } from "../../client";
import { createChatApp, createChatSession } from "../../factories";
import { ALLOW_LOOPBACK, startTestApp, type TestApp } from "../../harness";
import { startTalkPlusServer, type TalkPlusData } from "../../support/talkplus-server";
import {
  type ChatApp,
  reader as chatReader,
  FIXTURES,
  importFile as importFileThroughApi,
  dashboard as importsDashboard,
  multipart,
  zipOf,
} from "./imports-api";

let t: TestApp;

beforeAll(async () => {
  // Three rows a page, so each kind is written as several pages, each in its own transaction.
  t = await startTestApp({ env: { IMPORT_PAGE_ROWS: "3", ...ALLOW_LOOPBACK } });
});
afterAll(() => t?.close());

const dashboard = (app: ChatApp) => importsDashboard(t, app);
const importFile = (app: ChatApp, source: string, name: string, bytes: Buffer) =>
  importFileThroughApi(t, app, source, name, bytes);
const reader = (app: ChatApp, userId: string) => chatReader(t, app, userId);

const streamFile = () => fs.readFile(path.join(FIXTURES, "stream/app.jsonl"));

/** What the app's users read back: every channel of each, with each channel's history and threads. */
async function history(app: ChatApp, userIds: string[]) {
  const seen: Record<string, unknown> = {};
  for (const userId of userIds) {
    const user = await reader(app, userId);
    for (const channel of await user.channels()) {
      const messages = await user.messages(channel.id);
      const threads: Record<string, string[]> = {};
      for (const message of messages.filter((m) => (m.replyCount ?? 0) > 0)) {
        threads[message.text] = (await user.replies(channel.id, message.id)).map((m) => m.text);
      }
      seen[`${userId}:${channel.name}`] = { channel, messages, threads };
    }
  }
  return seen;
}

async function countRows(sql: string, appId: string) {
  const [row] = await t.ctx.database.query<{ n: number }>(sql, [appId]);
  return Number(row?.n ?? 0);
}

describe("importing Stream's import file", () => {
  it("reports the dry run with counts per kind and the malformed lines by line, before writing anything", async () => {
    const app = await createChatApp(t);
    const d = dashboard(app);
    const created = await d.upload("stream", "app.jsonl", await streamFile());
    expect(created.status).toBe(200);
    expect(created.body.import).toMatchObject({ status: "analyzing", source: "stream", origin: "app.jsonl" });
    const ready = await d.settled(created.body.import.id);
    expect(ready.status).toBe("ready");
    expect(ready.dryRun?.counts).toEqual({
      users: { found: 5, refused: 0, new: 5, existing: 0 },
      channels: { found: 4, refused: 0, new: 4, existing: 0 },
      members: { found: 10, refused: 0, new: 10, existing: 0 },
      messages: { found: 15, refused: 0, new: 15, existing: 0 },
      reactions: { found: 5, refused: 0, new: 5, existing: 0 },
    });
    expect(ready.dryRun?.refused.map((r) => [r.file, r.line, r.reason])).toEqual([
      ["app.jsonl", 6, "malformed-json"],
      ["app.jsonl", 29, "malformed-json"],
      ["app.jsonl", 37, "unknown-type"],
    ]);
    expect(ready.kinds).toEqual([
      { kind: "users", done: 0, total: 5 },
      { kind: "channels", done: 0, total: 4 },
      { kind: "members", done: 0, total: 10 },
      { kind: "messages", done: 0, total: 15 },
      { kind: "reactions", done: 0, total: 5 },
      { kind: "files", done: 0, total: 0 },
    ]);
    expect(await countRows("select count(*) as n from chat_users where app_id = $1", app.appId)).toBe(0);
    expect(await countRows("select count(*) as n from channels where app_id = $1", app.appId)).toBe(0);
  });

  it("writes the history as the file has it: order, times, senders, threads, reactions, metadata, edits, files", async () => {
    const app = await createChatApp(t);
    const { done } = await importFile(app, "stream", "app.jsonl", await streamFile());
    expect(done.progress).toBe(1);
    expect(done.kinds.map((k) => [k.kind, k.done, k.total])).toEqual([
      ["users", 5, 5],
      ["channels", 4, 4],
      ["members", 10, 10],
      ["messages", 15, 15],
      ["reactions", 5, 5],
      ["files", 0, 0],
    ]);

    const kim = await reader(app, "kim");
    const channels = await kim.channels();
    expect(
      channels.map((c) => [
        c.name,
        c.type,
        c.ownerUserId,
        c.memberCount,
        c.isFrozen,
        c.unreadCount,
        c.lastMessage?.text,
      ]),
    ).toEqual([
      ["messaging:!members:jesse,kim", "private_invite", "jesse", 2, false, 0, "Just between us"],
      ["lobby", "public", "kim", 2, false, 0, "rematch?"],
      ["Launch day", "open", "ops", 3, true, 0, "The stream has ended"],
      ["General", "private_invite", "jesse", 3, false, 0, "Our new logo"],
    ]);
    const general = channels.find((c) => c.name === "General");
    if (!general) throw new Error("General was not imported");
    expect(general.createdAt).toBe("2024-02-01T09:00:00.000Z");
    expect(general.data).toEqual({ topic: "Everything" });

    const messages = await kim.messages(general.id);
    expect(messages.map((m) => [m.seq, m.sender?.userId, m.text, m.createdAt])).toEqual([
      [1, "jesse", "Hello everyone", "2024-03-01T09:00:00.000Z"],
      [2, "kim", "Hi Jesse!", "2024-03-01T09:01:00.000Z"],
      [4, "kim", "Thanks for setting this up", "2024-03-01T09:03:00.000Z"],
      [5, "lee", "The meeting is at 3pm", "2024-03-01T09:04:00.000Z"],
      [7, "jesse", "", "2024-03-01T09:07:00.000Z"],
      [8, "jesse", "Our new logo", "2024-03-01T09:08:00.000Z"],
    ]);
    const [hello, hi, shown, meeting, report, logo] = messages;
    // A reply Stream shows in the channel too is in the history and in its thread.
    expect(shown).toMatchObject({ parentMessageId: hello?.id, showInChannel: true });
    expect(hello).toMatchObject({
      metadata: { client: '{"app":"ios","v":2}', priority: "high" },
      reactions: { like: 1, love: 1 },
      myReactions: ["love"],
      replyCount: 2,
      lastRepliedAt: "2024-03-01T09:03:00.000Z",
    });
    expect(hi?.reactions).toEqual({ like: 1 });
    expect(meeting?.editedAt).toBe("2024-03-01T09:10:00.000Z");
    expect(report).toMatchObject({
      type: "file",
      file: {
        url: "https://cdn.example.com/files/q1-report.pdf",
        name: "Q1 report.pdf",
        size: 48213,
        mimeType: "application/pdf",
      },
    });
    expect(logo?.file).toMatchObject({ url: "https://cdn.example.com/images/logo.png", mimeType: "image/png" });
    const replies = await kim.replies(general.id, hello?.id ?? "");
    expect(replies.map((m) => [m.seq, m.sender?.userId, m.text])).toEqual([
      [3, "lee", "Welcome aboard"],
      [4, "kim", "Thanks for setting this up"],
    ]);

    const launch = channels.find((c) => c.name === "Launch day");
    const launchMessages = await kim.messages(launch?.id ?? "");
    expect(launchMessages.map((m) => [m.type, m.sender?.userId ?? null, m.text])).toEqual([
      ["text", "ops", "We are live!"],
      ["text", "jesse", "Congrats, team"],
      ["text", "kim", "🚀🚀"],
      ["admin", null, "The stream has ended"],
    ]);
  });

  it("sends no events, webhooks or pushes for imported history and counts none of it as usage", async () => {
    const app = await createChatApp(t);
    await importFile(app, "stream", "app.jsonl", await streamFile());
    expect(await countRows("select count(*) as n from messages where app_id = $1", app.appId)).toBe(15);
    expect(await countRows("select count(*) as n from chat_events where app_id = $1", app.appId)).toBe(0);
    expect(await countRows("select count(*) as n from event_outbox where app_id = $1", app.appId)).toBe(0);
    expect(
      await countRows("select coalesce(sum(message_count), 0) as n from daily_metrics where app_id = $1", app.appId),
    ).toBe(0);
  });

  it("changes nothing when the same file is imported again, and reports every record as one the app has", async () => {
    const app = await createChatApp(t);
    await importFile(app, "stream", "app.jsonl", await streamFile());
    const before = await history(app, ["kim", "jesse", "lee"]);
    const { ready, done } = await importFile(app, "stream", "app.jsonl", await streamFile());
    expect(ready.dryRun?.counts.users).toEqual({ found: 5, refused: 0, new: 0, existing: 5 });
    expect(ready.dryRun?.counts.messages).toEqual({ found: 15, refused: 0, new: 0, existing: 15 });
    expect(ready.dryRun?.collisionsTotal).toBe(9);
    expect(ready.dryRun?.collisions).toContainEqual(expect.objectContaining({ kind: "channel", action: "merge" }));
    expect(done.status).toBe("completed");
    expect(await history(app, ["kim", "jesse", "lee"])).toEqual(before);
    expect(await countRows("select count(*) as n from messages where app_id = $1", app.appId)).toBe(15);
  });

  it("keeps messages sent after an import after the imported history, with the next seq", async () => {
    const app = await createChatApp(t);
    await importFile(app, "stream", "app.jsonl", await streamFile());
    const { sessionToken } = await createChatSession(t, app.appId, "kim");
    const kim = v1(t.server, sessionToken);
    const general = (await (await reader(app, "kim")).channels()).find((c) => c.name === "General");
    const sent = await kim.post<{ message: TMessage }>(`/channels/${general?.id}/messages`, { text: "Back on Parley" });
    expect(sent.status).toBe(200);
    expect(sent.body.message.seq).toBe(9);
  });

  it("downloads the report with the channel map, each source key to the channel ID it was imported under", async () => {
    const app = await createChatApp(t);
    const { done } = await importFile(app, "stream", "app.jsonl", await streamFile());
    const report = await dashboard(app).report(done.id);
    expect(report.status).toBe(200);
    expect(report.headers["content-disposition"]).toBe(`attachment; filename="parley-import-${done.id}.json"`);
    const general = (await (await reader(app, "kim")).channels()).find((c) => c.name === "General");
    expect(report.body.channelMap["messaging:general"]).toBe(general?.id);
    expect(Object.keys(report.body.channelMap)).toHaveLength(4);
    expect(report.body.import.status).toBe("completed");
  });
});

describe("the import's life", () => {
  it("answers 3171 for an action its state does not allow, and 3174 for a second import while one is open", async () => {
    const app = await createChatApp(t);
    const d = dashboard(app);
    const created = await d.upload("stream", "app.jsonl", await streamFile());
    const id = created.body.import.id;
    expect((await d.upload("stream", "app.jsonl", await streamFile())).body.code).toBe("3174");
    await d.settled(id);
    expect((await d.action(id, "pause")).body.code).toBe("3171");
    expect((await d.action(id, "resume")).body.code).toBe("3171");
    const canceled = await d.action(id, "cancel");
    expect(canceled.body.import.status).toBe("canceled");
    expect((await d.action(id, "start")).body.code).toBe("3171");
    expect((await d.get("00000000-0000-4000-8000-000000000000")).body.code).toBe("3170");
    expect((await d.upload("stream", "app.jsonl", await streamFile())).status).toBe(200);
  });

  it("pauses before its next page and resumes where it stopped", async () => {
    const app = await createChatApp(t);
    const d = dashboard(app);
    const created = await d.upload("stream", "app.jsonl", await streamFile());
    const id = created.body.import.id;
    await d.settled(id);
    // Started and paused before the job queue runs it: the run finds it paused and writes nothing. The queue is
    // held meanwhile, since a fast database would otherwise finish this small file between the two calls.
    await t.ctx.jobs.stop();
    expect((await d.action(id, "start")).body.import.status).toBe("queued");
    expect((await d.action(id, "pause")).body.import.status).toBe("paused");
    await t.ctx.jobs.start();
    const paused = await d.settled(id);
    expect(paused.status).toBe("paused");
    expect(paused.kinds.every((k) => k.done === 0)).toBe(true);
    expect((await d.action(id, "resume")).body.import.status).toBe("queued");
    const done = await d.settled(id);
    expect(done.status).toBe("completed");
    expect(await countRows("select count(*) as n from messages where app_id = $1", app.appId)).toBe(15);
  });

  it("keeps what a canceled import wrote, and completes it when the same file is imported again", async () => {
    const app = await createChatApp(t);
    const d = dashboard(app);
    const created = await d.upload("stream", "app.jsonl", await streamFile());
    const id = created.body.import.id;
    await d.settled(id);
    // The third page of messages is lost from storage: the run writes the pages before it, then fails on it.
    const [planned] = await t.ctx.database.query<{ plan: string }>(
      "select state ->> 'plan' as plan from data_imports where id = $1",
      [id],
    );
    await fs.rm(path.join(t.ctx.config.filesDir, `${planned?.plan}/messages-000002`));
    await d.action(id, "start");
    const stuck = await d.settled(id);
    expect(stuck.status).toBe("running");
    // On PostgreSQL pages of messages are written two at a time: the page after the lost one may start before the loss
    // is seen, and commit.
    const written = stuck.kinds.find((k) => k.kind === "messages")?.done;
    expect([6, 9]).toContain(written);
    expect((await d.action(id, "cancel")).body.import.status).toBe("canceled");
    expect(await countRows("select count(*) as n from messages where app_id = $1", app.appId)).toBe(written);

    const { ready, done } = await importFile(app, "stream", "app.jsonl", await streamFile());
    expect(ready.dryRun?.counts.channels).toEqual({ found: 4, refused: 0, new: 0, existing: 4 });
    expect(done.status).toBe("completed");
    expect(await countRows("select count(*) as n from messages where app_id = $1", app.appId)).toBe(15);
    const kim = await reader(app, "kim");
    const general = (await kim.channels()).find((c) => c.name === "General");
    const messages = await kim.messages(general?.id ?? "");
    expect(messages.map((m) => m.seq)).toEqual([1, 2, 4, 5, 7, 8]);
    expect(messages[0]).toMatchObject({ replyCount: 2, reactions: { like: 1, love: 1 } });
    expect(general?.memberCount).toBe(3);
  });

  it("takes a run that failed while writing pages at once up from the pages it did not mark, writing each row once", async () => {
    const app = await createChatApp(t);
    const d = dashboard(app);
    const created = await d.upload("stream", "app.jsonl", await streamFile());
    const id = created.body.import.id;
    await d.settled(id);
    // The second page of messages is gone while the first is written (at once on PostgreSQL): the run fails on it
    // after the first commits, and leaves the import to be taken up.
    const [planned] = await t.ctx.database.query<{ plan: string }>(
      "select state ->> 'plan' as plan from data_imports where id = $1",
      [id],
    );
    const second = path.join(t.ctx.config.filesDir, `${planned?.plan}/messages-000001`);
    const kept = await fs.readFile(second);
    await fs.rm(second);
    await d.action(id, "start");
    const failed = await d.settled(id);
    expect(failed.status).toBe("running");
    expect(failed.kinds.find((k) => k.kind === "messages")).toEqual({ kind: "messages", done: 3, total: 15 });
    expect(await countRows("select count(*) as n from messages where app_id = $1", app.appId)).toBe(3);

    await fs.writeFile(second, kept);
    await t.ctx.jobs.send(runImportJob, { importId: id }, { singletonKey: id });
    const done = await d.settled(id);
    expect(done.status).toBe("completed");
    expect(done.kinds.find((k) => k.kind === "messages")).toEqual({ kind: "messages", done: 15, total: 15 });
    const [counts] = await t.ctx.database.query<{ rows: number; keys: number }>(
      `select count(*)::int as rows, count(distinct (channel_id, seq))::int as keys from messages where app_id = $1`,
      [app.appId],
    );
    expect(counts).toEqual({ rows: 15, keys: 15 });
    const kim = await reader(app, "kim");
    const general = (await kim.channels()).find((c) => c.name === "General");
    const [first] = await kim.messages(general?.id ?? "");
    expect(first).toMatchObject({ replyCount: 2, reactions: { like: 1, love: 1 } });
  });

  it("fails an upload that is not the source's format with 3172 and the reason", async () => {
    const app = await createChatApp(t);
    const d = dashboard(app);
    const zip = await zipOf([{ path: "users.ndjson", text: "{}\n" }]);
    const created = await d.upload("stream", "app.zip", zip);
    const failed = await d.settled(created.body.import.id);
    expect(failed).toMatchObject({ status: "failed", errorCode: "3172" });
    expect(failed.errorReason).toMatch(/JSONL/);
    expect((await d.upload("nobody", "app.jsonl", await streamFile())).body.code).toBe("300");
  });

  it("answers another account's dashboard as for an app it cannot see (3003)", async () => {
    const app = await createChatApp(t);
    const other = await createChatApp(t);
    const api = client(t.server);
    const token = other.dashboardAuth.authorization.slice("Bearer ".length);
    const res = await api.get(`/apps/${app.appId}/imports`, token);
    expect(res.body.code).toBe("3003");
  });
});

describe("copying the files messages reference", () => {
  it("copies each file through the outbound guard into storage, lists the ones it cannot, and leaves those as they were", async () => {
    // A damaged image, which an upload would refuse (3253): copied as the plain file the source had.
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#468" } })
      .jpeg()
      .toBuffer();
    const served = http.createServer((req, res) => {
      if (req.url === "/files/logo.png") res.writeHead(200, { "content-type": "image/png" }).end(png);
      else if (req.url === "/files/photo.jpg") res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
      else res.writeHead(404).end("gone");
    });
    await new Promise<void>((resolve) => served.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(served.address() as AddressInfo).port}`;
    const lines = [
      { type: "user", item: { id: "ana", name: "Ana" } },
      { type: "channel", item: { id: "files", type: "messaging", name: "Files", created_by: "ana" } },
      { type: "member", item: { channel_type: "messaging", channel_id: "files", user_id: "ana" } },
      ...[
        ["f1", `${base}/files/logo.png`, "logo.png"],
        ["f2", `${base}/files/missing.pdf`, "missing.pdf"],
        ["f3", "http://10.0.0.1/private.txt", "private.txt"],
        ["f4", `${base}/files/photo.jpg`, "photo.jpg"],
      ].map(([id, url, title], index) => ({
        type: "message",
        item: {
          id,
          channel_type: "messaging",
          channel_id: "files",
          user: "ana",
          text: "",
          attachments: [{ type: "file", asset_url: url, title }],
          created_at: `2024-05-01T10:0${index}:00Z`,
        },
      })),
    ];
    try {
      const app = await createChatApp(t);
      const d = dashboard(app);
      const body = multipart(
        { source: "stream", copyFiles: "true" },
        { name: "files.jsonl", bytes: Buffer.from(lines.map((line) => JSON.stringify(line)).join("\n")) },
      );
      const res = await t.server.inject({
        method: "POST",
        url: `/api/apps/${app.appId}/imports/upload`,
        payload: body.payload,
        headers: { authorization: app.dashboardAuth.authorization, "content-type": body.contentType },
      });
      const created = (res.json() as TDataImportResponse).import;
      expect(created.copyFiles).toBe(true);
      await d.settled(created.id);
      await d.action(created.id, "start");
      const done = await d.settled(created.id);
      expect(done.status).toBe("completed");
      expect(done.kinds.find((k) => k.kind === "files")).toEqual({ kind: "files", done: 4, total: 4 });
      expect(done.fileFailuresTotal).toBe(2);
      expect(done.fileFailures.map((f) => [f.name, f.reason])).toEqual(
        expect.arrayContaining([
          ["missing.pdf", "HTTP 404"],
          ["private.txt", expect.stringMatching(/private|refused|reserved/i)],
        ]),
      );

      const ana = await reader(app, "ana");
      const [channel] = await ana.channels();
      const messages = await ana.messages(channel?.id ?? "");
      const [logo, missing, hidden, copiedPhoto] = messages;
      expect(logo?.file).toMatchObject({ name: "logo.png", size: png.length, mimeType: "image/png" });
      expect(logo?.file?.url.startsWith(`${t.ctx.config.publicUrl}/files/`)).toBe(true);
      const download = await t.server.inject({ method: "GET", url: new URL(logo?.file?.url ?? "").pathname });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(png)).toBe(true);
      expect(missing?.file?.url).toBe(`${base}/files/missing.pdf`);
      expect(hidden?.file?.url).toBe("http://10.0.0.1/private.txt");
      // A readable image is read as an upload is: its size and thumbnails come with the copy.
      expect(copiedPhoto?.file).toMatchObject({ name: "photo.jpg", width: 400, height: 300, media: "ready" });
      const thumbnail = copiedPhoto?.file?.thumbnails?.find((th) => th.size === 240 && th.format === "webp");
      expect(thumbnail).toMatchObject({ width: 240, height: 180 });
      const thumb = await t.server.inject({ method: "GET", url: new URL(thumbnail?.url ?? "").pathname });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers["content-type"]).toBe("image/webp");
    } finally {
      served.close();
    }
  });

  it("keeps the source's URLs and copies nothing when not asked to", async () => {
    const app = await createChatApp(t);
    const { done } = await importFile(app, "stream", "app.jsonl", await streamFile());
    expect(done.copyFiles).toBe(false);
    expect(done.kinds.find((k) => k.kind === "files")).toEqual({ kind: "files", done: 0, total: 0 });
    expect(await countRows("select count(*) as n from files where app_id = $1", app.appId)).toBe(0);
  });
});

describe("importing from Sendbird, TalkPlus and another Parley", () => {
  it("imports Sendbird's export zip", async () => {
    const dir = path.join(FIXTURES, "sendbird");
    const names = await fs.readdir(dir);
    const zip = await zipOf(
      await Promise.all(
        names.map(async (name) => ({ path: name, text: await fs.readFile(path.join(dir, name), "utf8") })),
      ),
    );
    const app = await createChatApp(t);
    const { ready, done } = await importFile(app, "sendbird", "sendbird-export.zip", zip);
    expect(done.kinds.find((k) => k.kind === "messages")?.done).toBe(ready.dryRun?.counts.messages.new);
    const alice = await reader(app, "alice");
    const found = await Promise.all(
      (await alice.channels()).map(async (channel) => ({ channel, messages: await alice.messages(channel.id) })),
    );
    const general = found.find(({ messages }) => messages.some((m) => m.text === "Morning team"));
    const morning = general?.messages.find((m) => m.text === "Morning team");
    expect(morning).toMatchObject({ seq: 1, createdAt: "2025-01-14T12:00:00.000Z", sender: { userId: "alice" } });
    const replies = await alice.replies(general?.channel.id ?? "", morning?.id ?? "");
    expect(replies.map((m) => [m.sender?.userId, m.text, m.createdAt])).toContainEqual([
      "bob",
      "Morning! Standup in 5",
      "2025-01-14T12:01:00.000Z",
    ]);
    const rows = await countRows("select count(*) as n from messages where app_id = $1", app.appId);
    expect(rows).toBe(ready.dryRun?.counts.messages.new);
    expect(rows).toBeGreaterThan(0);
  });

  it("imports a Parley export zip", async () => {
    const dir = path.join(FIXTURES, "parley");
    const names = (await fs.readdir(dir)).filter((name) => name !== "manifest.json");
    const zip = await zipOf(
      await Promise.all(
        names.map(async (name) => ({ path: name, text: await fs.readFile(path.join(dir, name), "utf8") })),
      ),
      JSON.parse(await fs.readFile(path.join(dir, "manifest.json"), "utf8")) as object,
    );
    const app = await createChatApp(t);
    const { ready } = await importFile(app, "parley", "parley-export.zip", zip);
    const rows = await countRows("select count(*) as n from messages where app_id = $1", app.appId);
    expect(rows).toBe(ready.dryRun?.counts.messages.new);
    expect(rows).toBeGreaterThan(0);
  });

  it("pulls a TalkPlus app through its REST API, and answers 3173 when the key is refused", async () => {
    const data = JSON.parse(await fs.readFile(path.join(FIXTURES, "talkplus/app.json"), "utf8")) as TalkPlusData;
    const talkplus = await startTalkPlusServer(data, { appId: "tp-app", apiKey: "tp-key", pageSize: 2 });
    try {
      const app = await createChatApp(t);
      const api = client(t.server);
      const token = app.dashboardAuth.authorization.slice("Bearer ".length);
      const base = `/apps/${app.appId}/imports`;
      const wrong = await api.post<TDataImportResponse>(
        base,
        { source: "talkplus", baseUrl: talkplus.url, appId: "tp-app", apiKey: "wrong" },
        token,
      );
      const refused = await dashboard(app).settled(wrong.body.import.id);
      expect(refused).toMatchObject({ status: "failed", errorCode: "3173" });

      const created = await api.post<TDataImportResponse>(
        base,
        { source: "talkplus", baseUrl: talkplus.url, appId: "tp-app", apiKey: "tp-key" },
        token,
      );
      expect(created.body.import.origin).toBe(talkplus.url);
      const ready = await dashboard(app).settled(created.body.import.id);
      expect(ready.status).toBe("ready");
      expect((await dashboard(app).action(ready.id, "start")).status).toBe(200);
      const done = await dashboard(app).settled(ready.id);
      expect(done.status).toBe("completed");
      const rows = await countRows("select count(*) as n from messages where app_id = $1", app.appId);
      expect(rows).toBe(ready.dryRun?.counts.messages.new);
      expect(rows).toBeGreaterThan(0);
      const [kept] = await t.ctx.database.query<{ credentials: unknown }>(
        "select credentials from data_imports where id = $1",
        [ready.id],
      );
      expect(kept?.credentials).toBeNull();
    } finally {
      await talkplus.close();
    }
  });
});
