import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALLOW_LOOPBACK,
  record,
  sdkApp,
  startServer,
  type TestServer,
  waitFor,
} from "../../../packages/sdk/test/helpers";
import { type RunningBot, startBot } from "../src/bot";
import type { BotConfig } from "../src/config";
import { replyTo } from "../src/replies";
import { startWebhookReceiver, type VerifiedDelivery } from "../src/webhook-receiver";

const texts = (heard: ReturnType<typeof record>) => heard.messages.map((m) => m.text);

let t: TestServer;
let baseUrl: string;
const running: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  ({ t, baseUrl } = await startServer({ env: ALLOW_LOOPBACK }));
});

afterAll(async () => {
  for (const part of running) await part.stop();
  await t?.close();
});

async function botFor(app: Awaited<ReturnType<typeof sdkApp>>, overrides: Partial<BotConfig> = {}) {
  const config: BotConfig = {
    baseUrl,
    appId: app.appId,
    apiKey: app.apiKey,
    botUserId: "helper-bot",
    botNickname: "Helper",
    channelName: "Bot lounge",
    webhookPort: 0,
    webhookSecret: null,
    ...overrides,
  };
  const bot: RunningBot = await startBot(config, () => {});
  running.push(bot);
  return bot;
}

describe("the sample bot", () => {
  it("answers commands in its channel in the language they were written in, and stays quiet otherwise", async () => {
    const app = await sdkApp(t, baseUrl);
    const bot = await botFor(app);
    const kim = await app.user("kim");
    await kim.channels.join(bot.channelId);
    const heard = record(kim);
    await kim.connect();

    await kim.messages.send(bot.channelId, "just chatting");
    await kim.messages.send(bot.channelId, "/ping");
    await waitFor("the bot's pong", () => texts(heard).includes("pong"));
    await kim.messages.send(bot.channelId, "/핑");
    await waitFor("the bot's Korean answer", () => texts(heard).includes("퐁"));
    await kim.messages.send(bot.channelId, "/echo 안녕 hello");
    await waitFor("the echo", () => texts(heard).includes("안녕 hello"));
    // Only the commands were answered: the bot's lines are exactly the three answers.
    const fromBot = heard.messages.filter((m) => m.sender?.userId === "helper-bot").map((m) => m.text);
    expect(fromBot).toEqual(["pong", "퐁", "안녕 hello"]);
  });

  it("finds its channel again when restarted instead of making a second one", async () => {
    const app = await sdkApp(t, baseUrl);
    const first = await botFor(app);
    await first.stop();
    const second = await botFor(app);
    expect(second.channelId).toBe(first.channelId);
  });

  it("hands on a delivery the server signed, and refuses one whose body or signature was changed", async () => {
    const app = await sdkApp(t, baseUrl);
    const deliveries: VerifiedDelivery[] = [];
    const settings = (await (await app.dashboard("GET", `/apps/${app.appId}/webhook/settings`)).json()) as {
      settings: { secret: string };
    };
    const receiver = await startWebhookReceiver(
      { port: 0, secret: settings.settings.secret },
      (d) => deliveries.push(d),
      () => {},
    );
    running.push({ stop: receiver.close });
    const url = `http://127.0.0.1:${receiver.port}/webhooks`;
    expect(
      (await app.dashboard("PUT", `/apps/${app.appId}/webhook/settings`, { url, events: ["message.created"] })).ok,
    ).toBe(true);
    expect((await app.dashboard("PUT", `/apps/${app.appId}/webhook/enabled`, { enabled: true })).ok).toBe(true);

    const bot = await botFor(app);
    const kim = await app.user("kim");
    await kim.channels.join(bot.channelId);
    await kim.messages.send(bot.channelId, "signed and delivered");
    const delivery = await waitFor("the signed delivery", () =>
      deliveries.find((d) => JSON.stringify(d.event).includes("signed and delivered")),
    );
    expect(delivery.event.type).toBe("message.created");

    // A forged delivery: a body the secret did not sign, under a real delivery's headers.
    const forged = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": delivery.id,
        "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
        "webhook-signature": "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
      },
      body: JSON.stringify({ type: "message.created", data: { forged: true } }),
    });
    expect(forged.status).toBe(400);
    expect(deliveries.some((d) => JSON.stringify(d.event).includes("forged"))).toBe(false);
  });
});

describe("replyTo", () => {
  const now = new Date("2026-11-28T09:00:00Z");

  it("answers each command by its English or Korean name, in that language", () => {
    expect(replyTo("/ping", now)).toBe("pong");
    expect(replyTo("/핑", now)).toBe("퐁");
    expect(replyTo("/time", now)).toBe("It is 2026-11-28T09:00:00.000Z (UTC).");
    expect(replyTo("/시간", now)).toContain("2026-11-28T09:00:00.000Z");
    expect(replyTo("/도움말", now)).toMatch(/^명령어/);
  });

  it("says nothing to a line that is not a command, and lists the commands for an unknown one", () => {
    expect(replyTo("hello /ping", now)).toBeNull();
    expect(replyTo("/dance", now)).toMatch(/\/help$/);
  });
});
