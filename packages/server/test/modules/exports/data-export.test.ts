import fs from "node:fs/promises";
import path from "node:path";
import type {
  TAuditPage,
  TChannel,
  TChatUser,
  TDataExport,
  TDataExportResponse,
  TDataExportsResponse,
  TEraseUserResponse,
  TMessage,
} from "@parley/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../client";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";
import { ndjson, readZip } from "../../zip";

let t: TestApp;

beforeAll(async () => {
  // Two rows a page, so every section of these small apps is written as several parts the archive joins.
  t = await startTestApp({ env: { EXPORT_PAGE_ROWS: "2" } });
});
afterAll(() => t?.close());

type ChatApp = Awaited<ReturnType<typeof createChatApp>>;

function dashboard(app: ChatApp) {
  const api = client(t.server);
  const token = app.dashboardAuth.authorization.slice("Bearer ".length);
  const base = `/apps/${app.appId}/exports`;
  return {
    create: (body: Record<string, unknown> = {}) => api.post<TDataExportResponse>(base, body, token),
    list: () => api.get<TDataExportsResponse>(base, token),
    get: (exportId: string) => api.get<TDataExportResponse>(`${base}/${exportId}`, token),
    erase: (userId: string) => api.post<TEraseUserResponse>(`/apps/${app.appId}/users/${userId}/erase`, {}, token),
    audit: () => api.get<TAuditPage>(`/apps/${app.appId}/audit`, token),
    /** The export once the job queue has run everything it was given, its run included. */
    async finished(exportId: string): Promise<TDataExport> {
      await t.jobsIdle();
      const { body } = await api.get<TDataExportResponse>(`${base}/${exportId}`, token);
      if (body.export.status !== "completed" && body.export.status !== "failed") {
        throw new Error(`export still ${body.export.status} with the job queue idle`);
      }
      return body.export;
    },
  };
}

async function download(url: string) {
  const res = await t.server.inject({ method: "GET", url: new URL(url).pathname });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload, json: () => res.json() };
}

function multipart(file: { name: string; bytes: Buffer; type: string }, caption: string) {
  const boundary = `----parley${Date.now()}`;
  const part = (headers: string, body: Buffer | string) => [
    Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
    Buffer.from("\r\n"),
  ];
  return {
    payload: Buffer.concat([
      ...part('Content-Disposition: form-data; name="caption"', caption),
      ...part(
        `Content-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}`,
        file.bytes,
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** An app where kim owns two channels; lee joined the first, park the second; each sends messages, kim a file. */
async function world() {
  const app = await createChatApp(t);
  const kim = await app.user("kim", "Kim");
  const lee = await app.user("lee", "Lee");
  const park = await app.user("park", "Park");
  const channel = async (name: string) =>
    (await kim.api.post<{ channel: TChannel }>("/channels", { name })).body.channel;
  const lounge = await channel("Lounge");
  const studio = await channel("Studio");
  await lee.api.post(`/channels/${lounge.id}/join`);
  await park.api.post(`/channels/${studio.id}/join`);
  const send = async (who: typeof kim, channelId: string, text: string, metadata?: Record<string, string>) =>
    (await who.api.post<{ message: TMessage }>(`/channels/${channelId}/messages`, { text, metadata })).body.message;
  const sent = [
    await send(kim, lounge.id, "안녕하세요 여러분", { mood: "bright" }),
    await send(lee, lounge.id, "hello Kim"),
    await send(kim, lounge.id, "how is the deploy going?"),
    await send(park, studio.id, "스튜디오 예약했어요"),
    await send(kim, studio.id, "thanks Park"),
  ];
  const deleted = await send(lee, lounge.id, "oops, wrong channel");
  expect((await lee.api.delete(`/channels/${lounge.id}/messages/${deleted.id}`)).status).toBe(200);
  // A real PNG: an upload claiming image/png must be one (it is read for its size and thumbnails).
  const sunset = sharp({ create: { width: 4, height: 3, channels: 3, background: "#f80" } });
  const photo = { name: "sunset.png", bytes: await sunset.png().toBuffer(), type: "image/png" };
  const body = multipart(photo, "the view from the office");
  const uploaded = await t.server.inject({
    method: "POST",
    url: `/v1/channels/${lounge.id}/files`,
    headers: { authorization: `Bearer ${kim.sessionToken}`, "content-type": body.contentType },
    payload: body.payload,
  });
  expect(uploaded.statusCode).toBe(200);
  const fileMessage = uploaded.json().message as TMessage;
  return {
    app,
    kim,
    lee,
    park,
    lounge,
    studio,
    sent: [...sent, fileMessage],
    photo,
    fileMessage,
    board: dashboard(app),
  };
}

describe("exporting an app's data", () => {
  it("writes users, channels, members and messages as NDJSON in a zip, shows its progress and mails the link", async () => {
    const { app, lounge, studio, sent, board } = await world();
    const created = await board.create();
    expect(created.status).toBe(200);
    expect(created.body.export).toMatchObject({
      status: "queued",
      userId: null,
      includeFiles: false,
      downloadUrl: null,
    });
    expect(created.body.export.requestedBy).toBe(app.owner.email);

    const done = await board.finished(created.body.export.id);
    expect(done.status).toBe("completed");
    expect(done.progress).toBe(1);
    expect(done.sections).toEqual([
      { section: "users", done: 3, total: 3 },
      { section: "channels", done: 2, total: 2 },
      { section: "members", done: 4, total: 4 },
      { section: "messages", done: 6, total: 6 },
    ]);
    expect(done.downloadUrl).toMatch(
      /^http:\/\/parley\.test\/exports\/[0-9a-f-]{36}\/[\w-]{43}\/parley-export-\d{8}-\d{4}\.zip$/,
    );
    expect(new Date(done.expiresAt ?? 0).getTime() - new Date(done.completedAt ?? 0).getTime()).toBe(24 * 3_600_000);

    const res = await download(done.downloadUrl ?? "");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="parley-export-\d{8}-\d{4}\.zip"$/);
    expect(Number(res.headers["content-length"])).toBe(done.size);
    const zip = await readZip(res.body);
    expect([...zip.keys()].sort()).toEqual([
      "channels.ndjson",
      "manifest.json",
      "members.ndjson",
      "messages.ndjson",
      "users.ndjson",
    ]);
    const users = ndjson<TChatUser>(zip.get("users.ndjson"));
    expect(users.map((u) => [u.userId, u.nickname])).toEqual([
      ["kim", "Kim"],
      ["lee", "Lee"],
      ["park", "Park"],
    ]);
    const channels = ndjson<{ id: string; name: string; ownerUserId: string }>(zip.get("channels.ndjson"));
    expect(channels.map((c) => c.name).sort()).toEqual(["Lounge", "Studio"]);
    expect(channels.every((c) => c.ownerUserId === "kim")).toBe(true);
    const members = ndjson<{ channelId: string; userId: string }>(zip.get("members.ndjson"));
    expect(members.map((m) => `${m.channelId === lounge.id ? "Lounge" : "Studio"}:${m.userId}`).sort()).toEqual([
      "Lounge:kim",
      "Lounge:lee",
      "Studio:kim",
      "Studio:park",
    ]);
    // Each message once, the deleted one left out, channel by channel in order, in the chat API's shape.
    const messages = ndjson<TMessage>(zip.get("messages.ndjson"));
    expect(messages.map((m) => m.id).sort()).toEqual(sent.map((m) => m.id).sort());
    for (const channelId of [lounge.id, studio.id]) {
      const seqs = messages.filter((m) => m.channelId === channelId).map((m) => m.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
    expect(messages.find((m) => m.text === "안녕하세요 여러분")).toMatchObject({
      sender: { userId: "kim", nickname: "Kim" },
      metadata: { mood: "bright" },
    });
    expect(JSON.parse(zip.get("manifest.json")?.toString() ?? "")).toMatchObject({
      format: "parley-export",
      version: 1,
      exportId: done.id,
      app: { id: app.appId, name: "Chat" },
      userId: null,
      sections: { "users.ndjson": 3, "channels.ndjson": 2, "members.ndjson": 4, "messages.ndjson": 6 },
    });

    const mail = await t.waitForMail(app.owner.email, /Chat/);
    expect(mail.text).toContain(done.downloadUrl);
    // The parts the job wrote are gone once the archive holds them.
    const left = await fs.readdir(path.join(t.dataDir, "files", "exports", done.id));
    expect(left).toEqual([expect.stringMatching(/^archive-[0-9a-f-]{36}$/)]);
    expect((await board.list()).body.exports.map((e) => e.id)).toEqual([done.id]);
  });

  it("adds the files members sent under files/ with their bytes when asked", async () => {
    const { fileMessage, photo, board } = await world();
    const done = await board.finished((await board.create({ includeFiles: true })).body.export.id);
    expect(done.sections.map((s) => s.section)).toEqual(["users", "channels", "members", "messages", "files"]);
    const zip = await readZip((await download(done.downloadUrl ?? "")).body);
    const [file] = ndjson<{ id: string; name: string; path: string; size: number }>(zip.get("files.ndjson"));
    expect(file).toMatchObject({ name: "sunset.png", size: photo.bytes.length });
    expect(file?.path).toBe(`files/${file?.id}/sunset.png`);
    expect(fileMessage.file?.url).toContain(`/files/${file?.id}/`);
    expect(zip.get(file?.path ?? "")).toEqual(photo.bytes);
  });

  it("exports one user's profile, memberships, messages and files alone for a data-subject request", async () => {
    const { kim, board, lounge, studio } = await world();
    const done = await board.finished((await board.create({ userId: kim.userId, includeFiles: true })).body.export.id);
    expect(done.userId).toBe("kim");
    const zip = await readZip((await download(done.downloadUrl ?? "")).body);
    expect(ndjson<TChatUser>(zip.get("users.ndjson")).map((u) => u.userId)).toEqual(["kim"]);
    expect(
      ndjson<{ id: string }>(zip.get("channels.ndjson"))
        .map((c) => c.id)
        .sort(),
    ).toEqual([lounge.id, studio.id].sort());
    expect(ndjson<{ userId: string }>(zip.get("members.ndjson")).every((m) => m.userId === "kim")).toBe(true);
    const messages = ndjson<TMessage>(zip.get("messages.ndjson"));
    expect(messages).toHaveLength(4);
    expect(messages.every((m) => m.sender?.userId === "kim")).toBe(true);
    expect(ndjson(zip.get("files.ndjson"))).toHaveLength(1);
  });

  it("refuses an export of a user the app does not have with 3018", async () => {
    const { board } = await world();
    const res = await board.create({ userId: "nobody" });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("3018");
    expect((await board.list()).body.exports).toEqual([]);
  });

  it("refuses a second export of the same data while one runs with 3130, and takes another user's", async () => {
    const { board } = await world();
    const first = await board.finished((await board.create()).body.export.id);
    // As if its run were still going in another process.
    await t.ctx.database.query(
      "update data_exports set status = 'running', lease_owner = 'elsewhere', lease_until = now() + interval '1 hour' where id = $1",
      [first.id],
    );
    const again = await board.create();
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("3130");
    const ofLee = await board.create({ userId: "lee" });
    expect(ofLee.status).toBe(200);
    expect((await board.finished(ofLee.body.export.id)).status).toBe("completed");
    await t.ctx.database.query("update data_exports set status = 'completed', lease_owner = null where id = $1", [
      first.id,
    ]);
  });

  it("stops serving the archive after 24 hours with 3132, removes it, and answers a wrong token with 3131", async () => {
    const { board } = await world();
    const done = await board.finished((await board.create()).body.export.id);
    const url = done.downloadUrl ?? "";
    const wrong = await download(url.replace(/\/([\w-]{43})\//, `/${"A".repeat(43)}/`));
    expect(wrong.status).toBe(404);
    expect(wrong.json().code).toBe("3131");
    expect((await download(url)).status).toBe(200);

    t.clock.advance(24 * 3_600_000 + 60_000);
    const late = await download(url);
    expect(late.status).toBe(410);
    expect(late.json().code).toBe("3132");
    expect((await board.get(done.id)).body.export).toMatchObject({ status: "completed", downloadUrl: null });
    await t.jobHandlers.get("exports.sweep")?.handle({}, { jobId: "test" });
    await expect(fs.access(path.join(t.dataDir, "files", "exports", done.id))).rejects.toThrow();
  });

  it("ends an export whose runs keep dying as failed with 3134 once five have started", async () => {
    const { app, board } = await world();
    const [row] = await t.ctx.database.query<{ id: string }>(
      `insert into data_exports (app_id, requested_by, language, status, attempts, lease_owner, lease_until, created_at)
       values ($1, 'owner@example.com', 'en', 'running', 5, 'dead', $2, now()) returning id`,
      [app.appId, new Date(t.clock.now().getTime() - 60_000).toISOString()],
    );
    await t.services.exports.run(row?.id ?? "");
    const failed = (await board.get(row?.id ?? "")).body.export;
    expect(failed).toMatchObject({ status: "failed", errorCode: "3134", downloadUrl: null });
  });

  it("leaves an export whose run holds a live lease to that run", async () => {
    const { app } = await world();
    const [row] = await t.ctx.database.query<{ id: string }>(
      `insert into data_exports (app_id, requested_by, language, status, attempts, lease_owner, lease_until, created_at)
       values ($1, 'owner@example.com', 'en', 'running', 1, 'alive', $2, now()) returning id`,
      [app.appId, new Date(t.clock.now().getTime() + 60_000).toISOString()],
    );
    await t.services.exports.run(row?.id ?? "");
    const [after] = await t.ctx.database.query<{ attempts: number; lease_owner: string }>(
      "select attempts, lease_owner from data_exports where id = $1",
      [row?.id],
    );
    expect(after).toEqual({ attempts: 1, lease_owner: "alive" });
    expect(await t.services.exports.due()).not.toContain(row?.id);
  });
});

describe("erasing a user", () => {
  it("removes the user and their files, keeps their messages without sender or metadata, and is audited", async () => {
    const { app, lee, lounge, fileMessage, board } = await world();
    const erased = await board.erase("kim");
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ userId: "kim", messagesAnonymized: 4, filesRemoved: 1 });

    const { messages } = (await lee.api.get<{ messages: TMessage[] }>(`/channels/${lounge.id}/messages`)).body;
    const kims = messages.filter((m) => ["안녕하세요 여러분", "how is the deploy going?"].includes(m.text));
    expect(kims).toHaveLength(2);
    for (const message of kims) expect(message).toMatchObject({ sender: null, metadata: {} });
    const photo = messages.find((m) => m.id === fileMessage.id);
    expect(photo).toMatchObject({ sender: null, file: null, text: "the view from the office" });
    const fileUrl = new URL(fileMessage.file?.url ?? "").pathname;
    expect((await t.server.inject({ method: "GET", url: fileUrl })).statusCode).toBe(404);
    expect(messages.find((m) => m.text === "hello Kim")?.sender?.userId).toBe("lee");

    expect((await app.server.get("/users/kim")).status).toBe(404);
    const again = await board.erase("kim");
    expect(again.body.code).toBe("3018");

    const entry = (await board.audit()).body.entries.find(
      (e) => e.action === "POST /api/apps/:id/users/:userId/erase" && e.status === 200,
    );
    expect(entry?.changes.map((c) => `${c.op} ${c.table}`)).toEqual([
      "update messages",
      "delete files",
      "delete chat_users",
    ]);
  });
});
