import zlib from "node:zlib";
import type { TSessionState } from "@parley/contract";
import { type Browser, chromium, type Response } from "playwright-core";

/** The desktop viewport Lighthouse's desktop preset emulates, so both measurements see the same layout. */
const DESKTOP_VIEWPORT = { width: 1350, height: 940 };

export interface FileWeight {
  url: string;
  rawBytes: number;
  /** What gzip costs on the wire: the bytes sent when the server gzipped it, else the body at gzip level 9. */
  gzipBytes: number;
  /** The server's `content-encoding`, or null when it sent the body as is. */
  encoding: string | null;
  /** Body bytes as received, compressed or not. */
  transferredBytes: number;
}

interface Totals {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  transferredBytes: number;
}

export interface PageWeight {
  path: string;
  /** Where the first load ended; a logged-in page that lands elsewhere was not measured as meant. */
  finalPath: string;
  /** False when requests still ran after the idle wait: the figures cover what had loaded by then. */
  networkIdle: boolean;
  /** Every request of the first load, of any type. */
  requests: number;
  document: FileWeight | null;
  js: Totals;
  css: Totals;
  /**
   * The first contentful paint as the page's paint timing reports it, in ms from navigation; null when the page
   * painted no content.
   */
  firstPaintMs: number | null;
  /**
   * The scripts and stylesheets requested before the first contentful paint (by the page's resource timing): what
   * the browser had to fetch, parse and run before anything showed. `afterFirstPaint` holds the rest; together they
   * make `js` and `css`. With no paint, everything counts as before it.
   */
  beforeFirstPaint: { js: Totals; css: Totals };
  afterFirstPaint: { js: Totals; css: Totals };
  files: Array<FileWeight & { type: "js" | "css"; beforeFirstPaint: boolean }>;
  /** Requests to any other host, refused so that the run stays on this machine. */
  blocked: string[];
}

const LOCAL_HOST = "127.0.0.1";

/** Where the web app keeps its session (`SESSION_STORAGE_KEY` of `packages/web/src/lib/session.ts`). */
const SESSION_STORAGE_KEY = "parley.session";

/** Launch flags that keep every name lookup off the network: only the local server can be reached. */
export const LOCAL_ONLY_FLAG = `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${LOCAL_HOST}`;

export function launchBrowser(executablePath: string, args: string[]): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...args, LOCAL_ONLY_FLAG], headless: true, timeout: 60_000 });
}

/** A script that stores `session` the way the web app does after a login. */
export function sessionScript(session: TSessionState): string {
  return `localStorage.setItem(${JSON.stringify(SESSION_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify(session))});`;
}

function kindOf(resourceType: string, contentType: string): "js" | "css" | "document" | null {
  if (resourceType === "document") return "document";
  if (resourceType === "script" || /javascript/.test(contentType)) return "js";
  if (resourceType === "stylesheet" || /text\/css/.test(contentType)) return "css";
  return null;
}

async function weigh(response: Response): Promise<FileWeight> {
  const headers = await response.allHeaders();
  const body = await response.body();
  const sizes = await response.request().sizes();
  const encoding = headers["content-encoding"] ?? null;
  const gzipBytes = encoding === "gzip" ? sizes.responseBodySize : zlib.gzipSync(body, { level: 9 }).length;
  return { url: response.url(), rawBytes: body.length, gzipBytes, encoding, transferredBytes: sizes.responseBodySize };
}

interface Timing {
  firstPaintMs: number | null;
  /** Each resource's URL with the time its request started, in ms from navigation. */
  requested: Array<{ url: string; startMs: number }>;
}

/** Read in the page once the network is idle: the paint timing and every request's start. */
function readTiming(): Timing {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return {
    firstPaintMs: paint ? paint.startTime : null,
    requested: performance.getEntriesByType("resource").map((entry) => ({ url: entry.name, startMs: entry.startTime })),
  };
}

function byType(files: Array<FileWeight & { type: "js" | "css" }>): { js: Totals; css: Totals } {
  return { js: total(files.filter((f) => f.type === "js")), css: total(files.filter((f) => f.type === "css")) };
}

function total(files: FileWeight[]): Totals {
  return {
    files: files.length,
    rawBytes: files.reduce((sum, f) => sum + f.rawBytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    transferredBytes: files.reduce((sum, f) => sum + f.transferredBytes, 0),
  };
}

/**
 * Loads `path` in a fresh context (empty cache, empty storage but for the session when given) and weighs the
 * document and every script and stylesheet requested until the network is idle.
 */
export async function measurePage(
  browser: Browser,
  base: string,
  path: string,
  session: TSessionState | null,
): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, locale: "en-US" });
  try {
    const blocked: string[] = [];
    await context.route("**/*", (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === LOCAL_HOST || url.protocol === "data:" || url.protocol === "blob:") return route.fallback();
      blocked.push(url.href);
      return route.abort("blockedbyclient");
    });
    if (session) {
      await context.addInitScript({ content: sessionScript(session) });
    }
    const page = await context.newPage();
    const weighed: Array<Promise<(FileWeight & { type: "js" | "css" | "document" }) | null>> = [];
    let requests = 0;
    page.on("request", () => {
      requests += 1;
    });
    page.on("response", (response) => {
      const kind = kindOf(response.request().resourceType(), response.headers()["content-type"] ?? "");
      if (!kind || response.status() !== 200) return;
      weighed.push(
        weigh(response).then(
          (file) => ({ ...file, type: kind }),
          () => null,
        ),
      );
    });
    await page.goto(`${base}${path}`, { waitUntil: "load", timeout: 60_000 });
    const networkIdle = await page.waitForLoadState("networkidle", { timeout: 30_000 }).then(
      () => true,
      () => false,
    );
    const finalPath = new URL(page.url()).pathname;
    const timing = await page.evaluate(readTiming);
    // A file requested twice counts from its first request.
    const startOf = new Map<string, number>();
    for (const { url, startMs } of timing.requested) if (!startOf.has(url)) startOf.set(url, startMs);
    const isBeforePaint = (url: string) => {
      const start = startOf.get(url);
      return timing.firstPaintMs === null || start === undefined || start < timing.firstPaintMs;
    };
    const all = (await Promise.all(weighed)).filter((f) => f !== null);
    const seen = new Set<string>();
    const unique = all.filter((f) => !seen.has(f.url) && seen.add(f.url));
    const documentFile = unique.find((f) => f.type === "document") ?? null;
    const files = unique
      .filter((f): f is FileWeight & { type: "js" | "css" } => f.type !== "document")
      .map((f) => ({ ...f, beforeFirstPaint: isBeforePaint(f.url) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const relative = (url: string) => (url.startsWith(base) ? url.slice(base.length) : url);
    const document = documentFile && {
      url: relative(documentFile.url),
      rawBytes: documentFile.rawBytes,
      gzipBytes: documentFile.gzipBytes,
      encoding: documentFile.encoding,
      transferredBytes: documentFile.transferredBytes,
    };
    return {
      path,
      finalPath,
      networkIdle,
      requests,
      document,
      ...byType(files),
      firstPaintMs: timing.firstPaintMs === null ? null : Math.round(timing.firstPaintMs),
      beforeFirstPaint: byType(files.filter((f) => f.beforeFirstPaint)),
      afterFirstPaint: byType(files.filter((f) => !f.beforeFirstPaint)),
      files: files.map((f) => ({ ...f, url: relative(f.url) })),
      blocked,
    };
  } finally {
    await context.close();
  }
}
