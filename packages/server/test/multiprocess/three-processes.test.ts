import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import {
  appWithKey,
  call,
  chatSession,
  createDataDir,
  createScratchDatabase,
  listenForMessages,
  mailsTo,
  PORTS,
  queueIdle,
  removeDir,
  request,
  type ScratchDatabase,
  type ServerProcess,
  signedInAccount,
  signUp,
  sleep,
  startServer,
  testRedisUrl,
  verificationCode,
  waitFor,
} from "./support";

const redisUrl = testRedisUrl();
const processes: ServerProcess[] = [];
const sockets: WebSocket[] = [];
let db: ScratchDatabase;
let dataDir: string;
let bases: [string, string, string];
let redis: Redis;

beforeAll(async () => {
  redis = new Redis(redisUrl);
  dataDir = await createDataDir("parley-three");
  db = await createScratchDatabase("parley_three");
  const start = async (port: number) => {
    const server = await startServer({ port, databaseUrl: db.url, dataDir, redisUrl });
    processes.push(server);
    return server.base;
  };
  // The first process migrates; the other two start together once the schema exists.
  const [first, second, third] = PORTS.threeProcesses;
  const a = await start(first);
  const [b, c] = await Promise.all([start(second), start(third)]);
  bases = [a, b, c];
});

afterAll(async () => {
  await redis?.quit();
  for (const socket of sockets) socket.terminate();
  await Promise.all(processes.map((server) => server.stop()));
  await db?.drop();
  await removeDir(dataDir);
});

/** A socket on one process, closed by `afterAll`. */
async function listen(base: string, token: string) {
  const listener = await listenForMessages(base, token);
  sockets.push(listener.socket);
  return listener;
}

describe("three server processes sharing PostgreSQL and Redis", () => {
  it("runs each queued job once: one verification mail per signup, whichever process took the signup", async () => {
    const emails = Array.from({ length: 9 }, (_, i) => `three.${i}.${Date.now()}@example.com`);
    await Promise.all(emails.map((email, i) => signUp(bases[i % 3] as string, email)));
    for (const email of emails) await verificationCode(dataDir, email);
    // Every mail job has run to its end: a second process that had taken the same job would have sent a duplicate.
    await queueIdle(db, "mail.send");
    const rows = await db.sql<{ recipient: string; n: number }>(
      "select recipient, count(*)::int as n from sent_mail where recipient = any($1) group by recipient",
      [emails],
    );
    expect(rows.map((row) => [row.recipient, row.n]).sort()).toEqual(emails.map((email) => [email, 1]).sort());
    for (const email of emails) expect(await mailsTo(dataDir, email), email).toHaveLength(1);
  });

  it("delivers a message sent through any process to sockets held by each of the three", async () => {
    const { sessionToken } = await signedInAccount(dataDir, bases);
    const { appId, secret } = await appWithKey(bases[0], sessionToken);
    const users = ["kim", "lee", "park"];
    const tokens = await Promise.all(users.map((userId, i) => chatSession(bases[i] as string, appId, secret, userId)));
    const { channel } = await call<{ channel: { id: string } }>(
      bases[0],
      "POST",
      "/v1/channels",
      { name: "Three", userIds: ["lee", "park"] },
      tokens[0],
    );
    const listeners = await Promise.all(bases.map((base, i) => listen(base, tokens[i] as string)));
    const sent = bases.map((_, i) => `from process ${i + 1}`);
    for (const [i, text] of sent.entries()) {
      await call(bases[i] as string, "POST", `/v1/channels/${channel.id}/messages`, { text }, tokens[i]);
    }
    await waitFor(
      "every message on every socket",
      async () => (listeners.every((l) => l.texts.length >= sent.length) ? true : undefined),
      { timeoutMs: 15_000, intervalMs: 50 },
    );
    for (const listener of listeners) expect([...listener.texts].sort()).toEqual([...sent].sort());
  });

  it("closes a chat user's sockets on the other processes when the user is deactivated through one", async () => {
    const { sessionToken } = await signedInAccount(dataDir, bases[0]);
    const { appId, secret } = await appWithKey(bases[0], sessionToken, "Sessions");
    const token = await chatSession(bases[0], appId, secret, "leaving");
    const held = await Promise.all([bases[1], bases[2]].map((base) => listen(base, token)));
    await call(bases[0], "POST", "/v1/users/leaving/deactivate", {}, secret);
    const codes = await Promise.race([
      Promise.all(held.map((socket) => socket.closed)),
      sleep(15_000).then(() => "still open"),
    ]);
    expect(codes).toEqual([4001, 4001]);
  });

  it("shares the rate limit: 40 requests of one account or chat user in a second, round robin, get 429 code 005", async () => {
    const { sessionToken } = await signedInAccount(dataDir, bases[1]);
    const { appId, secret } = await appWithKey(bases[1], sessionToken, "Limited");
    const chatToken = await chatSession(bases[2], appId, secret, "busy");
    const { channel } = await call<{ channel: { id: string } }>(
      bases[2],
      "POST",
      "/v1/channels",
      { name: "Busy" },
      chatToken,
    );
    const [ids] = await db.sql<{ accountId: string; chatUserId: string }>(
      `select a.account_id as "accountId", u.id as "chatUserId"
       from apps a join chat_users u on u.app_id = a.id where a.id = $1 and u.user_id = 'busy'`,
      [appId],
    );
    const { accountId, chatUserId } = ids ?? {};
    // A fresh window for both callers: the set-up requests counted in the current one.
    const freshWindows = async () => {
      await redis.del(`parley:rate:account:${accountId}`, `parley:rate:chat-user:${chatUserId}`);
    };
    await freshWindows();

    const burst = async (url: string, token: string) => {
      const started = Date.now();
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) => request(bases[i % 3] as string, "GET", url, undefined, token)),
      );
      return { replies, elapsedMs: Date.now() - started };
    };
    for (const [url, token] of [
      ["/api/apps", sessionToken],
      [`/v1/channels/${channel.id}/messages`, chatToken],
    ] as const) {
      const { replies, elapsedMs } = await burst(url, token);
      // Each process saw 13 or 14 of the requests: fewer than the limit, so only a shared count refuses any.
      expect(elapsedMs, url).toBeLessThan(1000);
      const limited = replies.filter((r) => r.status === 429);
      const passed = replies.filter((r) => r.status === 200);
      expect(passed.length + limited.length, url).toBe(40);
      expect(passed.length, url).toBeLessThanOrEqual(20);
      for (const reply of limited) {
        expect(reply.body.code).toBe("005");
        expect(Number(reply.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      }
      await freshWindows();
    }
  });
});
