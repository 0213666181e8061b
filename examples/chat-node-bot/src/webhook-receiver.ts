import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { say } from "./say";

/** A delivery that passed verification: the event as Parley sent it, and the id a repeat carries again. */
export interface VerifiedDelivery {
  id: string;
  event: { type?: string } & Record<string, unknown>;
}

export interface RunningReceiver {
  port: number;
  close(): Promise<void>;
}

/** The most a delivery's body may be: Parley's deliveries are far smaller, and a receiver must not buffer any size. */
const MAX_BODY_BYTES = 1_048_576;

/**
 * Receives the app's webhooks at `POST /webhooks` and checks each one's signature with the Standard Webhooks
 * library before trusting it: the `webhook-signature` header signs the id, the timestamp and the raw body with the
 * app's secret, and a timestamp more than five minutes off is refused, so a captured delivery cannot be replayed.
 * A delivery that fails verification answers 400 and is not handed on. A repeat (same `webhook-id`, after a
 * timed-out answer) is answered 204 again and handed on once.
 */
export async function startWebhookReceiver(
  options: { port: number; secret: string; host?: string },
  onDelivery: (delivery: VerifiedDelivery) => void,
  log: (line: string) => void = say,
): Promise<RunningReceiver> {
  const verifier = new Webhook(options.secret);
  const seen = new Set<string>();
  const server = http.createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/webhooks") {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        response.writeHead(413).end();
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => {
      if (response.writableEnded) return;
      const body = Buffer.concat(chunks).toString("utf8");
      let event: VerifiedDelivery["event"];
      try {
        event = verifier.verify(body, {
          "webhook-id": String(request.headers["webhook-id"] ?? ""),
          "webhook-timestamp": String(request.headers["webhook-timestamp"] ?? ""),
          "webhook-signature": String(request.headers["webhook-signature"] ?? ""),
        }) as VerifiedDelivery["event"];
      } catch (err) {
        log(`refused a webhook: ${err instanceof WebhookVerificationError ? err.message : String(err)}`);
        response.writeHead(400).end();
        return;
      }
      const id = String(request.headers["webhook-id"]);
      response.writeHead(204).end();
      if (seen.has(id)) return;
      seen.add(id);
      log(`webhook ${id}: ${event.type ?? "event"}`);
      onDelivery({ id, event });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
