import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** How the receiver answers one request: a status and body, or `hang` to never answer. */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | "hang";

/**
 * A webhook endpoint on 127.0.0.1 that records every request to its URL and answers from a script (200 once it runs
 * out), as a customer's server would.
 *
 * The URL's path is random and requests to any other path get 404 and are not recorded: the port was free when the
 * receiver took it, but another process's client may still be calling whoever held it before (a server that a test
 * stopped, a port a test chose because it was closed), and such a call must not count as a delivery.
 */
export async function startReceiver() {
  const requests: ReceivedWebhook[] = [];
  const script: Answer[] = [];
  const waiters = new Set<() => void>();
  const path = `/hooks/${randomBytes(8).toString("hex")}`;
  const ours = (url: string) => url === path || url.startsWith(`${path}/`) || url.startsWith(`${path}?`);

  const server = http.createServer((req, res) => {
    if (!ours(req.url ?? "")) {
      req.resume();
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      requests.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      for (const wake of waiters) wake();
      const answer = script.shift() ?? { status: 200, body: "ok" };
      if (answer === "hang") return;
      res.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
      res.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    requests,
    /** Queues the answers to the next requests, in order. */
    answer(...answers: Answer[]) {
      script.push(...answers);
    },
    /** Resolves once `count` requests have arrived; fails after a bounded wait. */
    async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} webhook requests, got ${requests.length}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
      return requests.slice(0, count);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A port on 127.0.0.1 that nothing listens on: connections to it are refused. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
