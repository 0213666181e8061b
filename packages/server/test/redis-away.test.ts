import net from "node:net";
import { describe, expect, it } from "vitest";
import { createRedisBus } from "../src/chat/bus";
import { createRedisPresence } from "../src/chat/presence";
import { closeRedis, createRedisClient } from "../src/redis";

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

describe("Redis that does not answer at start", () => {
  it("lets the bus, presence and command client start, saying so once, and close without waiting for Redis", async () => {
    const url = await closedRedisUrl();
    const log = recordingLog();
    const bus = await createRedisBus(url, log);
    const presence = await createRedisPresence(url, log);
    const client = await createRedisClient(url, log);

    expect(log.messages.filter((msg) => msg.startsWith("redis did not answer at start"))).toHaveLength(4);
    // Every client fails again at each reconnection attempt; each says so once for the whole outage.
    await new Promise((resolve) => setTimeout(resolve, 800));
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
    client.on("reconnecting", () => attempts++);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(attempts).toBe(0);
  });
});
