import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { webhookDeliveries } from "../../src/db/schema";
import { createChatApp } from "../factories";
import { startTestApp, type TestApp } from "../harness";

const TOKEN = "metrics-token-0123456789";
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t?.close());

async function scrape(token = TOKEN) {
  return t.server.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${token}` } });
}

/** The value of one series in the exposition text, e.g. `parley_websocket_connections`. */
function value(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  if (!line) throw new Error(`no series ${series}`);
  return Number(line.slice(series.length + 1));
}

describe("/metrics", () => {
  it("answers 007 without the configured token or with another one", async () => {
    expect((await t.server.inject({ method: "GET", url: "/metrics" })).json().code).toBe("007");
    const wrong = await scrape("metrics-token-9876543210");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("007");
  });

  it("reports request latency by route template, not by concrete URL", async () => {
    const chat = await createChatApp(t);
    await t.server.inject({ method: "GET", url: `/api/apps/${chat.appId}`, headers: chat.dashboardAuth });
    const text = (await scrape()).body;
    expect(text).toContain(
      'parley_http_request_duration_seconds_count{method="GET",route="/api/apps/:id",status="200"}',
    );
    expect(text).not.toContain(chat.appId);
  });

  it("counts open WebSockets, job queue depth and failed webhook attempts", async () => {
    await t.server.listen({ port: 0, host: "127.0.0.1" });
    const address = t.server.server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    const chat = await createChatApp(t);
    const kim = await chat.user("kim");
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/v1/ws`);
    await new Promise((resolve) => socket.once("open", resolve));
    const ready = new Promise((resolve) => socket.once("message", resolve));
    socket.send(JSON.stringify({ type: "auth", token: kim.sessionToken }));
    await ready;
    expect(value((await scrape()).body, "parley_websocket_connections")).toBe(1);
    socket.close();

    expect((await scrape()).body).toContain("# TYPE parley_job_queue_depth gauge");

    const before = value((await scrape()).body, "parley_webhook_failed_attempts_total");
    // A delivery for an app with no webhook URL fails its attempt.
    await t.ctx.database.db.insert(webhookDeliveries).values({
      id: "msg_metrics_test",
      appId: chat.appId,
      eventType: "message.created",
      payload: {} as never,
      status: "pending",
      nextAttemptAt: new Date(0),
      createdAt: t.clock.now(),
    });
    await t.services.webhooks.deliver("msg_metrics_test");
    expect(value((await scrape()).body, "parley_webhook_failed_attempts_total")).toBe(before + 1);
  });
});

describe("parley_job_queue_depth", () => {
  it("reports 0 waiting and 0 active for every known queue while the queues are empty", async () => {
    // Queues no test here sends to; none has a job.
    const text = (await scrape()).body;
    for (const queue of ["exports.run", "calls.ring-timeout", "notice.campaign-run"]) {
      for (const state of ["waiting", "active"]) {
        expect(value(text, `parley_job_queue_depth{queue="${queue}",state="${state}"}`), `${queue} ${state}`).toBe(0);
      }
    }
  });
});

describe("/metrics without a token configured", () => {
  it("is not served: the path falls through to the web app", async () => {
    const plain = await startTestApp();
    try {
      const res = await plain.server.inject({ method: "GET", url: "/metrics", headers: { authorization: "Bearer x" } });
      expect(res.body).not.toContain("parley_http_request_duration_seconds");
      expect(res.headers["content-type"]).not.toContain("openmetrics");
    } finally {
      await plain.close();
    }
  });
});
