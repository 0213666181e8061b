import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

declare global {
  interface Window {
    axe?: { run(context: string | Document, options: RunOptions): Promise<AxeResults> };
  }
}

/** axe-core's browser build, read once per worker. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.1 A and AA, and only the violations: axe then skips recording every node that passed. */
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  resultTypes: ["violations"],
};

/**
 * WCAG 2.1 A and AA violations that axe rates serious or critical, one line per element: rule, impact, target and
 * axe's own summary of what to fix, so a failure message says what is wrong without opening the trace. `include` is a
 * selector that limits the scan to part of the page.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // The pages have no frames, so axe runs in the page itself. It is put there once per document: a route change
  // inside the app keeps it, and the next scan runs at once instead of evaluating its 650 KB of script again.
  if (!(await page.evaluate(() => typeof window.axe?.run === "function"))) await page.evaluate(AXE_SOURCE);
  const { violations } = await page.evaluate(
    async ({ include, options }) => {
      if (!window.axe) throw new Error("axe-core did not load in the page");
      return window.axe.run(include ?? document, options);
    },
    { include, options: RUN_OPTIONS },
  );
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} [${violation.impact}] ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ")}`,
      ),
    );
}
