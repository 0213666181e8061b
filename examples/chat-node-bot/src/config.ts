/** What the bot needs to know, from the environment (see README.md). */
export interface BotConfig {
  /** The Parley server, e.g. http://localhost:8080. */
  baseUrl: string;
  appId: string;
  /** An API key of the app (`psk_…`), from the dashboard: the bot's server-side credential. */
  apiKey: string;
  /** The bot's own chat user, made on first start. */
  botUserId: string;
  botNickname: string;
  /** The channel the bot answers in: made on first start and found by name after. */
  channelName: string;
  /** Where the webhook receiver listens; 0 turns it off. */
  webhookPort: number;
  /** The app's webhook signing secret (`whsec_…`), from the dashboard's webhook settings. */
  webhookSecret: string | null;
}

export class ConfigError extends Error {}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): BotConfig {
  const required = (name: string): string => {
    const value = env[name]?.trim();
    if (!value) throw new ConfigError(`Set ${name} (see README.md).`);
    return value;
  };
  const port = Number(env.WEBHOOK_PORT ?? "8787");
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new ConfigError("WEBHOOK_PORT must be a port number.");
  return {
    baseUrl: (env.PARLEY_URL ?? "http://localhost:8080").replace(/\/+$/, ""),
    appId: required("PARLEY_APP_ID"),
    apiKey: required("PARLEY_API_KEY"),
    botUserId: env.BOT_USER_ID ?? "parley-bot",
    botNickname: env.BOT_NICKNAME ?? "Parley Bot",
    channelName: env.BOT_CHANNEL ?? "Bot lounge",
    webhookPort: port,
    webhookSecret: env.PARLEY_WEBHOOK_SECRET?.trim() || null,
  };
}
