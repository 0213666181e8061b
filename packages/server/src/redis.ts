import type { Redis } from "ioredis";

/**
 * The Redis connection for plain commands (rate-limit counters, the health check). Commands fail fast rather than
 * queue while Redis is away, so a request never waits on it: the rate limit lets the request through and the health
 * check reports Redis down.
 */
export async function createRedisClient(url: string, log: { error(obj: object, msg: string): void }): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  client.on("error", (err) => log.error({ err }, "redis error"));
  await client.connect();
  return client;
}
