import type { RouteObject } from "react-router";
import { paths } from "@/config/paths";
import { lazyPublicPage } from "@/lib/lazy-route";

/**
 * The public site. Kept apart from the dashboard so the home page downloads none of its code, and written
 * without browser globals so a server can render these same objects with a static router.
 */
export const introRoutes: RouteObject = {
  path: paths.intro.home.path,
  lazy: lazyPublicPage(() => import("./layout")),
  children: [
    { index: true, lazy: lazyPublicPage(() => import("./home")) },
    { path: paths.intro.product.path, lazy: lazyPublicPage(() => import("./product")) },
    { path: paths.intro.docs.path, lazy: lazyPublicPage(() => import("./docs")) },
    { path: paths.intro.pricing.path, lazy: lazyPublicPage(() => import("./pricing")) },
    { path: paths.intro.company.path, lazy: lazyPublicPage(() => import("./company")) },
    { path: paths.intro.terms.path, lazy: lazyPublicPage(() => import("./terms")) },
    { path: paths.intro.privacy.path, lazy: lazyPublicPage(() => import("./privacy")) },
    { path: paths.intro.contactUs.path, lazy: lazyPublicPage(() => import("./contact-us")) },
    { path: paths.intro.freeTrial.path, lazy: lazyPublicPage(() => import("./free-trial")) },
    { path: paths.intro.partner.path, lazy: lazyPublicPage(() => import("./partner")) },
  ],
};
