import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../packages/server/src/app";
import { loadConfig } from "../packages/server/src/config";
import { BENCH_MARKETPLACE_SECRET } from "./support";

type Built = Awaited<ReturnType<typeof buildApp>>;

/** A server of the bench's own process: its address, and its context and services to read and seed it directly. */
export interface InProcessServer {
  /** `http://127.0.0.1:<port>`, without any prefix. */
  base: string;
  ctx: Built["ctx"];
  services: Built["services"];
  /** The Fastify instance, for its logger. */
  server: Built["server"];
}

/**
 * Runs `body` against a Parley server in this process, on `databaseUrl` and a data folder of its own, listening on
 * a free local port with jobs and rate limits off: for benchmarks that time the product's reads and seed its tables
 * directly. The server is closed and its folder removed after, whatever `body` did.
 */
export async function withInProcessServer<T>(
  name: string,
  databaseUrl: string,
  body: (server: InProcessServer) => Promise<T>,
): Promise<T> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `parley-bench-${name}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    JOBS_ENABLED: "false",
    RATE_LIMIT_PER_SECOND: "0",
    MARKETPLACE_SECRET: BENCH_MARKETPLACE_SECRET,
  });
  const { server, ctx, services } = await buildApp({ config });
  try {
    await server.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
    return await body({ base, ctx, services, server });
  } finally {
    await server.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
