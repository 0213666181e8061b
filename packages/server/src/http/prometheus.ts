import { timingSafeEqual } from "node:crypto";
import { Errors } from "@parley/contract";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { AppError } from "../errors";
import type { Jobs } from "../jobs/runtime";
import { bearerToken } from "./authenticate";

export const METRICS_PATH = "/metrics";

export interface Observability {
  /** Counts a webhook delivery attempt that did not succeed. */
  webhookFailed(): void;
}

function sameToken(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics of this process at `/metrics`, for a scraper that presents the configured token: request
 * latency by route, open WebSockets, job queue depth (read from the shared queue, so every process reports the same),
 * failed webhook attempts, and the Node process's own figures. Without a token configured the path is not served.
 */
export function registerPrometheus(
  server: FastifyInstance,
  options: { token: string | null; jobs: () => Jobs; webSockets: () => number },
): Observability {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: "parley_http_request_duration_seconds",
    help: "Time from request to answer, by route template and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: "parley_websocket_connections",
    help: "WebSocket connections open on this process.",
    registers: [registry],
    collect() {
      this.set(options.webSockets());
    },
  });
  new Gauge({
    name: "parley_job_queue_depth",
    help: "Jobs waiting or running, per queue.",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, state, count } of await options.jobs().depth()) this.set({ queue, state }, count);
    },
  });
  const webhookFailures = new Counter({
    name: "parley_webhook_failed_attempts_total",
    help: "Webhook delivery attempts that did not get a 2xx answer.",
    registers: [registry],
  });

  server.addHook("onResponse", (request, reply, done) => {
    // Unmatched paths share one label, so a scan of random URLs cannot grow the series without end.
    const route = request.routeOptions.url ?? "unmatched";
    if (route !== METRICS_PATH) {
      latency.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    }
    done();
  });

  const { token } = options;
  if (token) {
    server.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!sameToken(bearerToken(request), token)) throw new AppError(Errors.METRICS_TOKEN_INVALID);
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  }
  return { webhookFailed: () => webhookFailures.inc() };
}
