import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Errors, IMAGE_PIXELS_MAX, MEDIA_INLINE_MAX_BYTES, type TChatEvent, type TMessage } from "@parley/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  // No decoder on this path, whatever the machine has: the absent-decoder path is the one under test here.
  t = await startTestApp({ env: { FFMPEG_PATH: "/nonexistent/ffmpeg" } });
});
afterAll(() => t?.close());

type Upload = { status: number; body: { message: TMessage; code?: string } };

async function upload(
  token: string,
  channelId: string,
  file: { bytes: Buffer; name: string; type?: string },
  on: TestApp = t,
) {
  const boundary = `----parley${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n${file.type ? `Content-Type: ${file.type}\r\n` : ""}\r\n`;
  const res = await on.server.inject({
    method: "POST",
    url: `/v1/channels/${channelId}/files`,
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  return { status: res.statusCode, body: res.json() } as Upload;
}

async function download(url: string) {
  const res = await t.server.inject({ method: "GET", url: new URL(url).pathname });
  return { status: res.statusCode, type: res.headers["content-type"], bytes: res.rawPayload, body: res.body };
}

async function room() {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Photos" })).body;
  await lee.api.post(`/channels/${channel.id}/join`);
  const send = (file: { bytes: Buffer; name: string; type?: string }) => upload(kim.sessionToken, channel.id, file);
  /** Every stored file of this app: what a refused upload must leave none of. */
  const stored = async () => {
    const entries = await fs.readdir(path.join(t.dataDir, "files", app.appId)).catch(() => []);
    return entries;
  };
  return { kim, lee, channelId: channel.id, appId: app.appId, send, stored };
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });

/** Random pixels, which no format compresses: a PNG of them is as large as the pixels. */
const noise = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width, height, channels: 3 },
  });

/** A JPEG as a phone takes it: stored 600×400, EXIF orientation 6 (shown turned a quarter, 400×600), a GPS position. */
const phonePhoto = () =>
  solid(600, 400)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "Parley Phone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "37/1 33/1 59/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "126/1 58/1 40/1",
      },
    })
    .toBuffer();

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A tiny PNG whose header claims `width`×`height`: what a decompression bomb looks like before it is decoded. */
async function bomb(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  // IHDR: its length (4), "IHDR" (4), width and height (4 each) from byte 16, then its CRC over type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function thumbnailSizes(message: TMessage) {
  return (message.file?.thumbnails ?? []).map((th) => `${th.size}:${th.format}:${th.width}x${th.height}`);
}

describe("images at upload", () => {
  it("gives a PNG its dimensions and two sizes of thumbnail in WebP and JPEG, never enlarged", async () => {
    const { send } = await room();
    const res = await send({ bytes: await solid(1000, 500).png().toBuffer(), name: "wide.png", type: "image/png" });
    expect(res.status).toBe(200);
    const file = res.body.message.file;
    expect(file).toMatchObject({ mimeType: "image/png", width: 1000, height: 500, media: "ready" });
    expect(thumbnailSizes(res.body.message)).toEqual([
      "240:webp:240x120",
      "240:jpeg:240x120",
      "720:webp:720x360",
      "720:jpeg:720x360",
    ]);
    for (const th of file?.thumbnails ?? []) {
      const got = await download(th.url);
      expect(got.status).toBe(200);
      expect(got.type).toBe(`image/${th.format}`);
      const meta = await sharp(got.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([th.format, th.width, th.height]);
    }

    const small = await send({ bytes: await solid(100, 50).png().toBuffer(), name: "small.png" });
    expect(thumbnailSizes(small.body.message)).toEqual([
      "240:webp:100x50",
      "240:jpeg:100x50",
      "720:webp:100x50",
      "720:jpeg:100x50",
    ]);
  });

  it("applies a JPEG's EXIF orientation and strips its GPS from the thumbnails and the original", async () => {
    const { send } = await room();
    const photo = await phonePhoto();
    const source = await sharp(photo).metadata();
    expect([source.orientation, source.width, source.exif?.includes(Buffer.from("Parley Phone"))]).toEqual([
      6,
      600,
      true,
    ]);
    const res = await send({ bytes: photo, name: "IMG_0001.JPG", type: "image/jpeg" });
    expect(res.status).toBe(200);
    const file = res.body.message.file;
    // Stored 600×400 turned a quarter: shown 400×600.
    expect(file).toMatchObject({ width: 400, height: 600 });
    expect(thumbnailSizes(res.body.message)).toContain("240:jpeg:160x240");
    for (const url of [file?.url, ...(file?.thumbnails ?? []).map((th) => th.url)]) {
      const got = await download(String(url));
      expect(got.status).toBe(200);
      const meta = await sharp(got.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(meta.height).toBeGreaterThan(meta.width ?? 0);
      expect(got.bytes.includes(Buffer.from("Parley Phone"))).toBe(false);
    }
    expect(file?.size).toBe((await download(String(file?.url))).bytes.length);
  });

  it("reads a WebP, and gives an animated GIF a still first-frame thumbnail", async () => {
    const { send } = await room();
    const webp = await send({ bytes: await solid(300, 200).webp().toBuffer(), name: "a.webp" });
    expect(webp.body.message.file).toMatchObject({ mimeType: "image/webp", width: 300, height: 200 });
    expect(thumbnailSizes(webp.body.message)).toContain("240:webp:240x160");

    const frames = await Promise.all(
      ["#ff0000", "#00ff00", "#0000ff"].map((background) =>
        sharp({ create: { width: 80, height: 60, channels: 3, background } })
          .raw()
          .toBuffer(),
      ),
    );
    const gif = await sharp(Buffer.concat(frames), { raw: { width: 80, height: 180, channels: 3, pageHeight: 60 } })
      .gif({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const res = await send({ bytes: gif, name: "wave.gif", type: "image/gif" });
    expect(res.status).toBe(200);
    expect(res.body.message.file).toMatchObject({ mimeType: "image/gif", width: 80, height: 60 });
    const still = res.body.message.file?.thumbnails?.find((th) => th.format === "webp");
    const got = await download(String(still?.url));
    const meta = await sharp(got.bytes).metadata();
    expect([meta.pages ?? 1, meta.width, meta.height]).toEqual([1, 80, 60]);
    const { dominant } = await sharp(got.bytes).stats();
    expect(dominant.r).toBeGreaterThan(200);
  });

  it("refuses a decompression bomb with 3252 and keeps nothing of it", async () => {
    const { send, kim, channelId, stored } = await room();
    const side = Math.ceil(Math.sqrt(IMAGE_PIXELS_MAX)) + 1;
    const res = await send({ bytes: await bomb(side, side), name: "bomb.png", type: "image/png" });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(Errors.IMAGE_TOO_MANY_PIXELS);
    const history = await kim.api.get<{ messages: TMessage[] }>(`/channels/${channelId}/messages`);
    expect(history.body.messages.filter((m) => m.type === "file")).toEqual([]);
    expect(await stored()).toEqual([]);
    // The server still answers: nothing was decoded.
    expect((await send({ bytes: await solid(10, 10).png().toBuffer(), name: "ok.png" })).status).toBe(200);
    // The original and its four thumbnails: where a refused upload would have left its bytes.
    expect(await stored()).toHaveLength(5);
  });

  it("refuses with 3251 a PNG named .jpg and text named .png, and reads an image sent with no claim", async () => {
    const { send, stored } = await room();
    const png = await solid(20, 20).png().toBuffer();
    const named = await send({ bytes: png, name: "photo.jpg" });
    expect([named.status, named.body.code]).toEqual([415, Errors.FILE_TYPE_MISMATCH]);
    const typed = await send({ bytes: png, name: "photo", type: "image/jpeg" });
    expect([typed.status, typed.body.code]).toEqual([415, Errors.FILE_TYPE_MISMATCH]);
    const text = await send({ bytes: Buffer.from("just some words"), name: "notes.png", type: "text/plain" });
    expect([text.status, text.body.code]).toEqual([415, Errors.FILE_TYPE_MISMATCH]);
    expect(await stored()).toEqual([]);
    const unclaimed = await send({ bytes: png, name: "scan", type: "application/octet-stream" });
    expect(unclaimed.body.message.file).toMatchObject({ mimeType: "image/png", width: 20, height: 20 });
  });

  it("refuses with 3253 an image whose header is right but whose bytes are not", async () => {
    const { send } = await room();
    const broken = Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), Buffer.from("not really a png")]);
    const res = await send({ bytes: broken, name: "broken.png", type: "image/png" });
    expect([res.status, res.body.code]).toEqual([422, Errors.IMAGE_UNREADABLE]);
  });

  it("leaves a plain file without media fields", async () => {
    const { send } = await room();
    const res = await send({ bytes: Buffer.from("hello"), name: "hello.txt", type: "text/plain" });
    expect(res.body.message.file).toEqual({
      url: expect.any(String),
      name: "hello.txt",
      size: 5,
      mimeType: "text/plain",
    });
  });
});

describe("large images and videos", () => {
  it("marks a large image pending with its size known, then the job lands thumbnails by message.updated", async () => {
    const { send, lee, channelId, appId } = await room();
    const bytes = await noise(1000, 800).png({ compressionLevel: 0 }).toBuffer();
    expect(bytes.length).toBeGreaterThan(MEDIA_INLINE_MAX_BYTES);
    const res = await send({ bytes, name: "big.png", type: "image/png" });
    expect(res.status).toBe(200);
    expect(res.body.message.file).toMatchObject({ width: 1000, height: 800, media: "pending", thumbnails: [] });
    await t.jobsIdle();

    const history = await lee.api.get<{ messages: TMessage[] }>(`/channels/${channelId}/messages`);
    const read = history.body.messages.find((m) => m.id === res.body.message.id);
    expect(read?.file).toMatchObject({ width: 1000, height: 800, media: "ready" });
    expect(thumbnailSizes(read as TMessage)).toContain("720:jpeg:720x576");
    const { events } = (await lee.api.get<{ events: TChatEvent[] }>("/events")).body;
    const updated = events.find((e) => e.type === "message.updated" && e.message?.id === res.body.message.id);
    expect(updated?.message?.file?.media).toBe("ready");
    expect((await download(String(read?.file?.url))).status).toBe(200);

    // The job run again (a retry after a crash, a second worker) finds the file done and tells no one twice.
    const fileId = String(read?.file?.url.split("/files/")[1]?.split("/")[0]);
    await t.services.files.processPending({ fileId, appId, channelId, messageId: res.body.message.id });
    const again = (await lee.api.get<{ events: TChatEvent[] }>("/events")).body.events;
    const updates = again.filter((e) => e.type === "message.updated" && e.message?.id === res.body.message.id);
    expect(updates).toHaveLength(1);
  });

  it("marks a pending image failed, told by message.updated, when its last attempt cannot read the stored file", async () => {
    // No job runs on its own here: the test runs the job's attempts itself, the stored original gone before them.
    const noJobs = await startTestApp({ env: { FFMPEG_PATH: "/nonexistent/ffmpeg", JOBS_ENABLED: "false" } });
    try {
      const app = await createChatApp(noJobs);
      const kim = await app.user("kim");
      const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Big" })).body;
      const bytes = await noise(1000, 800).png({ compressionLevel: 0 }).toBuffer();
      const res = await upload(kim.sessionToken, channel.id, { bytes, name: "big.png", type: "image/png" }, noJobs);
      expect(res.body.message.file?.media).toBe("pending");
      const fileId = String(res.body.message.file?.url.split("/files/")[1]?.split("/")[0]);
      await fs.rm(path.join(noJobs.dataDir, "files", app.appId, fileId));
      const job = { fileId, appId: app.appId, channelId: channel.id, messageId: res.body.message.id };

      // An attempt with retries left fails, for the queue to try again, and leaves the file pending.
      await expect(noJobs.services.files.processPending(job, { lastAttempt: false })).rejects.toThrow(/gone/);
      const pending = (await kim.api.get<{ messages: TMessage[] }>(`/channels/${channel.id}/messages`)).body;
      expect(pending.messages[0]?.file?.media).toBe("pending");

      // The last attempt gives up: the file is a plain file from then on, and members hear so.
      await noJobs.services.files.processPending(job, { lastAttempt: true });
      const read = (await kim.api.get<{ messages: TMessage[] }>(`/channels/${channel.id}/messages`)).body;
      expect(read.messages[0]?.file).toMatchObject({ media: "failed", width: 1000, height: 800, thumbnails: [] });
      const { events } = (await kim.api.get<{ events: TChatEvent[] }>("/events")).body;
      const updated = events.find((e) => e.type === "message.updated" && e.message?.id === res.body.message.id);
      expect(updated?.message?.file?.media).toBe("failed");
    } finally {
      await noJobs.close();
    }
  });

  it("stores a video without duration or poster where no decoder is found, with no error", async () => {
    const { send } = await room();
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom", "latin1"), Buffer.alloc(64, 1)]);
    const res = await send({ bytes: mp4, name: "clip.mp4", type: "video/mp4" });
    expect(res.status).toBe(200);
    expect(res.body.message.file).toMatchObject({
      mimeType: "video/mp4",
      media: "ready",
      durationMs: null,
      posterUrl: null,
      width: null,
      height: null,
      thumbnails: [],
    });
  });

  // CI installs ffmpeg (decision 0305); a machine without it skips this, on a server told where it is.
  const ffmpeg = (() => {
    try {
      execFileSync("ffmpeg", ["-version"], { stdio: "ignore" });
      execFileSync("ffprobe", ["-version"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  })();
  it.skipIf(!ffmpeg)("reads a video's duration, size and poster frame where ffmpeg is installed", async () => {
    const withDecoder = await startTestApp({ env: { FFMPEG_PATH: "ffmpeg" } });
    try {
      const out = path.join(os.tmpdir(), `parley-clip-${Date.now()}.mp4`);
      execFileSync("ffmpeg", [
        "-v",
        "error",
        "-f",
        "lavfi",
        "-i",
        "testsrc=size=320x240:rate=10",
        "-t",
        "1",
        "-pix_fmt",
        "yuv420p",
        out,
      ]);
      const bytes = await fs.readFile(out);
      await fs.rm(out, { force: true });
      const app = await createChatApp(withDecoder);
      const kim = await app.user("kim");
      const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Clips" })).body;
      const clip = { bytes, name: "clip.mp4", type: "video/mp4" };
      const res = await upload(kim.sessionToken, channel.id, clip, withDecoder);
      expect(res.body.message.file).toMatchObject({ mimeType: "video/mp4", width: 320, height: 240, media: "ready" });
      expect(res.body.message.file?.durationMs).toBeGreaterThanOrEqual(900);
      expect(res.body.message.file?.posterUrl).toMatch(/\/thumbs\/poster\.jpg$/);
      expect(thumbnailSizes(res.body.message)).toContain("240:jpeg:240x180");
    } finally {
      await withDecoder.close();
    }
  });
});
