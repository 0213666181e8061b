import { type LoaderFunctionArgs, Navigate, Outlet, redirect, useLocation, useParams } from "react-router";
import { paths } from "@/config/paths";
import { NoticeFeatureOff } from "@/features/campaigns/components/notice-feature-off";
import { homePathFor } from "@/lib/account-home";
import { getSessionEndReason, isRestrictedAccount, useSession } from "@/lib/session";

/** Where a guard sent someone from, so login can return them there. */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

export function fromStateTarget(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === paths.auth.login.path) return null;
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

/** `/`: each account kind has its own home (spec section 2). */
export function RootRedirect() {
  const session = useSession();
  return <Navigate to={homePathFor(session)} replace />;
}

export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session && getSessionEndReason() === "logout") return <Navigate to={paths.root.getHref()} replace />;
  if (!session) {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.auth.login.getHref()} replace state={state} />;
  }
  // A sub-account that has not chosen its password yet goes back to do so, wherever it tried to go.
  if (session.passwordRequired && location.pathname !== paths.auth.firstPassword.path) {
    return <Navigate to={paths.auth.firstPassword.getHref()} replace />;
  }
  return <Outlet />;
}

/** The login page is for logged-out visitors; a session sends them on to where they were going. */
export function RedirectIfAuthenticated() {
  const session = useSession();
  const location = useLocation();
  if (session) return <Navigate to={fromStateTarget(location.state) ?? paths.root.getHref()} replace />;
  return <Outlet />;
}

/** Overview, Settings and Billing belong to ordinary accounts; sub and marketplace accounts go to their home. */
export function RequireOrdinaryAccount() {
  const session = useSession();
  if (session && isRestrictedAccount(session)) return <Navigate to={homePathFor(session)} replace />;
  return <Outlet />;
}

/** A sub-account sees only its own app; every other address sends it to that app's report. */
export function RequireNotSubAccount() {
  const session = useSession();
  if (session?.userType === "subaccount") return <Navigate to={homePathFor(session)} replace />;
  return <Outlet />;
}

export function RequireAppAccess() {
  const session = useSession();
  const { appId } = useParams();
  if (session?.userType === "subaccount" && appId !== session.subAccountAppId) {
    return <Navigate to={homePathFor(session)} replace />;
  }
  return <Outlet />;
}

export function RequireAdmin() {
  const session = useSession();
  // A sub-account is sent to its own app from every address outside it (spec section 6), this one included.
  if (session?.userType === "subaccount") return <Navigate to={homePathFor(session)} replace />;
  if (!session?.isAdmin) return <Navigate to={paths.notAllowed.getHref("admin")} replace />;
  return <Outlet />;
}

/**
 * The bulk message area exists only for accounts with the notice feature switched on; without it the area's
 * addresses say what the feature is and how it is switched on, in place of the area.
 */
export function RequireNoticeFeature() {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session?.noticeFeatureEnabled) {
    const audience = session?.isAdmin ? "admin" : session?.userType === "subaccount" ? "subaccount" : "owner";
    // Each address of the area is a page of its own: moving between two of them draws the page anew, as any
    // other move does, rather than keeping the previous page's heading in place.
    return <NoticeFeatureOff key={pathname} audience={audience} />;
  }
  return <Outlet />;
}

/**
 * An app's address goes to its report, and the bulk message area's to its brands, by the route's loader: the
 * redirect is part of the navigation that reached the address, so nothing renders at the address itself. A redirect
 * rendered there (`<Navigate>`) ran once the page had drawn its menu, and a menu click made in that moment was
 * undone by it.
 */
export function appIndexRedirect({ params }: LoaderFunctionArgs) {
  return redirect(paths.apps.report.getHref(params.appId ?? ""));
}

export function messageIndexRedirect({ params }: LoaderFunctionArgs) {
  return redirect(paths.apps.message.brandList.getHref(params.appId ?? ""));
}
