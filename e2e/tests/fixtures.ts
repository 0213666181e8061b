import { type BrowserContext, test as base, expect } from "@playwright/test";

/** What a test may say about the browser console it runs under. */
export interface ConsoleWatch {
  /**
   * Lets console errors and warnings that match `pattern` pass, for a test that provokes them on purpose (a refused
   * request logs "Failed to load resource" in Chromium). Everything else still fails the test.
   */
  allow(pattern: RegExp): void;
}

/**
 * `test` with every page of the test watched: a console error or warning, or an uncaught exception, on any page of
 * any context the test opens (the `page` fixture's, and those from `browser.newPage()` or `browser.newContext()`)
 * fails the test once it has run. A warning a user never sees is still a bug, such as React refusing a prop or the
 * browser refusing a value it was handed.
 */
export const test = base.extend<{ consoleWatch: ConsoleWatch }>({
  consoleWatch: [
    async ({ browser, context }, use) => {
      const problems: string[] = [];
      // A request the rate limit refused is sent again after the server's Retry-After by the dashboard's client, so
      // the user sees at most a slower answer; Chromium still logs the refusal. A retry that fails in the end shows
      // an error the test's own assertions meet.
      const allowed: RegExp[] = [/status of 429 \(Too Many Requests\)/];
      const watch = (watched: BrowserContext) => {
        watched.on("console", (message) => {
          if (message.type() !== "error" && message.type() !== "warning") return;
          const { url, lineNumber } = message.location();
          const where = url ? ` at ${url}:${lineNumber}` : "";
          problems.push(
            `console ${message.type()} on ${message.page()?.url() ?? "a worker"}: ${message.text()}${where}`,
          );
        });
        watched.on("weberror", (error) => {
          problems.push(`uncaught on ${error.page()?.url() ?? "a worker"}: ${error.error().stack ?? error.error()}`);
        });
      };
      watch(context);
      browser.on("context", watch);
      try {
        await use({ allow: (pattern) => allowed.push(pattern) });
      } finally {
        browser.off("context", watch);
      }
      const unexpected = problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
      expect(unexpected, "the browser console stays free of errors and warnings").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
