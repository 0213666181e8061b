import path from "node:path";
import type { Config } from "./config";

/** Where a database URL points, without its user name or password. */
function databaseAddress(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.host}${url.pathname}`;
}

/**
 * What `npm start` prints for the person who ran it, when standard output is a terminal: the address to open, where
 * the data lives, where outgoing mail goes and how to see more. A log collector gets the same facts as a JSON line.
 */
export function formatBanner(options: {
  url: string;
  config: Pick<Config, "databaseUrl" | "dataDir" | "smtpUrl" | "mailDir" | "logRequests">;
}): string {
  const { url, config } = options;
  const rows: [string, string][] = [
    [
      "Database",
      config.databaseUrl
        ? `PostgreSQL at ${databaseAddress(config.databaseUrl)}`
        : `embedded, in ${path.join(config.dataDir, "db")}`,
    ],
    ["Data", `${config.dataDir} (uploaded files${config.databaseUrl ? "" : ", the database"})`],
    [
      "Mail",
      config.smtpUrl
        ? `sent through ${new URL(config.smtpUrl).protocol}//${new URL(config.smtpUrl).host}`
        : `not sent: each message is written to ${config.mailDir}`,
    ],
    [
      "Logs",
      config.logRequests
        ? "every request, and what the server does"
        : "what the server does and what goes wrong; LOG_LEVEL=info adds a line per request",
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    "",
    `  Parley is running at ${url}`,
    "",
    ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
    "",
    "  Stop it with Ctrl+C.",
    "",
    "",
  ].join("\n");
}
