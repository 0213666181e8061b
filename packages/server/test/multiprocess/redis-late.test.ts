import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { startTcpProxy, type TcpProxy } from "../../../../scripts/tcp-proxy";
import {
  appWithKey,
  call,
  chatSession,
  createDataDir,
  createScratchDatabase,
  listenForMessages,
  PORTS,
  removeDir,
  type ScratchDatabase,
  type ServerProcess,
  signedInAccount,
  startServer,
  testRedisUrl,
  waitFor,
} from "./support";

/**
 * A process started while Redis is away (a restart during an outage, a deploy that races Redis) must come up,
 * say so on its health check, and join the others once Redis answers, without being restarted again.
 */

const redis = new URL(testRedisUrl());
const [latePort, steadyPort, redisPort] = PORTS.redisLate;
const processes: ServerProcess[] = [];
const sockets: WebSocket[] = [];
let db: ScratchDatabase;
let dataDir: string;
let late: ServerProcess;
let steady: ServerProcess;
let relay: TcpProxy | undefined;

/** Opens the late process's Redis port: a relay to the real Redis, so "Redis comes back" is a listen call. */
async function openRedisPort(): Promise<void> {
  relay = await startTcpProxy(redis.toString(), { port: redisPort });
}

const health = (base: string) =>
  fetch(`${base}/api/health`).then(async (res) => ({ status: res.status, body: await res.json() }));

beforeAll(async () => {
  dataDir = await createDataDir("parley-redis-late");
  db = await createScratchDatabase("parley_redis_late");
  const lateUrl = new URL(redis);
  lateUrl.host = `127.0.0.1:${redisPort}`;
  late = await startServer({
    port: latePort,
    databaseUrl: db.url,
    dataDir,
    redisUrl: lateUrl.toString(),
    until: "answering",
  });
  processes.push(late);
  steady = await startServer({ port: steadyPort, databaseUrl: db.url, dataDir, redisUrl: redis.toString() });
  processes.push(steady);
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await Promise.all(processes.map((server) => server.stop()));
  await relay?.close();
  await db?.drop();
  await removeDir(dataDir);
});

describe("a process started while Redis is down", () => {
  it("serves and reports Redis down, then joins the fan-out of the others once Redis answers", async () => {
    expect(await health(late.base)).toEqual({
      status: 503,
      body: expect.objectContaining({ code: "002", data: { database: "ok", redis: "down" } }),
    });
    // What needs only the database works meanwhile: an account, an app and chat users, through the late process.
    const { sessionToken } = await signedInAccount(dataDir, late.base);
    const { appId, secret } = await appWithKey(late.base, sessionToken);
    const kim = await chatSession(late.base, appId, secret, "kim");
    const lee = await chatSession(late.base, appId, secret, "lee");
    const { channel } = await call<{ channel: { id: string } }>(
      late.base,
      "POST",
      "/v1/channels",
      { name: "Later", userIds: ["lee"] },
      kim,
    );

    await openRedisPort();
    await waitFor(
      "the late process to find Redis",
      async () => ((await health(late.base)).status === 200 ? true : undefined),
      { timeoutMs: 20_000, intervalMs: 200 },
    );

    const onLate = await listenForMessages(late.base, lee);
    const onSteady = await listenForMessages(steady.base, lee);
    sockets.push(onLate.socket, onSteady.socket);
    const path = `/v1/channels/${channel.id}/messages`;
    await call(steady.base, "POST", path, { text: "to the late process" }, kim);
    await call(late.base, "POST", path, { text: "from the late process" }, kim);
    await waitFor(
      "both messages on both sockets",
      async () => (onLate.texts.length >= 2 && onSteady.texts.length >= 2 ? true : undefined),
      { timeoutMs: 15_000, intervalMs: 50 },
    );
    const both = ["from the late process", "to the late process"];
    expect([...onLate.texts].sort()).toEqual(both);
    expect([...onSteady.texts].sort()).toEqual(both);
  });
});
