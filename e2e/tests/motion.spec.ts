import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The transition durations of the public site's first button, as the browser computed them. */
async function buttonTransition(page: Page): Promise<string[]> {
  await page.goto("/");
  const button = page.locator(".MuiButton-root").first();
  await expect(button).toBeVisible();
  const durations = await button.evaluate((element) => getComputedStyle(element).transitionDuration);
  return durations.split(",").map((duration) => duration.trim());
}

test.describe("a visitor who asked for reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("sees nothing move: transitions last a hundredth of a millisecond", async ({ page }) => {
    const durations = await buttonTransition(page);
    expect(durations.length).toBeGreaterThan(0);
    for (const duration of durations) expect(Number.parseFloat(duration)).toBeLessThan(0.001);
  });
});

test.describe("a visitor with no preference", () => {
  test.use({ reducedMotion: "no-preference" });

  test("still sees the site's transitions", async ({ page }) => {
    const durations = await buttonTransition(page);
    expect(durations.some((duration) => Number.parseFloat(duration) >= 0.1)).toBe(true);
  });
});
