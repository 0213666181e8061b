import type { TSessionState } from "@parley/contract";
import { paths } from "@/config/paths";

/** Where `/` sends each account kind (spec section 2, "Root redirect"). */
export function homePathFor(session: TSessionState | null): string {
  if (!session) return paths.intro.home.getHref();
  if (session.userType === "subaccount") {
    // A sub-account without its app has nowhere to go; sending it to /dashboard would bounce straight back.
    return session.subAccountAppId ? paths.apps.report.getHref(session.subAccountAppId) : paths.notAllowed.getHref();
  }
  if (session.userType === "marketplaceaccount") return paths.apps.list.getHref();
  return paths.dashboard.getHref();
}
