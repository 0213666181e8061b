import { createBrowserRouter, RouterProvider } from "react-router";
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

const router = createAppRouter();

export function AppRouter() {
  return <RouterProvider router={router} />;
}
