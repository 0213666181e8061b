import net from "node:net";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRedisBus } from "../../src/chat/bus";
import { createRedisPresence } from "../../src/chat/presence";
import { closeRedis, createRedisClient } from "../../src/redis";

/** A Redis URL on which nothing listens: a port taken from the system and given back. */
async function closedRedisUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${port}`;
}

function recordingLog() {
  const messages: string[] = [];
  return { messages, error: (_obj: object, msg: string) => void messages.push(msg) };
}

/** Longer than any wait ioredis puts between two connection attempts (its default strategy stops growing at 2 s). */
const LONGEST_RETRY_WAIT_MS = 2_000;

/**
 * Resolves the next time `client` has failed an attempt and scheduled another. Not `events.once`, which rejects on
 * the "error" that each failed attempt also emits.
 */
function nextRetry(client: Redis): Promise<void> {
  return new Promise((resolve) => client.once("reconnecting", () => resolve()));
}

/** Resolves when `client` waits to try again, at once when it already does. */
function retryScheduled(client: Redis): Promise<void> {
  return client.status === "reconnecting" ? Promise.resolve() : nextRetry(client);
}

describe("Redis that does not answer at start", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("lets the bus, presence and command client start, saying so once, and close without waiting for Redis", async () => {
    // The clients wait between attempts on a clock this test moves; their failures themselves are real refused
    // connections, which the test waits for as events.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const connects = vi.spyOn(Redis.prototype, "connect");
    const url = await closedRedisUrl();
    const log = recordingLog();
    const bus = await createRedisBus(url, log);
    const presence = await createRedisPresence(url, log);
    const client = await createRedisClient(url, log);

    expect(log.messages.filter((msg) => msg.startsWith("redis did not answer at start"))).toHaveLength(4);
    const clients = [...new Set(connects.mock.contexts)].filter((c): c is Redis => c instanceof Redis);
    // The bus's publisher and subscriber, presence's and the command client: the test watches each of them.
    expect(clients).toHaveLength(4);
    // Every client fails again at each reconnection attempt; each says so once for the whole outage.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await Promise.all(clients.map(retryScheduled));
      const failedAgain = Promise.all(clients.map(nextRetry));
      vi.advanceTimersByTime(LONGEST_RETRY_WAIT_MS);
      await failedAgain;
    }
    expect(log.messages.filter((msg) => msg.endsWith(" error")).sort()).toEqual([
      "redis bus error",
      "redis bus error",
      "redis error",
      "redis presence error",
    ]);
    expect(client.status).not.toBe("ready");
    // QUIT would wait in the client's queue for a Redis that is not coming (and time this test out); these end at
    // once, and the client stops trying.
    await Promise.all([bus.close(), presence.close(), closeRedis(client)]);
    let attempts = 0;
    // An attempt starts ("connecting") as soon as its wait ends, so a wait left behind shows while the clock moves.
    for (const closed of clients)
      for (const event of ["connecting", "reconnecting"]) closed.on(event, () => attempts++);
    vi.advanceTimersByTime(30 * LONGEST_RETRY_WAIT_MS);
    // ioredis announces a change of status on the next tick.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(attempts).toBe(0);
  });
});

describe("a closed Redis bus", () => {
  it("drops what is published after it closed without logging each message", async () => {
    const log = recordingLog();
    const bus = await createRedisBus(await closedRedisUrl(), log);
    await bus.close();
    const before = log.messages.length;
    for (let i = 0; i < 3; i += 1) {
      await bus.publish({ transient: { appId: "app", event: { type: "user.presence" } } } as never);
    }
    expect(log.messages.slice(before)).toEqual([]);
  });
});
