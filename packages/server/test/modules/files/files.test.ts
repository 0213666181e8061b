import fs from "node:fs/promises";
import path from "node:path";
import { DAY_MS, FILE_MAX_BYTES, FILE_NAME_MAX, V } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";
import { multipart } from "../../multipart";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function upload(token: string, channelId: string, body: ReturnType<typeof multipart>) {
  const res = await t.server.inject({
    method: "POST",
    url: `/v1/channels/${channelId}/files`,
    headers: { authorization: `Bearer ${token}`, "content-type": body.contentType },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function room() {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Files" })).body;
  return { app, kim, channelId: channel.id };
}

/** Every stored file, complete or partial, across all apps. */
async function storedFiles(): Promise<string[]> {
  const entries = await fs
    .readdir(path.join(t.dataDir, "files"), { recursive: true, withFileTypes: true })
    .catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe("file messages", () => {
  it("answers a file sent again under the same clientMessageId with the first message, keeping one copy", async () => {
    const { kim, channelId } = await room();
    const form = () =>
      multipart([
        { name: "caption", value: "once" },
        { name: "clientMessageId", value: "offline-1" },
        { name: "file", value: "the bytes", filename: "once.txt", type: "text/plain" },
      ]);
    const before = (await storedFiles()).length;
    const first = await upload(kim.sessionToken, channelId, form());
    const again = await upload(kim.sessionToken, channelId, form());
    expect(first.status).toBe(200);
    expect(again.body.message).toEqual(first.body.message);
    expect(first.body.message.clientMessageId).toBe("offline-1");
    expect((await storedFiles()).length).toBe(before + 1);
    const history = await kim.api.get<{ messages: unknown[] }>(`/channels/${channelId}/messages`);
    expect(history.body.messages).toHaveLength(1);
  });

  it("refuses a clientMessageId that is not an idempotency key with 300, storing nothing", async () => {
    const { kim, channelId } = await room();
    const before = (await storedFiles()).length;
    const res = await upload(
      kim.sessionToken,
      channelId,
      multipart([
        { name: "clientMessageId", value: "no spaces allowed" },
        { name: "file", value: "x", filename: "x.txt", type: "text/plain" },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("300");
    expect(res.body.data.fields[0].path).toBe("clientMessageId");
    expect((await storedFiles()).length).toBe(before);
  });

  it("stores an upload, sends it as a file message and serves it as a download", async () => {
    const { kim, channelId } = await room();
    const res = await upload(
      kim.sessionToken,
      channelId,
      multipart([
        { name: "caption", value: "the report" },
        { name: "file", value: "<script>alert(1)</script>", filename: "report.html", type: "text/html" },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      type: "file",
      text: "the report",
      file: { name: "report.html", size: 25, mimeType: "text/html" },
    });
    const url = new URL(res.body.message.file.url);
    const served = await t.server.inject({ method: "GET", url: url.pathname });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe("<script>alert(1)</script>");
    expect(served.headers["content-type"]).toBe("application/octet-stream");
    expect(served.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("refuses a file above 15 MB with 3030 and keeps nothing", async () => {
    const { kim, channelId } = await room();
    const before = (await storedFiles()).length;
    const big = Buffer.alloc(FILE_MAX_BYTES + 1, 1);
    const res = await upload(
      kim.sessionToken,
      channelId,
      multipart([{ name: "file", value: big, filename: "big.bin" }]),
    );
    expect(res.body.code).toBe("3030");
    expect((await storedFiles()).length).toBe(before);
  });

  it("refuses a non-member's upload with 3020 and removes the stored bytes", async () => {
    const { app, channelId } = await room();
    const lee = await app.user("lee");
    const before = (await storedFiles()).length;
    const res = await upload(lee.sessionToken, channelId, multipart([{ name: "file", value: "x", filename: "x.txt" }]));
    expect(res.body.code).toBe("3020");
    expect((await storedFiles()).length).toBe(before);
  });

  it("shortens a file name longer than the download route takes, keeping its extension, and serves the file by its URL", async () => {
    const { kim, channelId } = await room();
    const res = await upload(
      kim.sessionToken,
      channelId,
      multipart([{ name: "file", value: "long", filename: `${"가".repeat(150)}😀.txt` }]),
    );
    expect(res.status).toBe(200);
    const { name, url } = res.body.message.file as { name: string; url: string };
    expect(name).toBe(`${"가".repeat(FILE_NAME_MAX - 4)}.txt`);
    const served = await t.server.inject({ method: "GET", url: new URL(url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe("long");
  });

  it("answers 300 for an upload whose body breaks off inside the file, and keeps nothing", async () => {
    const { kim, channelId } = await room();
    const before = (await storedFiles()).length;
    const { payload, contentType } = multipart([{ name: "file", value: "complete", filename: "cut.txt" }]);
    const res = await t.server.inject({
      method: "POST",
      url: `/v1/channels/${channelId}/files`,
      headers: { authorization: `Bearer ${kim.sessionToken}`, "content-type": contentType },
      payload: payload.subarray(0, payload.length - 20),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("300");
    expect((await storedFiles()).length).toBe(before);
  });

  it("answers 300 with VALIDATION_NUL_CHARACTER for a caption no database can store", async () => {
    const { kim, channelId } = await room();
    const res = await upload(
      kim.sessionToken,
      channelId,
      multipart([
        { name: "caption", value: "a\u0000b" },
        { name: "file", value: "x", filename: "x.txt" },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "300", data: { fields: [{ path: "caption", message: V.nulCharacter }] } });
  });

  it("removes files older than a year with the daily job", async () => {
    const { kim, channelId } = await room();
    const res = await upload(
      kim.sessionToken,
      channelId,
      multipart([{ name: "file", value: "old", filename: "old.txt" }]),
    );
    const pathname = new URL(res.body.message.file.url).pathname;
    t.clock.advance(364 * DAY_MS);
    await t.jobHandlers.get("files.expire")?.handle({}, { jobId: "t1" });
    expect((await t.server.inject({ method: "GET", url: pathname })).statusCode).toBe(200);
    t.clock.advance(2 * DAY_MS);
    await t.jobHandlers.get("files.expire")?.handle({}, { jobId: "t2" });
    const gone = await t.server.inject({ method: "GET", url: pathname });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe("3034");
  });
});
