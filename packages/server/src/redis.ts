import type { Redis, RedisOptions } from "ioredis";

/**
 * The Redis connection for plain commands (rate-limit counters, the health check). Commands fail fast rather than
 * queue while Redis is away, so a request never waits on it: the rate limit lets the request through and the health
 * check reports Redis down.
 */
export async function createRedisClient(url: string, log: RedisLog): Promise<Redis> {
  const { client } = await openRedis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false }, log, "redis error");
  return client;
}

export type RedisLog = { error(obj: object, msg: string): void };

/**
 * A client, connected, or, when Redis does not answer, still trying: the process starts anyway, and until Redis
 * answers the health check reports it down and what needs Redis degrades as it would in an outage. A process
 * restarted during a Redis outage thus comes back as soon as Redis does. Its connection errors are logged under
 * `errorMsg`, once per outage. ioredis is loaded here only, so a process without Redis never loads it.
 */
export async function openRedis(
  url: string,
  options: RedisOptions,
  log: RedisLog,
  errorMsg: string,
): Promise<{ client: Redis; connected: boolean }> {
  const { Redis } = await import("ioredis");
  const client = new Redis(url, { ...options, lazyConnect: true });
  logErrorsOnce(client, log, errorMsg);
  try {
    await client.connect();
    return { client, connected: true };
  } catch {
    log.error({ url: new URL(url).host }, "redis did not answer at start; reconnecting in the background");
    return { client, connected: false };
  }
}

/**
 * Ends a client: with QUIT when connected, so queued commands finish first; at once when it is still trying to
 * connect, where QUIT would wait in its queue until Redis came back and hold up the shutdown.
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === "ready") {
    await client.quit().catch(() => undefined);
    return;
  }
  client.disconnect();
}

/**
 * Logs a client's connection errors once per outage: while Redis is away the client fails at every reconnection
 * attempt, as often as every 2 s, and the first error says all there is to say until it connects again.
 */
function logErrorsOnce(client: Redis, log: RedisLog, msg: string): void {
  let reported = false;
  client.on("error", (err) => {
    if (reported) return;
    reported = true;
    log.error({ err }, msg);
  });
  client.on("ready", () => {
    reported = false;
  });
}
