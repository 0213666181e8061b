import { randomUUID } from "node:crypto";
import type { ChainableCommander, Redis } from "ioredis";
import { closeRedis, openRedis } from "../redis";

/**
 * Which end users hold a live WebSocket, on any server process: push goes only to members who would not see an
 * event otherwise. The gateway reports each end-user socket that opens and closes; a user with two tabs stays
 * online until both close.
 */
export interface Presence {
  connected(appId: string, chatUserId: string): void;
  disconnected(appId: string, chatUserId: string): void;
  /** Those of `chatUserIds` (ids of `chat_users` rows) with a socket open now. */
  online(appId: string, chatUserIds: string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

/**
 * Reference counts of one process's sockets: the local half of both implementations. Keyed by the `chat_users` id
 * alone, which no two apps share: a key made with the app's id too would be a string more for every connected user.
 */
function createCounter() {
  const counts = new Map<string, { appId: string; chatUserId: string; n: number }>();
  return {
    /** True when this socket is the user's first on this process. */
    up(appId: string, chatUserId: string): boolean {
      const entry = counts.get(chatUserId);
      if (entry) {
        entry.n += 1;
        return false;
      }
      counts.set(chatUserId, { appId, chatUserId, n: 1 });
      return true;
    },
    /** True when this socket was the user's last on this process. */
    down(appId: string, chatUserId: string): boolean {
      const entry = counts.get(chatUserId);
      if (entry?.appId !== appId) return false;
      entry.n -= 1;
      if (entry.n > 0) return false;
      counts.delete(chatUserId);
      return true;
    },
    has: (appId: string, chatUserId: string) => counts.get(chatUserId)?.appId === appId,
    entries: () => [...counts.values()],
  };
}

/** One process: what the gateway of this process sees is everything there is. */
export function createMemoryPresence(): Presence {
  const counter = createCounter();
  return {
    connected: (appId, chatUserId) => void counter.up(appId, chatUserId),
    disconnected: (appId, chatUserId) => void counter.down(appId, chatUserId),
    async online(appId, chatUserIds) {
      return new Set(chatUserIds.filter((id) => counter.has(appId, id)));
    },
    async close() {},
  };
}

/** How often a process confirms its users are still connected. */
export const PRESENCE_REFRESH_MS = 30_000;
/**
 * How long a confirmation holds. Three refresh periods: a process that misses one refresh (a GC pause, a slow
 * Redis) keeps its users online, and one that crashed has them counted offline within 90 seconds.
 */
export const PRESENCE_TTL_MS = 90_000;

/**
 * Presence shared through Redis, for several processes behind a load balancer. Each user has a hash
 * `parley:presence:{appId}:{chatUserId}` whose fields are the ids of the processes holding a socket of theirs,
 * valued with the time (ms) until which that holds. Processes refresh their fields every 30 s; a crashed process
 * stops refreshing, so its users read as offline once the time passes, with nobody to clean up. Times are wall
 * clock: they are compared across processes, which share no other clock.
 */
export async function createRedisPresence(
  url: string,
  log: { error(obj: object, msg: string): void },
  options: { refreshMs?: number; ttlMs?: number; processId?: string; now?: () => number } = {},
): Promise<Presence> {
  const { client } = await openRedis(url, { maxRetriesPerRequest: 3 }, log, "redis presence error");
  return redisPresence(client, log, options);
}

export function redisPresence(
  redis: Redis,
  log: { error(obj: object, msg: string): void },
  options: { refreshMs?: number; ttlMs?: number; processId?: string; now?: () => number } = {},
): Presence {
  const ttlMs = options.ttlMs ?? PRESENCE_TTL_MS;
  const processId = options.processId ?? randomUUID();
  const now = options.now ?? Date.now;
  const counter = createCounter();
  let closed = false;
  const redisKey = (appId: string, chatUserId: string) => `parley:presence:${appId}:${chatUserId}`;

  const run = (write: (p: ChainableCommander) => void) => {
    // Sockets close after presence during shutdown; their fields were removed by `close`.
    if (closed) return;
    const pipeline = redis.pipeline();
    write(pipeline);
    pipeline.exec().catch((err: unknown) => log.error({ err }, "presence update failed"));
  };
  const mark = (p: ChainableCommander, appId: string, chatUserId: string, until: number) => {
    const key = redisKey(appId, chatUserId);
    p.hset(key, processId, String(until));
    // The whole hash goes once every process has stopped refreshing it.
    p.pexpire(key, ttlMs);
  };

  const refresh = setInterval(() => {
    const entries = counter.entries();
    if (entries.length === 0) return;
    const until = now() + ttlMs;
    run((p) => {
      for (const { appId, chatUserId } of entries) mark(p, appId, chatUserId, until);
    });
  }, options.refreshMs ?? PRESENCE_REFRESH_MS);
  refresh.unref();

  return {
    connected(appId, chatUserId) {
      if (counter.up(appId, chatUserId)) run((p) => mark(p, appId, chatUserId, now() + ttlMs));
    },
    disconnected(appId, chatUserId) {
      if (counter.down(appId, chatUserId)) run((p) => p.hdel(redisKey(appId, chatUserId), processId));
    },
    async online(appId, chatUserIds) {
      const unique = [...new Set(chatUserIds)];
      if (unique.length === 0) return new Set();
      const pipeline = redis.pipeline();
      for (const id of unique) pipeline.hvals(redisKey(appId, id));
      const results = (await pipeline.exec()) ?? [];
      const at = now();
      const online = new Set<string>();
      unique.forEach((id, i) => {
        const [err, values] = results[i] ?? [null, []];
        if (err) throw err;
        if ((values as string[]).some((until) => Number(until) > at)) online.add(id);
      });
      return online;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(refresh);
      const entries = counter.entries();
      if (entries.length > 0) {
        const pipeline = redis.pipeline();
        for (const { appId, chatUserId } of entries) pipeline.hdel(redisKey(appId, chatUserId), processId);
        await pipeline.exec().catch((err: unknown) => log.error({ err }, "presence cleanup failed"));
      }
      await closeRedis(redis);
    },
  };
}
