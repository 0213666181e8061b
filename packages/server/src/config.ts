import fs from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RATE_LIMIT_PER_SECOND, RATE_LIMIT_SERVER_PER_SECOND } from "@parley/contract";
import { z } from "zod";

/**
 * The nearest folder at or above `from` whose package.json declares workspaces: the checkout's root. A relative
 * DATA_DIR or WEB_DIST_DIR is taken from there, because npm runs a workspace's scripts in the workspace's folder
 * (`npm run cli -w @parley/api-server` in packages/server) and `./data` taken from the working directory made the CLI
 * open a second, empty database. Null outside a checkout.
 */
export function findProjectRoot(from: string): string | null {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    try {
      const manifest: unknown = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
      if (typeof manifest === "object" && manifest !== null && "workspaces" in manifest) return dir;
    } catch {
      // No package.json here (or not JSON): look further up.
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/** Where relative paths in the settings start: the checkout's root, or the working directory outside one. */
const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url))) ?? process.cwd();

const blankIsUnset = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalUrl = z.preprocess(blankIsUnset, z.url().optional());

/** An IPv4 or IPv6 address, a slash and a prefix length the family has room for: `10.0.0.0/8`, `fd00::/8`. */
function isCidr(value: string): boolean {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(value);
  if (!match) return false;
  const family = isIP(match[1] ?? "");
  return family !== 0 && Number(match[2]) <= (family === 4 ? 32 : 128);
}

/**
 * One entry of a TRUST_PROXY list as Fastify's proxy-addr takes it: an address, a CIDR range, an address with a
 * netmask (`10.0.0.0/255.0.0.0`), or one of its names for a family of ranges. Checked here because proxy-addr throws
 * its own stack trace at start-up for anything else, without naming the setting.
 */
function isTrustedProxy(value: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(value) || isIP(value) !== 0 || isCidr(value)) return true;
  const [address = "", mask = "", ...rest] = value.split("/");
  return rest.length === 0 && isIP(address) === 4 && isIP(mask) === 4;
}

const bool = z.preprocess(
  blankIsUnset,
  z
    .enum(["true", "false", "1", "0"])
    .transform((v) => v === "true" || v === "1")
    .optional(),
);

/** The base64 of 32 bytes (`openssl rand -base64 32`): an AES-256 key. */
const secretsKey = z.preprocess(
  blankIsUnset,
  z
    .string()
    .refine(
      (value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, "base64").length === 32,
      "must be the base64 of 32 bytes (openssl rand -base64 32)",
    )
    .optional(),
);

/** Comma-separated CIDR ranges; undefined when unset, so a deprecated alias can stand in. */
const cidrList = z.preprocess(
  blankIsUnset,
  z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .superRefine((parts, check) => {
      const bad = parts.find((part) => !isCidr(part));
      if (bad !== undefined) check.addIssue({ code: "custom", message: `expected CIDR ranges, got "${bad}"` });
    })
    .optional(),
);

/**
 * Every setting of the server, read once from the environment. The names and defaults here are the
 * configuration table of the README; keep the two in step.
 */
export const envSchema = z.object({
  PORT: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalUrl,
  /**
   * Connections each process keeps open to PostgreSQL at most. Every process (and every CLI run) holds its own
   * pool, so processes times this must stay under the server's `max_connections`. Unused on the embedded database.
   */
  DATABASE_POOL_SIZE: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(1000).default(10)),
  SMTP_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default("Parley <no-reply@parley.localhost>"),
  /** Where the public site's contact form inquiries are mailed. */
  SALES_EMAIL: z.preprocess(blankIsUnset, z.email().default("sales@parley.localhost")),
  WEB_DIST_DIR: z.string().min(1).default("packages/web/dist"),
  /** Unset: `info`, with request lines only in JSON logs; set, the level asked for, request lines included. */
  LOG_LEVEL: z.preprocess(
    blankIsUnset,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  ),
  /**
   * `json` (one JSON object a line, for a log collector) or `text` (short lines for a person). Unset: text when
   * standard output is a terminal, JSON otherwise.
   */
  LOG_FORMAT: z.preprocess(blankIsUnset, z.enum(["json", "text"]).optional()),
  JOBS_ENABLED: bool.default(true),
  FILE_RETENTION_DAYS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(3650).default(365)),
  /**
   * How long chat events are kept for `GET /v1/events`; the daily `events.prune` job removes older ones, and a cursor
   * older than what is kept answers 3140. See docs/decisions/0260-event-retention.md.
   */
  EVENT_RETENTION_DAYS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(3650).default(14)),
  JOB_POLL_SECONDS: z.preprocess(blankIsUnset, z.coerce.number().min(0.5).max(60).default(2)),
  /** How often a process that runs jobs merges the message search index's pending entries; 0 never (see decisions). */
  SEARCH_MERGE_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(600_000).default(1000)),
  /** How long a call rings unanswered before it is missed. */
  CALL_RING_SECONDS: z.preprocess(blankIsUnset, z.coerce.number().int().min(5).max(600).default(45)),
  /** How long fetching a linked page for its preview may take, redirects included, before it is given up. */
  LINK_PREVIEW_TIMEOUT_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(100).max(30_000).default(5000)),
  /**
   * The ffmpeg binary that reads a video's length and poster frame (ffprobe is looked for beside it); where it is
   * absent, videos are stored without them.
   */
  FFMPEG_PATH: z.preprocess(blankIsUnset, z.string().min(1).default("ffmpeg")),
  /** The longest a WebSocket frame waits so that frames to the same connection leave in one write. */
  WS_WRITE_WINDOW_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(1000).default(25)),
  /** How often the gateway pings each socket; one that has not answered the previous ping by then is cut. */
  WS_HEARTBEAT_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(50).max(600_000).default(30_000)),
  /**
   * WebSockets one chat user may hold open on one process; the one past the cap is refused (008, close code 4008).
   * Ten covers a user's tabs and devices; the cap stops one credential from holding a process's memory.
   */
  WS_MAX_CONNECTIONS_PER_CHAT_USER: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(1000).default(10)),
  /** WebSockets one dashboard session may hold open on one process, as for a chat user. */
  WS_MAX_CONNECTIONS_PER_DASHBOARD_SESSION: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(1).max(1000).default(10),
  ),
  /**
   * How long a process holds a bulk message's send without renewing it. Renewed after every batch of recipients;
   * when a process dies, another takes the send over after this long.
   */
  CAMPAIGN_LEASE_SECONDS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(3600).default(60)),
  /** Recipients a bulk message send stores per transaction. */
  CAMPAIGN_BATCH_SIZE: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(1000).default(1000)),
  /**
   * How long a process holds a data export's job without renewing it (renewed as it writes); when a process dies,
   * the minute's sweep gives the export to another after this long, and it goes on from its last written page.
   */
  EXPORT_LEASE_SECONDS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(3600).default(60)),
  /** Rows a data export reads and writes per page: the unit of its progress and of what a crash makes it redo. */
  EXPORT_PAGE_ROWS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(100_000).default(5000)),
  /**
   * Rows a data import writes per transaction: the unit of its progress and of what a pause waits for. Its lease is
   * the export's (`EXPORT_LEASE_SECONDS`).
   */
  IMPORT_PAGE_ROWS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(100_000).default(5000)),
  /**
   * The secret a cloud marketplace signs its signup tokens with (HMAC-SHA256). Unset, marketplace signup is off:
   * every token is refused (9003).
   */
  MARKETPLACE_SECRET: z.preprocess(blankIsUnset, z.string().min(16).optional()),
  /** Requests a second per account (dashboard API) and per chat user (chat API); 0 turns the limit off. */
  RATE_LIMIT_PER_SECOND: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(0).max(100_000).default(RATE_LIMIT_PER_SECOND),
  ),
  /**
   * Requests a second per app for calls made with its API key (server to server) on the chat API. Off with the rest
   * when `RATE_LIMIT_PER_SECOND` is 0.
   */
  RATE_LIMIT_SERVER_PER_SECOND: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(1).max(100_000).default(RATE_LIMIT_SERVER_PER_SECOND),
  ),
  /**
   * How long a process reuses a session, an app and its month's message count it has read before reading them
   * again. Changes made through this process apply at once; through another process, within this long. 0 reads
   * every time.
   */
  READ_CACHE_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(60_000).default(1000)),
  /**
   * Whom to believe about the client's address (`X-Forwarded-For`): `true` for any proxy, a hop count, or
   * comma-separated proxy addresses or CIDR ranges. Behind a load balancer, set it, or every client shares the
   * balancer's address (and its rate limit before signing in).
   */
  TRUST_PROXY: z.preprocess(
    blankIsUnset,
    z
      .string()
      .default("false")
      .transform((v): boolean | number | string[] =>
        v === "true" ? true : v === "false" ? false : /^\d+$/.test(v) ? Number(v) : v.split(",").map((p) => p.trim()),
      )
      .superRefine((value, check) => {
        const bad = Array.isArray(value) ? value.find((entry) => !isTrustedProxy(entry)) : undefined;
        if (bad !== undefined) {
          check.addIssue({
            code: "custom",
            message: `expected true, false, a hop count, or comma-separated proxy addresses or CIDR ranges, got "${bad}"`,
          });
        }
      }),
  ),
  /**
   * How long a client has to send a whole request, body included, and its headers, from the request's first byte;
   * past either the server answers 408 and closes the connection, so half-sent requests cannot hold its sockets.
   * WebSockets are past their request once upgraded and are not cut. See docs/decisions/0246-http-time-outs.md.
   */
  HTTP_REQUEST_TIMEOUT_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(100).max(3_600_000).default(120_000)),
  HTTP_HEADERS_TIMEOUT_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(100).max(3_600_000).default(15_000)),
  /** How long an idle keep-alive connection stays open; longer than a balancer's own idle time-out (60 s). */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(100).max(3_600_000).default(72_000),
  ),
  /** The bearer token `/metrics` asks for. Unset, `/metrics` is not served. */
  METRICS_TOKEN: z.preprocess(blankIsUnset, z.string().min(16).optional()),
  /** The key that seals stored signing secrets (integrations/secret-box.ts); unset, a key file in DATA_DIR. */
  SECRETS_KEY: secretsKey,
  /** The key before the last change of SECRETS_KEY, still opening what it sealed until start-up seals it again. */
  SECRETS_KEY_PREVIOUS: secretsKey,
  /** Browser tests only: lets HTTP calls move the server's clock and run jobs. Never in production. */
  TESTING_ENDPOINTS: bool.default(false),
  FCM_BASE_URL: z.preprocess(blankIsUnset, z.url().default("https://fcm.googleapis.com")),
  /** Overrides the `token_uri` of FCM service-account files (where access tokens are fetched). */
  FCM_OAUTH_TOKEN_URL: optionalUrl,
  /**
   * Where APNs notifications go, one URL per environment, since an app's key says which of Apple's two gateways its
   * device tokens belong to. Changed only to point at a stand-in, which may speak HTTP/2 in the clear (`http:`).
   */
  APNS_SANDBOX_BASE_URL: z.preprocess(blankIsUnset, z.url().default("https://api.sandbox.push.apple.com")),
  APNS_PRODUCTION_BASE_URL: z.preprocess(blankIsUnset, z.url().default("https://api.push.apple.com")),
  TRANSLATE_BASE_URL: z.preprocess(blankIsUnset, z.url().default("https://translation.googleapis.com")),
  /**
   * CIDR ranges, comma-separated, that outbound calls made for customers (webhooks, FCM, APNs, translation) may reach
   * although the outbound guard refuses them (private, loopback, link-local, reserved, this host's addresses).
   */
  OUTBOUND_ALLOWED_NETWORKS: cidrList,
  /** The former name of OUTBOUND_ALLOWED_NETWORKS, still read when that one is unset. */
  WEBHOOK_ALLOWED_NETWORKS: cidrList,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  smtpUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  mailFrom: string;
  salesEmail: string;
  mailDir: string;
  webDistDir: string;
  logLevel: NonNullable<z.infer<typeof envSchema>["LOG_LEVEL"]>;
  logFormat: "json" | "text";
  /** Whether every request writes its lines at `info`: in JSON logs always, in text logs when LOG_LEVEL asks. */
  logRequests: boolean;
  jobsEnabled: boolean;
  jobPollSeconds: number;
  searchMergeMs: number;
  wsWriteWindowMs: number;
  wsHeartbeatMs: number;
  wsMaxConnectionsPerChatUser: number;
  wsMaxConnectionsPerDashboardSession: number;
  campaignLeaseSeconds: number;
  campaignBatchSize: number;
  exportLeaseSeconds: number;
  exportPageRows: number;
  importPageRows: number;
  marketplaceSecret: string | null;
  rateLimitPerSecond: number;
  rateLimitServerPerSecond: number;
  readCacheMs: number;
  trustProxy: boolean | number | string[];
  httpRequestTimeoutMs: number;
  httpHeadersTimeoutMs: number;
  httpKeepAliveTimeoutMs: number;
  metricsToken: string | null;
  secretsKey: string | undefined;
  secretsKeyPrevious: string | undefined;
  fileRetentionDays: number;
  eventRetentionDays: number;
  callRingSeconds: number;
  linkPreviewTimeoutMs: number;
  ffmpegPath: string;
  filesDir: string;
  testingEndpoints: boolean;
  fcmBaseUrl: string;
  fcmOauthTokenUrl: string | undefined;
  apnsBaseUrls: { sandbox: string; production: string };
  translateBaseUrl: string;
  outboundAllowedNetworks: string[];
}

export class ConfigError extends Error {}

/**
 * Reads the environment once; a bad value stops start-up with a message naming the variable. `isTerminal` is whether
 * standard output is a person's terminal, which picks the log format when LOG_FORMAT does not.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  isTerminal = process.stdout.isTTY === true,
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  // Node refuses a headers time-out longer than the request's, which would never apply anyway.
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS (${e.HTTP_REQUEST_TIMEOUT_MS})`,
    );
  }
  const dataDir = path.resolve(projectRoot, e.DATA_DIR);
  const logFormat = e.LOG_FORMAT ?? (isTerminal ? "text" : "json");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    mailFrom: e.MAIL_FROM,
    salesEmail: e.SALES_EMAIL,
    mailDir: path.join(dataDir, "mail"),
    webDistDir: path.resolve(projectRoot, e.WEB_DIST_DIR),
    logLevel: e.LOG_LEVEL ?? "info",
    logFormat,
    logRequests: logFormat === "json" || e.LOG_LEVEL !== undefined,
    jobsEnabled: e.JOBS_ENABLED ?? true,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    searchMergeMs: e.SEARCH_MERGE_MS,
    wsWriteWindowMs: e.WS_WRITE_WINDOW_MS,
    wsHeartbeatMs: e.WS_HEARTBEAT_MS,
    wsMaxConnectionsPerChatUser: e.WS_MAX_CONNECTIONS_PER_CHAT_USER,
    wsMaxConnectionsPerDashboardSession: e.WS_MAX_CONNECTIONS_PER_DASHBOARD_SESSION,
    campaignLeaseSeconds: e.CAMPAIGN_LEASE_SECONDS,
    campaignBatchSize: e.CAMPAIGN_BATCH_SIZE,
    exportLeaseSeconds: e.EXPORT_LEASE_SECONDS,
    exportPageRows: e.EXPORT_PAGE_ROWS,
    importPageRows: e.IMPORT_PAGE_ROWS,
    marketplaceSecret: e.MARKETPLACE_SECRET ?? null,
    rateLimitPerSecond: e.RATE_LIMIT_PER_SECOND,
    rateLimitServerPerSecond: e.RATE_LIMIT_SERVER_PER_SECOND,
    readCacheMs: e.READ_CACHE_MS,
    trustProxy: e.TRUST_PROXY,
    httpRequestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    httpHeadersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
    httpKeepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN ?? null,
    secretsKey: e.SECRETS_KEY,
    secretsKeyPrevious: e.SECRETS_KEY_PREVIOUS,
    fileRetentionDays: e.FILE_RETENTION_DAYS,
    eventRetentionDays: e.EVENT_RETENTION_DAYS,
    callRingSeconds: e.CALL_RING_SECONDS,
    linkPreviewTimeoutMs: e.LINK_PREVIEW_TIMEOUT_MS,
    ffmpegPath: e.FFMPEG_PATH,
    filesDir: path.join(dataDir, "files"),
    testingEndpoints: e.TESTING_ENDPOINTS ?? false,
    fcmBaseUrl: e.FCM_BASE_URL.replace(/\/+$/, ""),
    fcmOauthTokenUrl: e.FCM_OAUTH_TOKEN_URL,
    apnsBaseUrls: {
      sandbox: e.APNS_SANDBOX_BASE_URL.replace(/\/+$/, ""),
      production: e.APNS_PRODUCTION_BASE_URL.replace(/\/+$/, ""),
    },
    translateBaseUrl: e.TRANSLATE_BASE_URL.replace(/\/+$/, ""),
    outboundAllowedNetworks: e.OUTBOUND_ALLOWED_NETWORKS ?? e.WEBHOOK_ALLOWED_NETWORKS ?? [],
  };
}

/** Levenshtein distance: insertions, deletions and substitutions that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Variables in the environment that look meant for Parley but are none of its settings, one warning each: a
 * misspelled setting (`CAMPAIN_BATCH_SIZE`) is otherwise silently ignored and its default used. A name looks meant
 * for Parley when it starts like a setting (`WS_`, `CAMPAIGN_`, …) or is within two edits of one; names shorter than
 * eight characters must be within one, so that `HOME` is not taken for `HOST`.
 */
export function unknownSettingWarnings(env: Record<string, string | undefined> = process.env): string[] {
  const known = Object.keys(envSchema.shape);
  const prefixes = new Set(known.filter((name) => name.includes("_")).map((name) => `${name.split("_")[0]}_`));
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(name) || known.includes(name)) continue;
    const [closest = "", distance = Number.POSITIVE_INFINITY] = known
      .map((setting): [string, number] => [setting, editDistance(name, setting)])
      .reduce((best, next) => (next[1] < best[1] ? next : best));
    const isClose = distance <= (name.length >= 8 ? 2 : 1);
    const hasPrefix = [...prefixes].some((prefix) => name.startsWith(prefix));
    if (!isClose && !hasPrefix) continue;
    const hint = isClose ? `did you mean ${closest}?` : "see the settings in README.md";
    warnings.push(`${name} is not a Parley setting and is ignored; ${hint}`);
  }
  return warnings;
}
