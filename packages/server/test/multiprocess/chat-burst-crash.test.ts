import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appWithKey,
  call,
  chatSession,
  createDataDir,
  createScratchDatabase,
  PORTS,
  removeDir,
  request,
  retryAfterMs,
  type ScratchDatabase,
  type ServerProcess,
  signedInAccount,
  sleep,
  startServer,
  waitFor,
} from "./support";

const PORT = PORTS.chatBurstCrash;
const USERS = 5;
const PER_USER = 40;
const TOTAL = USERS * PER_USER;
/** Between one user's sends: about 12 a second, under the per-user rate limit, so the burst lasts a few seconds. */
const PACE_MS = 80;

interface Stored {
  id: string;
  seq: number;
}

/** A chat user's app: sends its messages in order, each with its own clientMessageId, and keeps the answers. */
interface ChatClient {
  userId: string;
  token: string;
  keys: string[];
  acknowledged: Map<string, Stored>;
}

let db: ScratchDatabase;
let dataDir: string;
let server: ServerProcess | null = null;

async function start(): Promise<string> {
  server = await startServer({ port: PORT, databaseUrl: db.url, dataDir });
  return server.base;
}

/**
 * One send as a client makes it: a 429 is waited out and sent again; no answer (the process died) or a 5xx
 * leaves the message unacknowledged, and the client stops until the server is back.
 */
async function send(base: string, client: ChatClient, channelId: string, key: string): Promise<Stored | null> {
  for (;;) {
    const res = await request<{ message: Stored }>(
      base,
      "POST",
      `/v1/channels/${channelId}/messages`,
      { text: `message ${key}`, clientMessageId: key },
      client.token,
    ).catch(() => null);
    if (!res || res.status >= 500) return null;
    if (res.status === 429) {
      await sleep(retryAfterMs(res.headers));
      continue;
    }
    if (res.status !== 200) throw new Error(`${client.userId} ${key} → ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.message.id, seq: res.body.message.seq };
  }
}

/** Sends every message the client has no answer for, in order, until done or the server stops answering. */
async function sendUnacknowledged(base: string, client: ChatClient, channelId: string): Promise<void> {
  for (const key of client.keys) {
    if (client.acknowledged.has(key)) continue;
    const stored = await send(base, client, channelId, key);
    if (!stored) return;
    client.acknowledged.set(key, stored);
    await sleep(PACE_MS);
  }
}

beforeAll(async () => {
  dataDir = await createDataDir("parley-chat-burst");
  db = await createScratchDatabase("parley_chat_burst");
});

afterAll(async () => {
  await server?.kill();
  await db?.drop();
  await removeDir(dataDir);
});

describe("a burst of chat messages when the process is killed", () => {
  it("stores every acknowledged and every resent message exactly once, and loses none, after a SIGKILL", async () => {
    let base = await start();
    const { sessionToken } = await signedInAccount(dataDir, base);
    const { appId, secret } = await appWithKey(base, sessionToken, "Burst");
    const clients: ChatClient[] = [];
    for (let u = 0; u < USERS; u += 1) {
      const userId = `user${u}`;
      clients.push({
        userId,
        token: await chatSession(base, appId, secret, userId),
        keys: Array.from({ length: PER_USER }, (_, i) => `${userId}-${i}`),
        acknowledged: new Map(),
      });
    }
    const [owner, ...members] = clients as [ChatClient, ...ChatClient[]];
    const { channel } = await call<{ channel: { id: string } }>(
      base,
      "POST",
      "/v1/channels",
      { name: "Burst", userIds: members.map((c) => c.userId) },
      owner.token,
    );
    const acknowledgedCount = () => clients.reduce((sum, c) => sum + c.acknowledged.size, 0);

    const burst = Promise.all(clients.map((client) => sendUnacknowledged(base, client, channel.id)));
    await waitFor("a third of the burst", async () => (acknowledgedCount() >= TOTAL / 3 ? true : undefined), {
      timeoutMs: 60_000,
      intervalMs: 5,
    });
    await server?.kill();
    await burst;
    const beforeCrash = new Map(clients.flatMap((c) => [...c.acknowledged]));
    expect(beforeCrash.size).toBeLessThan(TOTAL);

    base = await start();
    // A client that cannot tell whether its last answer arrived sends that message again too: it must get the
    // message already stored back, not a second one.
    const repeats = await Promise.all(
      clients.map(async (client) => {
        const last = [...client.acknowledged.keys()].at(-1);
        if (!last) return null;
        const again = await send(base, client, channel.id, last);
        return { key: last, first: client.acknowledged.get(last), again };
      }),
    );
    await Promise.all(clients.map((client) => sendUnacknowledged(base, client, channel.id)));
    expect(acknowledgedCount()).toBe(TOTAL);

    const rows = await db.sql<{ id: string; seq: number; key: string | null; text: string }>(
      "select id, seq, client_message_id as key, text from messages where channel_id = $1 order by seq",
      [channel.id],
    );
    const allKeys = clients.flatMap((c) => c.keys);
    // Exactly one row per message, none missing, none doubled, none without its key.
    expect(rows.map((row) => row.key).sort()).toEqual([...allKeys].sort());
    expect(rows.every((row) => row.text === `message ${row.key}`)).toBe(true);
    // A send the crash rolled back leaves no gap: the seq is taken in the statement that stores the message.
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: TOTAL }, (_, i) => i + 1));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    for (const [key, stored] of beforeCrash) expect(byKey.get(key), key).toMatchObject(stored);
    for (const client of clients) {
      for (const [key, stored] of client.acknowledged) expect(byKey.get(key), key).toMatchObject(stored);
    }
    for (const repeat of repeats) {
      if (repeat) expect(repeat.again, repeat.key).toEqual(repeat.first);
    }
  });
});
