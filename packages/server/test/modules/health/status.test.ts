import net from "node:net";
import type { TServiceStatus } from "@parley/contract";
import { afterEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp | null = null;

afterEach(async () => {
  await t?.close();
  t = null;
});

/** A local port nothing listens on: an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("GET /api/status", () => {
  it("reports each component up to anyone, without naming the software behind it", async () => {
    t = await startTestApp();
    const res = await t.server.inject({ method: "GET", url: "/api/status" });
    expect(res.statusCode).toBe(200);
    const body = res.json<TServiceStatus>();
    expect(body.status).toBe("operational");
    expect(body.components).toEqual([
      { id: "api", status: "up" },
      { id: "chat", status: "up" },
      { id: "database", status: "up" },
      { id: "jobs", status: "up" },
      { id: "mail", status: "up" },
    ]);
    expect(body.incidents).toEqual([]);
    expect(res.body).not.toMatch(/pglite|postgres|redis|smtp|pg-boss/i);
  });

  it("reports mail down, with its incident, while the SMTP server does not answer, and still answers 200", async () => {
    t = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
    const res = await t.server.inject({ method: "GET", url: "/api/status" });
    expect(res.statusCode).toBe(200);
    const body = res.json<TServiceStatus>();
    expect(body.status).toBe("degraded");
    expect(body.components.find((c) => c.id === "mail")).toEqual({ id: "mail", status: "down" });
    expect(body.components.filter((c) => c.status === "down")).toHaveLength(1);
    expect(body.incidents).toEqual([{ component: "mail", startedAt: body.checkedAt, endedAt: null }]);
    expect(res.body).not.toContain("127.0.0.1");
  });
});
