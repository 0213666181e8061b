import { SIGN_IN_LINK_QUERY } from "@parley/contract";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { paths } from "@/config/paths";

export interface QueryLinkTarget {
  to: string;
  state?: Record<string, string>;
}

/**
 * Links in emails land on any address with a query that says where to go next. Each handler looks at the
 * query and either claims it (returns a target) or passes.
 */
type QueryLinkHandler = (query: URLSearchParams) => QueryLinkTarget | null;

const emailLink =
  (next: string, buildHref: (link: { email: string; code: string }) => string): QueryLinkHandler =>
  (query) => {
    if (query.get("next") !== next) return null;
    const email = query.get("email") ?? "";
    const code = query.get("code") ?? "";
    return { to: buildHref({ email, code }), state: { email, code } };
  };

/**
 * `usertype=subaccount|marketplaceaccount` with a one-time `sessiontoken` (spec section 2): the sign-in page
 * exchanges it. The parts travel in router state, so the token leaves the address bar before anything else runs;
 * a missing part is left for that page to report.
 */
const signInLink: QueryLinkHandler = (query) => {
  const userType = query.get(SIGN_IN_LINK_QUERY.userType);
  if (userType !== "subaccount" && userType !== "marketplaceaccount") return null;
  const state: Record<string, string> = { userType };
  const email = query.get(SIGN_IN_LINK_QUERY.email);
  const token = query.get(SIGN_IN_LINK_QUERY.token);
  const appId = query.get(SIGN_IN_LINK_QUERY.appId);
  if (email) state.email = email;
  if (token) state.token = token;
  if (appId && userType === "subaccount") state.appId = appId;
  return { to: paths.auth.signInLink.getHref(), state };
};

const handlers: QueryLinkHandler[] = [
  emailLink(paths.auth.passwordResetConfirm.path, paths.auth.passwordResetConfirm.getHref),
  emailLink(paths.auth.emailVerificationConfirm.path, paths.auth.emailVerificationConfirm.getHref),
  signInLink,
];

export function resolveQueryLink(search: string): QueryLinkTarget | null {
  if (!search) return null;
  const query = new URLSearchParams(search);
  for (const handler of handlers) {
    const target = handler(query);
    if (target) return target;
  }
  return null;
}

/**
 * Wraps every page: when the address carries a link query, it goes to the link's target instead of rendering
 * the page, so no page redirect (the root's, a guard's) can run first and drop the query.
 */
export function QueryLinkGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const target = resolveQueryLink(location.search);
  if (target) return <Navigate to={target.to} replace state={target.state} />;
  return children;
}
