import type { RouteObject } from "react-router";
import { paths } from "@/config/paths";
import { lazyPage } from "@/lib/lazy-route";

/**
 * The public site. Kept apart from the dashboard so the home page downloads none of its code, and written
 * without browser globals so a server can render these same objects with a static router.
 */
export const introRoutes: RouteObject = {
  path: paths.intro.home.path,
  lazy: lazyPage(() => import("./layout")),
  children: [
    { index: true, lazy: lazyPage(() => import("./home")) },
    { path: paths.intro.product.path, lazy: lazyPage(() => import("./product")) },
    { path: paths.intro.docs.path, lazy: lazyPage(() => import("./docs")) },
    { path: paths.intro.pricing.path, lazy: lazyPage(() => import("./pricing")) },
    { path: paths.intro.company.path, lazy: lazyPage(() => import("./company")) },
    { path: paths.intro.contactUs.path, lazy: lazyPage(() => import("./contact-us")) },
    { path: paths.intro.freeTrial.path, lazy: lazyPage(() => import("./free-trial")) },
    { path: paths.intro.partner.path, lazy: lazyPage(() => import("./partner")) },
  ],
};
