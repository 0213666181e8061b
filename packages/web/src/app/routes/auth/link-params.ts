import { useLocation, useSearchParams } from "react-router";

/** An emailed link's email and code, from router state (set by the query-link redirect) or the query. */
export function useLinkParams() {
  const location = useLocation();
  const [query] = useSearchParams();
  const state = (location.state ?? {}) as { email?: unknown; code?: unknown; justSignedUp?: unknown };
  const email = typeof state.email === "string" && state.email ? state.email : (query.get("email") ?? "");
  const code = typeof state.code === "string" && state.code ? state.code : (query.get("code") ?? "");
  return { email, code, justSignedUp: state.justSignedUp === true };
}
