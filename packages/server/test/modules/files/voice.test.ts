import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Errors, type TChatEvent, type TMessage, VOICE_DURATION_MAX_MS, VOICE_WAVEFORM_MAX } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";
import { multipart } from "../../multipart";

/** A 16-bit mono WAV of `seconds`, silent for its first half and a loud tone for the second. */
function wav(seconds: number, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const level = i < samples / 2 ? 0 : Math.round(Math.sin((i / rate) * 2 * Math.PI * 440) * 20_000);
    data.writeInt16LE(level, i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

type Answer = { status: number; body: { message: TMessage; code?: string; data?: { fields?: { path: string }[] } } };

async function sendVoice(
  on: TestApp,
  token: string,
  channelId: string,
  file: { bytes: Buffer; name: string; type: string },
  fields: Record<string, string>,
): Promise<Answer> {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: "file", value: file.bytes, filename: file.name, type: file.type },
  ]);
  const res = await on.server.inject({
    method: "POST",
    url: `/v1/channels/${channelId}/files`,
    headers: { authorization: `Bearer ${token}`, "content-type": body.contentType },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function room(on: TestApp) {
  const app = await createChatApp(on);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Voices" })).body;
  await lee.api.post(`/channels/${channel.id}/join`);
  const send = (file: { bytes: Buffer; name: string; type: string }, fields: Record<string, string>) =>
    sendVoice(on, kim.sessionToken, channel.id, file, fields);
  const stored = async () => fs.readdir(path.join(on.dataDir, "files", app.appId)).catch(() => []);
  return { kim, lee, channelId: channel.id, send, stored };
}

const recorded = (bytes: Buffer) => ({ bytes, name: "voice.wav", type: "audio/wav" });

describe("voice messages on a server without an audio decoder", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { FFMPEG_PATH: "/nonexistent/ffmpeg" } });
  });
  afterAll(() => t?.close());

  it("keeps the recorder's length and waveform and delivers the voice message to the other member", async () => {
    const { send, lee } = await room(t);
    const res = await send(recorded(wav(1.5)), { voice: "true", durationMs: "1500", waveform: "0,10,55,100" });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ type: "file", text: "" });
    expect(res.body.message.file).toMatchObject({
      mimeType: "audio/wav",
      voice: true,
      media: "ready",
      durationMs: 1500,
      waveform: [0, 10, 55, 100],
    });
    const { events } = (await lee.api.get<{ events: TChatEvent[] }>("/events")).body;
    const created = events.find((e) => e.type === "message.created" && e.message?.id === res.body.message.id);
    expect(created?.message?.file).toMatchObject({ voice: true, durationMs: 1500, waveform: [0, 10, 55, 100] });
    const download = await t.server.inject({
      method: "GET",
      url: new URL(String(res.body.message.file?.url)).pathname,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toContain("audio/wav");
  });

  it("answers a voice message sent without the recorder's figures with its length and waveform unknown", async () => {
    const { send } = await room(t);
    const res = await send(recorded(wav(0.5)), { voice: "true" });
    expect(res.status).toBe(200);
    expect(res.body.message.file).toMatchObject({ voice: true, durationMs: null, waveform: null });
  });

  it("refuses a voice message whose file is not audio with 3255 and keeps none of it", async () => {
    const { send, stored } = await room(t);
    const before = await stored();
    const res = await send(
      { bytes: Buffer.from("just some text"), name: "voice.webm", type: "audio/webm" },
      {
        voice: "true",
        durationMs: "1000",
      },
    );
    expect(res.status).toBe(415);
    expect(res.body.code).toBe(Errors.VOICE_NOT_AUDIO);
    expect(await stored()).toEqual(before);
  });

  it("refuses a recorder's length over ten minutes with 3256 before storing anything", async () => {
    const { send, stored } = await room(t);
    const before = await stored();
    const res = await send(recorded(wav(0.2)), { voice: "true", durationMs: String(VOICE_DURATION_MAX_MS + 1) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(Errors.VOICE_TOO_LONG);
    expect(await stored()).toEqual(before);
  });

  it("answers 300 naming the field for a waveform of too many bars or a bar over 100", async () => {
    const { send } = await room(t);
    const tooMany = Array.from({ length: VOICE_WAVEFORM_MAX + 1 }, () => "5").join(",");
    for (const waveform of [tooMany, "10,101", "1;2", "-1"]) {
      const res = await send(recorded(wav(0.2)), { voice: "true", waveform });
      expect(res.status, waveform).toBe(400);
      expect(res.body.code).toBe(Errors.INVALID_REQUEST);
      expect(res.body.data?.fields?.map((f) => f.path)).toEqual(["waveform"]);
    }
  });

  it("keeps an audio file sent without the voice field a plain file", async () => {
    const { send } = await room(t);
    const res = await send(recorded(wav(0.2)), {});
    expect(res.status).toBe(200);
    expect(res.body.message.file).toEqual({
      url: expect.any(String),
      name: "voice.wav",
      size: expect.any(Number),
      mimeType: "audio/wav",
    });
  });
});

// CI installs ffmpeg; a machine without it runs the recorder's-figures path above only.
const ffmpeg = (() => {
  try {
    execFileSync("ffmpeg", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!ffmpeg)("voice messages on a server with ffmpeg", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { FFMPEG_PATH: "ffmpeg" } });
  });
  afterAll(() => t?.close());

  it("measures the length and waveform from the audio itself, whatever the recorder claimed", async () => {
    const { send } = await room(t);
    const res = await send(recorded(wav(2)), { voice: "true", durationMs: "9000", waveform: "50,50" });
    expect(res.status).toBe(200);
    const file = res.body.message.file;
    expect(file?.durationMs).toBe(2000);
    expect(file?.waveform).toHaveLength(VOICE_WAVEFORM_MAX);
    // The first half is silence and the second a steady tone: the bars say so.
    expect(file?.waveform?.slice(0, 30).every((bar) => bar === 0)).toBe(true);
    expect(file?.waveform?.slice(34).every((bar) => bar >= 95)).toBe(true);
  });

  it("reads a WebM/Opus recording, as a browser's MediaRecorder writes one", async () => {
    const out = path.join(os.tmpdir(), `parley-voice-${Date.now()}.webm`);
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=300:duration=1.2",
      "-c:a",
      "libopus",
      out,
    ]);
    const bytes = await fs.readFile(out);
    await fs.rm(out, { force: true });
    const { send } = await room(t);
    const res = await send({ bytes, name: "voice.webm", type: "audio/webm;codecs=opus" }, { voice: "true" });
    expect(res.status).toBe(200);
    expect(res.body.message.file).toMatchObject({ mimeType: "audio/webm", voice: true });
    expect(res.body.message.file?.durationMs).toBeGreaterThanOrEqual(1150);
    expect(res.body.message.file?.durationMs).toBeLessThanOrEqual(1300);
  });

  it("refuses audio longer than ten minutes by its decoded length, though the recorder said less", async () => {
    const { send, stored } = await room(t);
    const before = await stored();
    const res = await send(recorded(wav(VOICE_DURATION_MAX_MS / 1000 + 5, 2000)), {
      voice: "true",
      durationMs: "1000",
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(Errors.VOICE_TOO_LONG);
    expect(await stored()).toEqual(before);
  });

  it("refuses with 3255 a file that starts like audio but does not decode", async () => {
    const { send } = await room(t);
    const broken = Buffer.concat([wav(0.1).subarray(0, 12), Buffer.alloc(200, 7)]);
    const res = await send(recorded(broken), { voice: "true" });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe(Errors.VOICE_NOT_AUDIO);
  });
});
