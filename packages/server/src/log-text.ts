const LEVEL_NAMES: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO",
  40: "WARN",
  50: "ERROR",
  60: "FATAL",
};

/** Fields every line carries or that the line's own shape already shows. */
const SHOWN_APART = new Set(["level", "time", "pid", "hostname", "msg", "reqId", "req", "res", "responseTime", "err"]);

function clock(time: unknown): string {
  const date = typeof time === "number" ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function valueText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** One JSON log line as a person reads it: `14:03:07 WARN  message GET /x 200 3.1 ms key=value (request id)`. */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line.endsWith("\n") ? line : `${line}\n`;
  }
  const level = LEVEL_NAMES[entry.level as number] ?? String(entry.level);
  const parts = [clock(entry.time), level.padEnd(5), String(entry.msg ?? "")];
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ""}`);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === "number") parts.push(`${entry.responseTime.toFixed(1)} ms`);
  for (const [key, value] of Object.entries(entry)) {
    if (!SHOWN_APART.has(key) && value !== undefined) parts.push(`${key}=${valueText(value)}`);
  }
  if (typeof entry.reqId === "string") parts.push(`(${entry.reqId})`);
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const detail = err ? `\n${(err.stack ?? err.message ?? "").replace(/^/gm, "    ")}` : "";
  return `${parts.filter(Boolean).join(" ")}${detail}\n`;
}

/** A destination for the server's logger that writes each line as text, for a person at a terminal. */
export function textLogStream(out: { write(text: string): unknown } = process.stdout): { write(line: string): void } {
  return {
    write(line: string) {
      out.write(formatLogLine(line));
    },
  };
}
