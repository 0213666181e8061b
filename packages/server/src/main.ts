import { buildApp } from "./app";
import { formatBanner } from "./banner";
import { ConfigError, loadConfig, unknownSettingWarnings } from "./config";
import { DataFolderLockedError } from "./db/lock";

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

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({ config });
} catch (err) {
  if (err instanceof DataFolderLockedError) {
    console.error(`Parley cannot start. ${err.message}`);
    process.exit(1);
  }
  throw err;
}
const { server, ctx } = app;
for (const warning of unknownSettingWarnings()) server.log.warn(warning);
// The banner names the address; Fastify's own line for each network interface would only repeat it.
const level = server.log.level;
if (config.logFormat === "text") server.log.level = "warn";
const address = await server.listen({ port: config.port, host: config.host });
server.log.level = level;
// With PORT=0 the system picks the port, which only the listening address knows.
const url = config.port === 0 ? address.replace(/\/\/(0\.0\.0\.0|\[::\])/, "//localhost") : config.publicUrl;

if (config.logFormat === "text") {
  process.stdout.write(formatBanner({ url, config }));
} else {
  server.log.info(
    { url: address, database: ctx.database.kind, mail: ctx.mailer.destination },
    `Parley is running at ${url} (database: ${ctx.database.kind}; outgoing mail: ${ctx.mailer.destination})`,
  );
}

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
