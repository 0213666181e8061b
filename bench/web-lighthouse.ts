import { API_PREFIX, api, type TSessionState } from "@parley/contract";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromium } from "playwright-core";
import { LOCAL_ONLY_FLAG, sessionScript } from "./web-weight";

export interface LighthouseResult {
  path: string;
  /** Performance scores of every run, in order; the fields below come from the run with the median score. */
  runs: Array<number | null>;
  finalPath: string | null;
  /** 0–100, null when the run failed. */
  performance: number | null;
  accessibility: number | null;
  metrics: { fcpMs: number | null; lcpMs: number | null; tbtMs: number | null; cls: number | null };
  /** Accessibility audits that failed, so a low score says what to fix. */
  accessibilityFailures: Array<{ id: string; title: string }>;
  warnings: string[];
  error: string | null;
}

/**
 * The Chromium flags for chrome-launcher: new headless and no sandbox (the binary runs as root here), the
 * resolver's flags but its own headless mode, and never one process for everything, which crashes as soon as
 * Lighthouse opens its tab.
 */
function chromeFlags(args: string[]): string[] {
  const kept = args.filter((arg) => arg !== "--single-process" && !arg.startsWith("--headless"));
  return ["--headless=new", "--no-sandbox", ...kept, LOCAL_ONLY_FLAG];
}

/**
 * Puts the session into the launched browser's own profile, from a page of the same origin that loads no script
 * or stylesheet, so Lighthouse's tab finds the user logged in and still has a cold cache.
 */
async function storeSession(port: number, base: string, session: TSessionState): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`, { timeout: 30_000 });
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("the launched browser has no default context");
    const page = await context.newPage();
    await page.goto(`${base}${API_PREFIX}${api.health}`, { timeout: 30_000 });
    await page.evaluate(sessionScript(session));
    await page.close();
  } finally {
    await browser.close();
  }
}

function score(value: number | null | undefined): number | null {
  return typeof value === "number" ? Math.round(value * 100) : null;
}

function numeric(value: number | undefined, digits = 0): number | null {
  return typeof value === "number" ? Number(value.toFixed(digits)) : null;
}

/**
 * Ends the browsers of runs still going or still starting, which chrome-launcher starts detached: they would
 * outlive this process.
 */
export function killLighthouseBrowsers(): void {
  chromeLauncher.killAll();
}

/**
 * One Lighthouse run (desktop preset, performance and accessibility) in a browser of its own, so each page starts
 * with an empty cache. With a session, storage is not reset, or Lighthouse would log the user out before loading.
 */
async function runOnce(
  chrome: { executablePath: string; args: string[] },
  base: string,
  path: string,
  session: TSessionState | null,
): Promise<Omit<LighthouseResult, "runs">> {
  const launched = await chromeLauncher.launch({
    chromePath: chrome.executablePath,
    chromeFlags: chromeFlags(chrome.args),
    logLevel: "silent",
    handleSIGINT: false,
    maxConnectionRetries: 100,
  });
  try {
    if (session) await storeSession(launched.port, base, session);
    const result = await lighthouse(
      `${base}${path}`,
      {
        port: launched.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        disableStorageReset: session !== null,
        maxWaitForLoad: 45_000,
      },
      desktopConfig,
    );
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    const audits = lhr.audits;
    const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
      .map((audit) => ({ id: audit?.id ?? "", title: audit?.title ?? "" }));
    return {
      path,
      finalPath: lhr.finalDisplayedUrl ? new URL(lhr.finalDisplayedUrl).pathname : null,
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      metrics: {
        fcpMs: numeric(audits["first-contentful-paint"]?.numericValue),
        lcpMs: numeric(audits["largest-contentful-paint"]?.numericValue),
        tbtMs: numeric(audits["total-blocking-time"]?.numericValue),
        cls: numeric(audits["cumulative-layout-shift"]?.numericValue, 3),
      },
      accessibilityFailures,
      warnings: lhr.runWarnings.map(String),
      error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    };
  } catch (error) {
    return {
      path,
      finalPath: null,
      performance: null,
      accessibility: null,
      metrics: { fcpMs: null, lcpMs: null, tbtMs: null, cls: null },
      accessibilityFailures: [],
      warnings: [],
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    launched.kill();
  }
}

/**
 * Lighthouse `runs` times on `path` and the run of median performance score: one run's score moves by several
 * points with whatever else the machine is doing.
 */
export async function runLighthouse(
  chrome: { executablePath: string; args: string[] },
  base: string,
  path: string,
  session: TSessionState | null,
  runs: number,
): Promise<LighthouseResult> {
  const results: Array<Omit<LighthouseResult, "runs">> = [];
  for (let i = 0; i < runs; i++) results.push(await runOnce(chrome, base, path, session));
  const scored = results
    .filter((r) => r.performance !== null)
    .sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  const median = scored[Math.floor((scored.length - 1) / 2)] ?? results[0];
  if (!median) throw new Error("no Lighthouse run");
  return { ...median, runs: results.map((r) => r.performance) };
}
