import { startBot } from "./bot";
import { ConfigError, configFromEnv } from "./config";
import { say } from "./say";
import { startWebhookReceiver } from "./webhook-receiver";

async function main() {
  const config = configFromEnv();
  const bot = await startBot(config);
  const receiver =
    config.webhookSecret && config.webhookPort > 0
      ? await startWebhookReceiver({ port: config.webhookPort, secret: config.webhookSecret }, () => {})
      : null;
  if (receiver) say(`webhooks: point the app's webhook URL at http://<this host>:${receiver.port}/webhooks`);
  else say("webhooks: set PARLEY_WEBHOOK_SECRET to receive them (see README.md)");
  const stop = async () => {
    await bot.stop();
    await receiver?.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(1);
});
