import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "@/config/paths";

export interface QueryLinkTarget {
  to: string;
  state?: Record<string, string>;
}

/**
 * Links in emails land on any address with a query that says where to go next. Each handler looks at the
 * query and either claims it (returns a target) or passes. Sign-in links (`usertype=subaccount|marketplaceaccount`
 * with a one-time token) are a further handler in this list once the token exchange is offered by the server.
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

const handlers: QueryLinkHandler[] = [
  emailLink(paths.auth.passwordResetConfirm.path, paths.auth.passwordResetConfirm.getHref),
  emailLink(paths.auth.emailVerificationConfirm.path, paths.auth.emailVerificationConfirm.getHref),
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

/** Runs on every navigation, wherever it lands, and replaces the address with the link's target. */
export function QueryLinkRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = resolveQueryLink(location.search);
    if (target) void navigate(target.to, { replace: true, state: target.state });
  }, [location.search, navigate]);
  return null;
}
