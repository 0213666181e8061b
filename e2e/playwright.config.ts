import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { resolveChromium } from "./chromium";

// The runner and its workers each load this file; the data folder is chosen once and inherited.
process.env.PARLEY_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "parley-e2e-"));
process.env.PARLEY_E2E_PORT ??= String(18_000 + Math.floor(Math.random() * 1000));
// The local stand-in for FCM, the Translation API and webhook endpoints (tests/receivers.ts).
// 20000 to 20999: clear of the fixed ports of the multi-process tests (19081 and up), so the two can run side by side.
process.env.PARLEY_E2E_RECEIVER_PORT ??= String(Number(process.env.PARLEY_E2E_PORT) + 2000);
const dataDir = process.env.PARLEY_E2E_DATA_DIR;
const port = Number(process.env.PARLEY_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const receiverURL = `http://127.0.0.1:${process.env.PARLEY_E2E_RECEIVER_PORT}`;
const chromium = await resolveChromium();

/** Specs that move the server's clock, which every other test's sessions, trials and dates read. */
const CLOCK_SPECS = ["**/billing.spec.ts", "**/campaigns.spec.ts"];

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  // Two spec files at a time against the one server: a test spends much of its time waiting on the browser and the
  // server, which leaves a core idle with one worker. Every test makes its own account.
  workers: 2,
  retries: 0,
  // Waits are generous because CI runs this suite beside the multi-process tests on two cores, where a first page
  // load, a hydration or a socket's sign-in has taken over 10 s. They bound a hang; a passing step never waits them out.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [["list"], ["json", { outputFile: "../.reports/e2e.json" }]],
  outputDir: "../.reports/e2e-artifacts",
  use: {
    baseURL,
    headless: true,
    launchOptions: { executablePath: chromium.executablePath, args: chromium.args },
    // Every test is a visitor who asked for reduced motion, which the dashboard honours (theme.ts): a click must not
    // race a menu or a dialog still moving into place. motion.spec.ts checks both preferences.
    reducedMotion: "reduce",
    // A failed test's trace keeps the page's DOM at each step, which shows what went wrong; the screencast's frames,
    // taken for every test and thrown away for those that pass, cost a tenth of the suite's CPU (intro-quality and
    // accessibility: 273 s of CPU without them, 301 and 321 s with them).
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "browser", testIgnore: CLOCK_SPECS },
    // Alone and after the rest, so no other test runs while the server's clock is moved.
    { name: "clock", testMatch: CLOCK_SPECS, dependencies: ["browser"], workers: 1 },
  ],
  webServer: {
    command: "node --import tsx ../packages/server/src/main.ts",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: "warn",
      JOB_POLL_SECONDS: "0.5",
      FCM_BASE_URL: receiverURL,
      TRANSLATE_BASE_URL: receiverURL,
      // The receivers above run on this machine, which the outbound guard refuses unless allowed.
      OUTBOUND_ALLOWED_NETWORKS: "127.0.0.0/8",
      // Lets the billing test move the server's clock to the 5th and run the daily billing job.
      TESTING_ENDPOINTS: "true",
      // A call rings this long unanswered before it is missed: long enough for a busy machine's browser to answer,
      // short enough for the missed-call test to wait it out.
      CALL_RING_SECONDS: "15",
      // The marketplace signup test signs its tokens with this.
      MARKETPLACE_SECRET: "e2e-marketplace-secret-0123456789",
    },
  },
});
