import { createBrowserRouter, matchRoutes, RouterProvider } from "react-router";
import { paths } from "@/config/paths";
import { setUnauthorizedHandler } from "@/lib/api-client";
import { routes } from "./routes";

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A 1001 from any call means the session is gone: the api client clears it, the router takes the user to login.
  setUnauthorizedHandler(() => {
    const { pathname, search, hash } = router.state.location;
    if (pathname === paths.auth.login.path) return;
    void router.navigate(paths.auth.login.getHref(), { replace: true, state: { from: { pathname, search, hash } } });
  });
  return router;
}

/**
 * Loads the lazy modules of the routes matching the address before the router exists, so a prerendered page
 * hydrates at once with the same tree the prerender wrote instead of a fallback.
 */
export async function loadMatchedRoutes(location: { pathname: string }) {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

export function AppRouter({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
