import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisPresence, type Presence, redisPresence } from "../../src/chat/presence";

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error("set REDIS_URL to run the Redis presence tests");

const TTL_MS = 90_000;
// Shown rather than swallowed: a Redis that drops the test's connection should say why in the failure's output.
const log = { error: (obj: object, msg: string) => console.error(msg, obj) };
const opened: Presence[] = [];

/** A server process's presence, with its own Redis connection and a clock the test sets. */
async function processPresence(clock: { now: number }, options: { refreshMs?: number } = {}) {
  const presence = await createRedisPresence(redisUrl as string, log, {
    ttlMs: TTL_MS,
    refreshMs: options.refreshMs ?? 60_000,
    now: () => clock.now,
  });
  opened.push(presence);
  return presence;
}

afterAll(async () => {
  for (const presence of opened) await presence.close();
});

/** Polls until `probe` holds: updates are written without waiting, so another process sees them a moment later. */
async function eventually(what: string, probe: () => Promise<boolean>) {
  const deadline = Date.now() + 5000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("Redis presence", () => {
  it("shows one process's connected users to another, until the user's last socket there closes", async () => {
    const appId = randomUUID();
    const clock = { now: Date.now() };
    const a = await processPresence(clock);
    const b = await processPresence(clock);
    a.connected(appId, "u1");
    a.connected(appId, "u1");
    b.connected(appId, "u2");
    await eventually("u1 and u2 online", async () => (await b.online(appId, ["u1", "u2", "u3"])).size === 2);
    expect(await a.online(appId, ["u1", "u2", "u3"])).toEqual(new Set(["u1", "u2"]));
    a.disconnected(appId, "u1");
    b.connected(appId, "u1");
    b.disconnected(appId, "u1");
    expect(await b.online(appId, ["u1"])).toEqual(new Set(["u1"]));
    a.disconnected(appId, "u1");
    await eventually("u1 offline", async () => (await b.online(appId, ["u1", "u2"])).size === 1);
    expect(await b.online(randomUUID(), ["u2"])).toEqual(new Set());
  });

  it("counts a crashed process's users offline once their time has passed, and a live one's refreshed", async () => {
    const appId = randomUUID();
    const start = Date.now();
    const crashedClock = { now: start };
    const liveClock = { now: start };
    const observerClock = { now: start };
    const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 0 });
    redis.on("error", () => undefined);
    const crashed = redisPresence(redis, log, { ttlMs: TTL_MS, refreshMs: 60_000, now: () => crashedClock.now });
    const live = await processPresence(liveClock, { refreshMs: 50 });
    const observer = await processPresence(observerClock);

    crashed.connected(appId, "gone");
    live.connected(appId, "here");
    await eventually("both online", async () => (await observer.online(appId, ["gone", "here"])).size === 2);
    // The process dies: its connection drops and nothing removes its entries.
    redis.disconnect();
    liveClock.now = start + TTL_MS;
    observerClock.now = start + TTL_MS + 1;
    await eventually("the live process's refresh", async () => (await observer.online(appId, ["here"])).size === 1);
    expect(await observer.online(appId, ["gone", "here"])).toEqual(new Set(["here"]));
  });
});
