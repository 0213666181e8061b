import { expect, test } from "./fixtures";
import { accountSession, signInBrowser } from "./setup";

test("the dashboard's notice bars are in place at the first paint: the page does not shift when they arrive", async ({
  page,
  request,
}) => {
  const session = await accountSession(request);
  await signInBrowser(page, session, "en");
  await page.addInitScript(() => {
    // What moved, as "header|page <class> <top before>-><top after>": only the frame's own movement is this test's.
    const moved: string[] = [];
    (window as unknown as { moved: string[] }).moved = moved;
    type Shift = PerformanceEntry & {
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        for (const source of entry.sources) {
          const element = source.node instanceof Element ? source.node : source.node?.parentElement;
          moved.push(
            `${element?.closest("header") ? "header" : "page"} ${element?.className} ${source.previousRect.top}->${source.currentRect.top}`,
          );
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/dashboard", { waitUntil: "networkidle" });
  // A new account is on its trial, which the first notice bar says.
  await expect(page.getByRole("region", { name: "Account notices" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const moved = await page.evaluate(() => (window as unknown as { moved: string[] }).moved);
  // Arriving after the first paint, the bars pushed the toolbar (and the page under it) down by their height.
  expect(moved.filter((line) => line.startsWith("header "))).toEqual([]);
});
