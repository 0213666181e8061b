import { describe, expect, it } from "vitest";
import { formatLogLine } from "./log-text";

describe("text log lines", () => {
  it("shows the level, the message and a request's method, path, status and time on one line", () => {
    const line = formatLogLine(
      JSON.stringify({
        level: 30,
        time: Date.UTC(2026, 0, 1, 12, 0, 0),
        pid: 1,
        hostname: "h",
        reqId: "req-1",
        res: { statusCode: 201 },
        req: { method: "POST", url: "/api/apps" },
        responseTime: 3.14,
        msg: "request completed",
      }),
    );
    expect(line).toMatch(/^\d\d:\d\d:\d\d INFO {2}request completed POST \/api\/apps 201 3\.1 ms \(req-1\)\n$/);
  });

  it("puts an error's stack under its line and other fields as key=value", () => {
    const line = formatLogLine(
      JSON.stringify({ level: 50, time: 0, msg: "job failed", job: "mail.send", err: { stack: "Error: no\n  at x" } }),
    );
    expect(line).toContain("ERROR job failed job=mail.send\n    Error: no\n      at x\n");
  });
});
