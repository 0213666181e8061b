import http from "node:http";
import type { AddressInfo } from "node:net";
import { WEBHOOK_RETRY_DELAYS_SECONDS } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appWithKey,
  call,
  chatSession,
  createDataDir,
  createScratchDatabase,
  PORTS,
  removeDir,
  runJob,
  type ScratchDatabase,
  type ServerProcess,
  setClock,
  signedInAccount,
  startServer,
  waitFor,
} from "./support";

const PORT = PORTS.webhookCrash;
const MESSAGES = 20;

interface Received {
  webhookId: string;
  eventId: string;
  status: number;
}

/**
 * The app's webhook endpoint: answers 500 while `failing` (a receiver that is down), 200 after; records every
 * request with the event it carried and the status it got.
 */
async function startFlakyReceiver() {
  const state = { failing: true };
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const payload = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { data: { event: { id: string } } };
      const status = state.failing ? 500 : 200;
      received.push({ webhookId: String(req.headers["webhook-id"]), eventId: payload.data.event.id, status });
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(status === 200 ? "ok" : "down");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    state,
    received,
    /** Attempts per event id so far. */
    attemptsByEvent() {
      const counts = new Map<string, number>();
      for (const r of received) counts.set(r.eventId, (counts.get(r.eventId) ?? 0) + 1);
      return counts;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let db: ScratchDatabase;
let dataDir: string;
let server: ServerProcess | null = null;
let receiver: Awaited<ReturnType<typeof startFlakyReceiver>>;

/** Loopback must be allowed for the receiver; the testing endpoints let the test move past the long retry delays. */
async function start(): Promise<string> {
  server = await startServer({
    port: PORT,
    databaseUrl: db.url,
    dataDir,
    env: { TESTING_ENDPOINTS: "true", OUTBOUND_ALLOWED_NETWORKS: "127.0.0.0/8" },
  });
  return server.base;
}

beforeAll(async () => {
  dataDir = await createDataDir("parley-webhook-crash");
  db = await createScratchDatabase("parley_webhook_crash");
  receiver = await startFlakyReceiver();
});

afterAll(async () => {
  await server?.kill();
  await receiver?.close();
  await db?.drop();
  await removeDir(dataDir);
});

describe("webhook deliveries pending retry when the process is killed", () => {
  it("delivers every webhook event at least once with the same id after a SIGKILL", async () => {
    const base = await start();
    const { sessionToken } = await signedInAccount(dataDir, base);
    const { appId, secret } = await appWithKey(base, sessionToken, "Hooks");
    await call(
      base,
      "PUT",
      `/api/apps/${appId}/webhook/settings`,
      { url: receiver.url, events: ["message.created"] },
      sessionToken,
    );
    await call(base, "PUT", `/api/apps/${appId}/webhook/enabled`, { enabled: true }, sessionToken);
    const kim = await chatSession(base, appId, secret, "kim");
    const lee = await chatSession(base, appId, secret, "lee");
    const { channel } = await call<{ channel: { id: string } }>(
      base,
      "POST",
      "/v1/channels",
      { name: "Hooks", userIds: ["lee"] },
      kim,
    );
    const acknowledged: string[] = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      const { message } = await call<{ message: { id: string } }>(
        base,
        "POST",
        `/v1/channels/${channel.id}/messages`,
        { text: `event ${i}` },
        i % 2 === 0 ? kim : lee,
      );
      acknowledged.push(message.id);
    }

    // Every event's first attempt fails; the first retry comes a few seconds later and fails too, after which the
    // next one is minutes away. The process dies once half the events are in that long wait, the rest in the short.
    await waitFor(
      "the first retries",
      async () => {
        const counts = receiver.attemptsByEvent();
        const retried = [...counts.values()].filter((n) => n >= 2).length;
        return counts.size === MESSAGES && retried >= MESSAGES / 2 ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 20 },
    );
    await server?.kill();
    const atKill = await db.sql<{ status: string; attempts: number }>(
      "select status, attempt_count as attempts from webhook_deliveries where app_id = $1",
      [appId],
    );
    expect(atKill).toHaveLength(MESSAGES);
    expect(atKill.every((row) => row.status === "pending" && row.attempts >= 1)).toBe(true);

    receiver.state.failing = false;
    const restarted = await start();
    // Past the longest wait any delivery can be in after two failures, and past the sweep's grace period.
    const beyond = (WEBHOOK_RETRY_DELAYS_SECONDS[1] + 300) * 1000;
    await setClock(restarted, new Date(Date.now() + beyond).toISOString());
    await runJob(restarted, "events.dispatch");
    await runJob(restarted, "webhooks.sweep");
    await waitFor(
      "every delivery to succeed",
      async () => {
        const [row] = await db.sql<{ open: number }>(
          "select count(*)::int as open from webhook_deliveries where app_id = $1 and status <> 'succeeded'",
          [appId],
        );
        return row?.open === 0 ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );

    const stored = await db.sql<{ id: string }>(
      "select id::text as id from chat_events where app_id = $1 and type = 'message.created' order by id",
      [appId],
    );
    expect(stored).toHaveLength(acknowledged.length);
    const byEvent = new Map<string, Received[]>();
    for (const r of receiver.received) byEvent.set(r.eventId, [...(byEvent.get(r.eventId) ?? []), r]);
    expect([...byEvent.keys()].sort()).toEqual(stored.map((row) => row.id).sort());
    for (const [eventId, requests] of byEvent) {
      expect(
        requests.some((r) => r.status === 200),
        `event ${eventId} delivered`,
      ).toBe(true);
      expect(new Set(requests.map((r) => r.webhookId)).size, `event ${eventId} under one webhook-id`).toBe(1);
    }
    const ids = [...byEvent.values()].map((requests) => requests[0]?.webhookId);
    expect(new Set(ids).size).toBe(MESSAGES);
  });
});
