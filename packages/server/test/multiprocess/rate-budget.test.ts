import { randomUUID } from "node:crypto";
import type { TServerFrame } from "@parley/contract";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createRequestCounter } from "../../src/http/rate-limit";
import {
  appWithKey,
  chatSession,
  createDataDir,
  createScratchDatabase,
  PORTS,
  removeDir,
  request,
  type ScratchDatabase,
  type ServerProcess,
  signedInAccount,
  startServer,
  testRedisUrl,
  waitFor,
} from "./support";

const redisUrl = testRedisUrl();
const BUDGET = 20;
const processes: ServerProcess[] = [];
let db: ScratchDatabase;
let dataDir: string;
let urls: string[] = [];
let redis: Redis;

beforeAll(async () => {
  redis = new Redis(redisUrl);
  dataDir = await createDataDir("parley-mp-rate");
  db = await createScratchDatabase("parley_mp_rate");
  const start = async (port: number) => {
    const server = await startServer({
      port,
      databaseUrl: db.url,
      dataDir,
      redisUrl,
      env: { RATE_LIMIT_PER_SECOND: String(BUDGET) },
    });
    processes.push(server);
    return server.base;
  };
  const [firstPort, secondPort] = PORTS.rateBudget;
  const first = await start(firstPort);
  urls = [first, await start(secondPort)];
});

afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop()));
  await db?.drop();
  await removeDir(dataDir);
  await redis?.quit();
});

/** A chat user's socket on one process, once ready, collecting the frames it is sent. */
async function readySocket(base: string, token: string) {
  const ws = new WebSocket(`${base.replace("http", "ws")}/v1/ws`);
  const frames: TServerFrame[] = [];
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  ws.on("message", (raw) => frames.push(JSON.parse(raw.toString()) as TServerFrame));
  await new Promise((resolve) => ws.once("open", resolve));
  ws.send(JSON.stringify({ type: "auth", token }));
  await waitFor("the ready frame", async () => (frames.some((f) => f.type === "ready") ? true : undefined), {
    intervalMs: 10,
  });
  return { ws, frames, closed };
}

describe("one rate budget across processes", () => {
  it("counts a chat user's HTTP requests on one process and frames on the other in the same budget", async () => {
    const [a, b] = urls as [string, string];
    const { sessionToken } = await signedInAccount(dataDir, a);
    const { appId, secret } = await appWithKey(a, sessionToken);
    const kim = await chatSession(a, appId, secret, "kim");
    const [row] = await db.sql<{ id: string }>("select id from chat_users where app_id = $1 and user_id = 'kim'", [
      appId,
    ]);
    const key = `parley:rate:chat-user:${row?.id}`;
    // A fresh window for the user, so the whole budget is there to spend.
    const freshWindow = () => redis.del(key);
    /**
     * A fresh window opened by `first` (the window's first request) and then held for a minute: a window is one
     * second, and on a busy machine the rest of a half (twenty requests, then the one refused) can take longer,
     * which would open a new window in the middle and admit what the test expects refused.
     */
    const heldWindow = async (first: () => Promise<unknown>) => {
      for (;;) {
        await freshWindow();
        await first();
        // Its expiry pushed out while it still holds that one request; else that second passed already: again.
        if ((await redis.pexpire(key, 60_000)) === 1 && Number(await redis.get(key)) === 1) return;
      }
    };

    // HTTP on A, then a frame on B.
    const onB = await readySocket(b, kim);
    const me = () => request(a, "GET", "/v1/me", undefined, kim);
    let firstReply: Awaited<ReturnType<typeof me>> | undefined;
    await heldWindow(async () => {
      firstReply = await me();
    });
    const replies = [firstReply, ...(await Promise.all(Array.from({ length: BUDGET - 1 }, me)))];
    expect(replies.map((r) => r?.status)).toEqual(Array(BUDGET).fill(200));
    // Refused as a request would be, by an error frame naming it; the socket stays open.
    onB.ws.send(JSON.stringify({ type: "ping" }));
    const refusal = await waitFor("the ping's refusal", async () => onB.frames.find((f) => f.type === "error"));
    expect(refusal).toMatchObject({ code: "005", frame: "ping", data: { retryAfterSeconds: expect.any(Number) } });
    expect(onB.frames.some((f) => f.type === "pong")).toBe(false);
    expect(onB.ws.readyState).toBe(WebSocket.OPEN);
    onB.ws.close();

    // Frames on A, then HTTP on B. The sign-in counts in kim's budget too, which the first half spent.
    await freshWindow();
    const onA = await readySocket(a, kim);
    const pongs = () => onA.frames.filter((f) => f.type === "pong").length;
    await heldWindow(async () => {
      const before = pongs();
      onA.ws.send(JSON.stringify({ type: "ping" }));
      await waitFor("the first pong", async () => (pongs() > before ? true : undefined));
    });
    const alreadyPonged = pongs() - 1;
    for (let i = 1; i < BUDGET; i++) onA.ws.send(JSON.stringify({ type: "ping" }));
    await waitFor("every pong", async () => (pongs() - alreadyPonged === BUDGET ? true : undefined));
    const refused = await request(b, "GET", "/v1/me", undefined, kim);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("005");
    onA.ws.close();
  });
});

describe("the request counter on Redis", () => {
  it("shares each key's count between counters of different processes and refuses past the budget with a retry time", async () => {
    const clients = [new Redis(redisUrl), new Redis(redisUrl)];
    try {
      const [one, two] = clients.map((client) => createRequestCounter({ perSecond: 3, redis: client }));
      const key = `test:${randomUUID()}`;
      const verdicts = [];
      for (const counter of [one, two, one, two]) verdicts.push(await counter?.countRequest(key));
      expect(verdicts.slice(0, 3)).toEqual(Array(3).fill({ isAdmitted: true }));
      expect(verdicts[3]).toEqual({ isAdmitted: false, retryAfterSeconds: 1 });
      expect(await one?.countRequest(`test:${randomUUID()}`)).toEqual({ isAdmitted: true });
    } finally {
      await Promise.all(clients.map((client) => client.quit()));
    }
  });
});
