import Fastify from "fastify";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { lazyRequestLogger } from "../../src/http/request-logger";

/** A server at `level` whose log lines land in `lines`, counting the child loggers pino makes. */
function serverAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const made = { children: 0 };
  const logger = pino(
    { level, onChild: () => (made.children += 1) },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  );
  const server = Fastify({ loggerInstance: logger, childLoggerFactory: lazyRequestLogger });
  server.get("/quiet", async (request) => {
    request.log.info("not at warn");
    return { ok: true };
  });
  server.get("/loud", async (request) => {
    request.log.warn({ detail: 1 }, "worth a line");
    request.log.child({ step: "inner" }).error("from a child");
    return { ok: true };
  });
  server.get("/fails", async () => {
    throw new Error("broken");
  });
  return { server, lines, made };
}

describe("request logger", () => {
  it("makes no child logger for a request that writes no line at the server's level", async () => {
    const { server, lines, made } = serverAt("warn");
    await server.ready();
    const before = made.children;
    const res = await server.inject({ method: "GET", url: "/quiet" });
    expect(res.statusCode).toBe(200);
    expect(lines).toEqual([]);
    expect(made.children).toBe(before);
  });

  it("writes a request's lines with its request id, its own children's too, and a failure's", async () => {
    const { server, lines } = serverAt("warn");
    const loud = await server.inject({ method: "GET", url: "/loud" });
    const failed = await server.inject({ method: "GET", url: "/fails" });
    expect(failed.statusCode).toBe(500);
    const loudId = lines.find((l) => l.msg === "worth a line")?.reqId;
    expect(loudId).toEqual(expect.any(String));
    expect(lines.find((l) => l.msg === "from a child")).toMatchObject({ reqId: loudId, step: "inner", level: 50 });
    expect(lines.find((l) => l.msg === "worth a line")).toMatchObject({ detail: 1, level: 40 });
    expect(lines.find((l) => (l.err as { message?: string } | undefined)?.message === "broken")?.reqId).toEqual(
      expect.any(String),
    );
    expect(loud.statusCode).toBe(200);
  });

  it("writes Fastify's own request lines with the request id at info", async () => {
    const { server, lines } = serverAt("info");
    await server.inject({ method: "GET", url: "/quiet" });
    const ids = new Set(lines.map((l) => l.reqId));
    expect(lines.map((l) => l.msg)).toEqual(["incoming request", "not at warn", "request completed"]);
    expect(ids.size).toBe(1);
    expect([...ids][0]).toEqual(expect.any(String));
  });
});
