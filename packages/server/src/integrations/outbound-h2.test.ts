import http2 from "node:http2";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboundGuard, OutboundError } from "./outbound";

describe("outbound guard over HTTP/2", () => {
  const seen: { path: string; method: string; body: string }[] = [];
  let sessions = 0;
  let server: http2.Http2Server;
  let url = "";

  beforeAll(async () => {
    server = http2.createServer();
    server.on("session", () => {
      sessions += 1;
    });
    server.on("stream", (stream, headers) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const path = String(headers[":path"]);
        seen.push({ path, method: String(headers[":method"]), body: Buffer.concat(chunks).toString("utf8") });
        // The stream is left open: the caller's time-out must end it.
        if (path === "/hang") return;
        stream.respond({ ":status": path === "/missing" ? 404 : 200, "x-answer": "yes" });
        stream.end(path === "/big" ? "x".repeat(10_000) : "ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const allowed = () => createOutboundGuard({ allowedNetworks: ["127.0.0.0/8"] });
  const post = (guard: ReturnType<typeof createOutboundGuard>, path: string, timeoutMs = 2_000) =>
    guard.http2Request({ url: `${url}${path}`, method: "POST", body: "{}", timeoutMs, maxBodyBytes: 100 });

  it("refuses loopback unless allowed, without connecting", async () => {
    const guard = createOutboundGuard({ allowedNetworks: [] });
    const before = sessions;
    await expect(post(guard, "/refused")).rejects.toMatchObject({ kind: "refused" });
    expect(sessions).toBe(before);
    guard.close();
  });

  it("sends method, path and body, answers status, headers and body, and keeps one session for many calls", async () => {
    const guard = allowed();
    const before = sessions;
    const answers = await Promise.all([post(guard, "/a"), post(guard, "/b"), post(guard, "/missing")]);
    expect(answers.map((a) => [a.status, a.body, a.headers["x-answer"]])).toEqual([
      [200, "ok", "yes"],
      [200, "ok", "yes"],
      [404, "ok", "yes"],
    ]);
    expect(await post(guard, "/c")).toMatchObject({ status: 200 });
    expect(sessions - before).toBe(1);
    expect(seen.find((s) => s.path === "/a")).toEqual({ path: "/a", method: "POST", body: "{}" });
    guard.close();
  });

  it("reads no more of an answer than asked", async () => {
    const guard = allowed();
    expect((await post(guard, "/big")).body).toBe("x".repeat(100));
    guard.close();
  });

  it("opens a new session once the kept one is gone", async () => {
    const guard = allowed();
    const before = sessions;
    await post(guard, "/first");
    guard.close();
    await post(guard, "/second");
    expect(sessions - before).toBe(2);
    guard.close();
  });

  it("reports no answer in time as a timeout, and a closed port as a network failure in fixed words", async () => {
    const guard = allowed();
    const late = await post(guard, "/hang", 200).catch((err: unknown) => err);
    expect(late).toBeInstanceOf(OutboundError);
    expect(late).toMatchObject({ kind: "timeout", reason: "no answer within 200 ms", httpStatus: null });

    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = await guard
      .http2Request({ url: `http://127.0.0.1:${port}/`, method: "POST", timeoutMs: 2_000, maxBodyBytes: 100 })
      .catch((err: unknown) => err);
    expect(refused).toMatchObject({ kind: "network", reason: "connection refused" });
    guard.close();
  });
});
