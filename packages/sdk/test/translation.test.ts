import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isParleyError, ParleyError } from "../src";
import { ALLOW_LOOPBACK, sdkApp, startServer, type TestServer } from "./helpers";
import { KEYS, startTranslateReceiver, type TranslateReceiver } from "./receivers";

let t: TestServer;
let baseUrl: string;
let google: TranslateReceiver;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  google = await startTranslateReceiver();
  ({ t, baseUrl } = await startServer({ env: { ...ALLOW_LOOPBACK, TRANSLATE_BASE_URL: google.url } }));
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  google.reset();
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

/** Kim and Lee in one channel of an app; translation is set up through the dashboard API unless `enabled` is false. */
async function room(options: { enabled?: boolean } = {}) {
  const a = await sdkApp(t, baseUrl);
  cleanups.push(a.cleanup);
  if (options.enabled !== false) {
    const settings = async (url: string, payload: Record<string, unknown>) => {
      const res = await a.dashboard("PUT", `/apps/${a.appId}${url}`, payload);
      expect(res.status).toBe(200);
    };
    await settings("/translation/google", { key: KEYS.valid });
    await settings("/translation/google/enabled", { enabled: true });
  }
  const kim = await a.user("kim");
  const lee = await a.user("lee");
  const channel = await kim.channels.create({ name: "Room" });
  await lee.channels.join(channel.id);
  const message = await kim.messages.send(channel.id, "good morning");
  google.reset();
  return { a, kim, lee, channel, message };
}

describe("message translation", () => {
  it("returns a message in the asked language, translated once and then from the server's cache", async () => {
    const { kim, lee, channel, message } = await room();
    const translation = await lee.messages.translate(channel.id, message.id, "ko");
    expect(translation).toEqual({
      messageId: message.id,
      language: "ko",
      text: "[ko] good morning",
      sourceLanguage: "en",
    });
    expect(await kim.messages.translate(channel.id, message.id, "ko")).toEqual(translation);
    expect(google.translateCalls()).toHaveLength(1);
  });

  it("throws ParleyError 3037 when the app has translation off", async () => {
    const { lee, channel, message } = await room({ enabled: false });
    const error = await lee.messages.translate(channel.id, message.id, "ko").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParleyError);
    expect(isParleyError(error, "3037")).toBe(true);
    expect(error).toMatchObject({ status: 403 });
  });

  it("throws ParleyError 3020 for a channel the user is not in", async () => {
    const { a, channel, message } = await room();
    const park = await a.user("park");
    await expect(park.messages.translate(channel.id, message.id, "ko")).rejects.toMatchObject({ code: "3020" });
    expect(google.calls).toEqual([]);
  });

  it("throws ParleyError 3038 when the translation service fails", async () => {
    const { lee, channel, message } = await room();
    google.failWith(503);
    await expect(lee.messages.translate(channel.id, message.id, "ko")).rejects.toMatchObject({
      code: "3038",
      status: 502,
    });
  });
});
