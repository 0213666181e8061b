import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const { server, ctx } = await buildApp({ config });
const address = await server.listen({ port: config.port, host: config.host });

server.log.info(
  { url: address, database: ctx.database.kind, mail: ctx.mailer.destination },
  `Parley is running at ${config.publicUrl} (database: ${ctx.database.kind}; outgoing mail: ${ctx.mailer.destination})`,
);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.log.info({ signal }, "shutting down");
  // close() stops accepting, lets in-flight requests finish, then runs onClose: jobs drain, database closes.
  const timer = setTimeout(() => process.exit(1), 20_000);
  timer.unref();
  try {
    await server.close();
    process.exit(0);
  } catch (err) {
    server.log.error({ err }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
