import { ParleyClient } from "@parley/sdk";
import { WebSocket } from "ws";
import type { BotConfig } from "./config";
import { replyTo } from "./replies";
import { say } from "./say";
import { serverApi } from "./server-api";

export interface RunningBot {
  channelId: string;
  client: ParleyClient;
  stop(): Promise<void>;
}

/**
 * Logs the bot's chat user in (made on first start, with a login token issued by the API key), finds or makes its
 * channel, and answers commands in every channel it belongs to, as they arrive over the real-time link.
 */
export async function startBot(
  config: BotConfig,
  log: (line: string) => void = say,
  clock: () => Date = () => new Date(),
): Promise<RunningBot> {
  const api = serverApi(config);
  await api.ensureUser(config.botUserId, config.botNickname);
  const client = new ParleyClient({ baseUrl: config.baseUrl, appId: config.appId, WebSocket });
  await client.loginWithToken(config.botUserId, await api.loginToken(config.botUserId));

  const { channels } = await client.channels.list({ scope: "public", search: config.channelName });
  const existing = channels.find((channel) => channel.name === config.channelName);
  const channel = existing ?? (await client.channels.create({ name: config.channelName }));
  // Joining a channel one belongs to already is a no-op, so a restarted bot simply carries on.
  if (existing) await client.channels.join(channel.id);

  const unsubscribe = client.on("message.created", (event) => {
    const message = event.message;
    if (!message?.text || message.sender?.userId === config.botUserId) return;
    const reply = replyTo(message.text, clock());
    if (reply === null) return;
    client.messages.send(message.channelId, reply).then(
      () => log(`answered ${message.sender?.userId ?? "the app"} in ${message.channelId}`),
      (err: unknown) => log(`could not answer in ${message.channelId}: ${String(err)}`),
    );
  });
  await client.connect();
  log(`${config.botNickname} (${config.botUserId}) is in "${channel.name}" (${channel.id})`);

  return {
    channelId: channel.id,
    client,
    async stop() {
      unsubscribe();
      client.disconnect();
    },
  };
}
