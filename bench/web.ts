/**
 * Web first-load benchmark: what a browser downloads to show the public home page (`/intro`, logged out) and the
 * dashboard (`/dashboard`, logged in), and how Lighthouse's desktop preset scores both. For each page, every script
 * and stylesheet requested until the network is idle, with its raw and gzipped size, split into those requested
 * before the first contentful paint and after it; then a Lighthouse run per page for performance and accessibility
 * with FCP, LCP, TBT and CLS (the median of `--runs` runs). The HTML document is weighed as well, since a
 * prerendered page carries its markup and inline styles there.
 *
 *   npm run bench:web [-- --runs 3 --skip-lighthouse --timeout 600 --out .reports/bench-web.json]
 *
 * It measures the built web app (`packages/web/dist`, built first when missing) as the real server serves it,
 * started on a free port of 127.0.0.1 with an empty data folder; the browser reaches no other host. Goals are
 * reported, not enforced.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { resolveChromium } from "../e2e/chromium";
import { loadReport } from "./support";
import { killLighthouseBrowsers, type LighthouseResult, runLighthouse } from "./web-lighthouse";
import { createSession, startServer, stopServers } from "./web-server";
import { launchBrowser, measurePage, type PageWeight } from "./web-weight";

const { values } = parseArgs({
  options: {
    out: { type: "string", default: ".reports/bench-web.json" },
    "skip-lighthouse": { type: "boolean", default: false },
    /** Lighthouse runs per page; the report keeps the median. */
    runs: { type: "string", default: "3" },
    /** Seconds after which the run gives up, stops the server and exits non-zero. */
    timeout: { type: "string", default: "600" },
  },
});

const RUNS = Math.max(1, Number(values.runs));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PAGES = [
  { name: "home", path: "/intro", loggedIn: false },
  { name: "dashboard", path: "/dashboard", loggedIn: true },
] as const;
/** Vite's kB (1000 bytes), so the goal reads like the build's own size table. */
const KB = 1000;
const GOALS = {
  homeJsGzipBytesAtMost: 90 * KB,
  /** What the dashboard must fetch before anything shows; what loads after the first paint is not held to it. */
  dashboardJsBeforeFirstPaintGzipBytesAtMost: 250 * KB,
  lighthousePerformanceAtLeast: 95,
  lighthouseAccessibilityAtLeast: 95,
};

function abandon(reason: string): void {
  process.stderr.write(`bench:web ${reason}\n`);
  killLighthouseBrowsers();
  void stopServers().finally(() => process.exit(1));
}
const watchdog = setTimeout(() => abandon(`gave up after ${values.timeout} s`), Number(values.timeout) * 1000);
process.once("SIGINT", () => abandon("interrupted"));

function ensureBuilt(): void {
  const index = path.join(root, "packages/web/dist/index.html");
  if (existsSync(index)) return;
  // The build's output goes to stderr: stdout carries the report alone.
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", 2, 2], timeout: 300_000 });
  if (build.status !== 0) throw new Error("npm run build failed; the web app could not be measured");
}

function goalsMet(weights: PageWeight[], scores: LighthouseResult[] | null) {
  const home = weights.find((w) => w.path === "/intro");
  const dashboard = weights.find((w) => w.path === "/dashboard");
  const atLeast = (value: number | null | undefined, goal: number) =>
    typeof value === "number" ? value >= goal : null;
  return {
    homeJsGzip: home ? home.js.gzipBytes <= GOALS.homeJsGzipBytesAtMost : null,
    dashboardJsBeforeFirstPaintGzip: dashboard
      ? dashboard.beforeFirstPaint.js.gzipBytes <= GOALS.dashboardJsBeforeFirstPaintGzipBytesAtMost
      : null,
    lighthouse: scores
      ? Object.fromEntries(
          scores.map((s) => [
            s.path,
            {
              performance: atLeast(s.performance, GOALS.lighthousePerformanceAtLeast),
              accessibility: atLeast(s.accessibility, GOALS.lighthouseAccessibilityAtLeast),
            },
          ]),
        )
      : null,
  };
}

try {
  ensureBuilt();
  const server = await startServer(root);
  const { base } = server;
  const session = await createSession(server);
  const chrome = await resolveChromium();

  const browser = await launchBrowser(chrome.executablePath, chrome.args);
  const weights: PageWeight[] = [];
  try {
    for (const page of PAGES) weights.push(await measurePage(browser, base, page.path, page.loggedIn ? session : null));
  } finally {
    await browser.close();
  }

  const scores: LighthouseResult[] | null = values["skip-lighthouse"] ? null : [];
  if (scores) {
    for (const page of PAGES)
      scores.push(await runLighthouse(chrome, base, page.path, page.loggedIn ? session : null, RUNS));
  }

  const report = {
    benchmark: "web-first-load",
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    chromium: chrome.executablePath,
    pages: PAGES.map((page, i) => ({
      name: page.name,
      loggedIn: page.loggedIn,
      weight: weights[i],
      lighthouse: scores?.[i] ?? null,
    })),
    lighthouse: scores ? { preset: "desktop", runsPerPage: RUNS } : "skipped",
    goals: GOALS,
    goalsMet: goalsMet(weights, scores),
    load: loadReport(),
  };
  await fs.mkdir(path.dirname(values.out), { recursive: true });
  await fs.writeFile(values.out, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} finally {
  await stopServers();
  clearTimeout(watchdog);
}
process.exit(0);
