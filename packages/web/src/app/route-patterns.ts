import type { RouteObject } from "react-router";

/** The catch-all that shows the not-found page: an address only it takes is unknown. */
const CATCH_ALL = new Set(["*", "/*"]);

/**
 * Every address pattern the route tree answers with a page of its own, parents joined to relative children, in
 * the order met. What the server checks an address against before it serves the app with 200 rather than 404.
 */
export function routePatterns(routes: RouteObject[], parent = "/"): string[] {
  const found = new Set<string>();
  for (const route of routes) {
    const own =
      route.path === undefined
        ? parent
        : route.path.startsWith("/")
          ? route.path
          : `${parent.replace(/\/+$/, "")}/${route.path}`;
    if ((route.index || route.path !== undefined) && !CATCH_ALL.has(own)) found.add(own);
    for (const child of routePatterns(route.children ?? [], own)) found.add(child);
  }
  return [...found];
}
