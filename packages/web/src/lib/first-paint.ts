/**
 * The longest wait for the browser to report the first paint. A browser that paints but reports nothing (no paint
 * timing) must not hold the page back for long: work started after this merely competes with that paint.
 */
export const FIRST_PAINT_WAIT_MS = 250;

/**
 * Resolves once the browser reports the page's first contentful paint (paint timing), so work started then does
 * not compete with it; at once when it already has. A hidden page paints nothing until it is shown and a document
 * that never paints (tests, the prerender) has nothing to wait for: both resolve at once.
 */
export function afterFirstPaint(): Promise<void> {
  if (typeof document === "undefined" || document.visibilityState === "hidden") return Promise.resolve();
  if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length > 0) done();
    });
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
    observer.observe({ type: "paint", buffered: true });
  });
}
