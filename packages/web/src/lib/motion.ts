/**
 * How a scroll the page makes by itself should move: smoothly, unless the visitor's system asks for less motion.
 * The theme's reduced-motion rule covers CSS (`scroll-behavior`), not a script's own `behavior: "smooth"`.
 */
export function scrollBehavior(): ScrollBehavior {
  const reduce =
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  return reduce ? "auto" : "smooth";
}
