import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One request as the receiver saw it, and whether the Standard Webhooks library verified it. */
export interface Received {
  isVerified: boolean;
  error: string | null;
  headers: http.IncomingHttpHeaders;
  payload: unknown;
}

/**
 * The sample receiver of the CLI's docs: an app's local webhook endpoint that verifies each request with the
 * `standardwebhooks` library and the secret `parley listen` printed, answering 204 when it verifies and 401 when not.
 */
export async function startVerifyingReceiver(secret: () => string) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const payload = new Webhook(secret()).verify(body, {
          "webhook-id": String(req.headers["webhook-id"]),
          "webhook-timestamp": String(req.headers["webhook-timestamp"]),
          "webhook-signature": String(req.headers["webhook-signature"]),
        });
        received.push({ isVerified: true, error: null, headers: req.headers, payload });
        res.writeHead(204).end();
      } catch (err) {
        received.push({ isVerified: false, error: String(err), headers: req.headers, payload: JSON.parse(body) });
        res.writeHead(401).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
