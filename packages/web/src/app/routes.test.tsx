import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n";
import { clearSession, getSession, SESSION_STORAGE_KEY, setSession } from "@/lib/session";
import { jsonResponse, renderRoutes, sessionFor, stubFetch } from "@/testing/test-utils";
import { routes } from "./routes";

const t = (key: string) => i18n.t(key);

function stubDashboardApi() {
  return stubFetch((url) => {
    if (url.startsWith("/api/apps")) return jsonResponse(200, { apps: [] });
    if (url.startsWith("/api/notifications")) return jsonResponse(200, { notifications: [] });
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
}

async function expectPath(router: ReturnType<typeof renderRoutes>["router"], pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

describe("routes and guards", () => {
  beforeEach(() => {
    clearSession();
    stubDashboardApi();
  });
  afterEach(() => clearSession());

  it("sends a visitor without a session from a protected page to login, remembering the page", async () => {
    const { router } = renderRoutes(routes, { initialEntries: ["/settings?tab=profile"] });
    await expectPath(router, "/login");
    expect(router.state.location.state).toMatchObject({ from: { pathname: "/settings", search: "?tab=profile" } });
    expect(await screen.findByRole("heading", { name: t("login.title") })).toBeInTheDocument();
  });

  it("sends a sub-account on /dashboard to its own app report", async () => {
    setSession(sessionFor({ userType: "subaccount", subAccountAppId: "app-7" }));
    const { router } = renderRoutes(routes, { initialEntries: ["/dashboard"] });
    await expectPath(router, "/apps/app-7/report");
    expect(await screen.findByRole("heading", { level: 1, name: t("pages.report") })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: t("nav.overview") })).not.toBeInTheDocument();
  });

  it("takes an app's address to its report in the same navigation, so no later redirect can undo a click", async () => {
    setSession(sessionFor());
    const { router } = renderRoutes(routes, { initialEntries: ["/apps/app-7"] });
    const shown: string[] = [];
    router.subscribe((state) => {
      if (state.initialized) shown.push(state.location.pathname);
    });
    await expectPath(router, "/apps/app-7/report");
    expect(shown).toContain("/apps/app-7/report");
    expect(shown).not.toContain("/apps/app-7");
  });

  it("sends a sub-account without a password yet to set one, wherever it goes", async () => {
    setSession(sessionFor({ userType: "subaccount", subAccountAppId: "app-7", passwordRequired: true }));
    const { router } = renderRoutes(routes, { initialEntries: ["/apps/app-7/report"] });
    await expectPath(router, "/password/first");
  });

  it("keeps a sub-account out of another app", async () => {
    setSession(sessionFor({ userType: "subaccount", subAccountAppId: "app-7" }));
    const { router } = renderRoutes(routes, { initialEntries: ["/apps/app-8/user"] });
    await expectPath(router, "/apps/app-7/report");
  });

  it.each([
    ["no session", null, "/intro"],
    ["an ordinary account", sessionFor(), "/dashboard"],
    ["a sub-account", sessionFor({ userType: "subaccount", subAccountAppId: "app-7" }), "/apps/app-7/report"],
    ["a marketplace account", sessionFor({ userType: "marketplaceaccount" }), "/apps"],
  ])("redirects / for %s", async (_kind, session, target) => {
    if (session) setSession(session);
    const { router } = renderRoutes(routes, { initialEntries: ["/"] });
    await expectPath(router, target);
  });

  it("keeps non-admins out of the admin pages", async () => {
    setSession(sessionFor());
    const { router } = renderRoutes(routes, { initialEntries: ["/admin/companylist"] });
    await expectPath(router, "/notallowed");
  });

  it("opens the message area only with the notice feature", async () => {
    setSession(sessionFor({ noticeFeatureEnabled: true }));
    const { router } = renderRoutes(routes, { initialEntries: ["/apps/app-1/message"] });
    await expectPath(router, "/apps/app-1/message/brand/list");
    expect(await screen.findByRole("heading", { level: 1, name: t("pages.brandList") })).toBeInTheDocument();
  });

  it("explains the bulk message area and how to get it when the notice feature is off, in place of a 403", async () => {
    setSession(sessionFor({ noticeFeatureEnabled: false }));
    const { router } = renderRoutes(routes, { initialEntries: ["/apps/app-1/message/campaign/list"] });

    expect(await screen.findByRole("heading", { level: 1, name: t("noticeFeatureOff.title") })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/apps/app-1/message/campaign/list");
    expect(screen.getByText(t("noticeFeatureOff.how"))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: t("noticeFeatureOff.contactSales") })).toHaveAttribute(
      "href",
      "/intro/contactus",
    );
  });

  it("tells a sub-account without the notice feature to ask the account owner", async () => {
    setSession(sessionFor({ userType: "subaccount", subAccountAppId: "app-7", noticeFeatureEnabled: false }));
    renderRoutes(routes, { initialEntries: ["/apps/app-7/message/brand/list"] });
    expect(await screen.findByText(t("noticeFeatureOff.howSubAccount"))).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: t("noticeFeatureOff.contactSales") })).toBeNull();
  });

  it("sends a logged-in user away from /login", async () => {
    setSession(sessionFor());
    const { router } = renderRoutes(routes, { initialEntries: ["/login"] });
    await expectPath(router, "/dashboard");
  });

  it("follows an emailed reset link on any page to the reset form", async () => {
    const { router } = renderRoutes(routes, {
      initialEntries: ["/intro?next=/password/reset/confirm&email=a%40example.com&code=abc"],
    });
    await expectPath(router, "/password/reset/confirm");
    expect(router.state.location.state).toEqual({ email: "a@example.com", code: "abc" });
    expect(await screen.findByDisplayValue("a@example.com")).toBeInTheDocument();
  });

  it("logs out on HTTP 200: clears the stored session and goes home", async () => {
    setSession(sessionFor());
    const fetchMock = stubFetch((url) => {
      if (url === "/api/auth/logout") return jsonResponse(200, { ok: true });
      if (url.startsWith("/api/apps")) return jsonResponse(200, { apps: [] });
      return jsonResponse(200, { notifications: [] });
    });
    const { router, user } = renderRoutes(routes, { initialEntries: ["/dashboard"] });
    await user.click(await screen.findByRole("button", { name: t("nav.openMenu") }));
    await user.click(await screen.findByTestId("logout"));

    await expectPath(router, "/intro");
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/logout", expect.objectContaining({ method: "POST" }));
  });

  it("keeps the session when logout fails", async () => {
    setSession(sessionFor());
    stubFetch((url) => {
      if (url === "/api/auth/logout") return jsonResponse(500, { code: "1007", message: "fault" });
      if (url.startsWith("/api/apps")) return jsonResponse(200, { apps: [] });
      return jsonResponse(200, { notifications: [] });
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { router, user } = renderRoutes(routes, { initialEntries: ["/dashboard"] });
    await user.click(await screen.findByRole("button", { name: t("nav.openMenu") }));
    await user.click(await screen.findByTestId("logout"));

    await waitFor(() => expect(warn).toHaveBeenCalledWith("Logout failed", expect.anything()));
    expect(getSession()).not.toBeNull();
    expect(router.state.location.pathname).toBe("/dashboard");
    warn.mockRestore();
  });

  it("shows the not-found page for unknown paths", async () => {
    renderRoutes(routes, { initialEntries: ["/no/such/page"] });
    expect(await screen.findByTestId("not-found")).toBeInTheDocument();
  });

  it.each([
    ["push-notification", "pages.pushNotification", "push.enabled"],
    ["translation", "pages.translation", "translation.enabled"],
    ["webhooks", "pages.webhooks", "webhooks.enabled"],
  ])("opens the %s screen itself, not the preparing note", async (path, titleKey, switchKey) => {
    setSession(sessionFor());
    renderRoutes(routes, { initialEntries: [`/apps/app-1/${path}`] });
    expect(await screen.findByRole("heading", { level: 1, name: t(titleKey) })).toBeInTheDocument();
    expect(await screen.findByRole("switch", { name: t(switchKey) })).toBeInTheDocument();
    expect(screen.queryByText(t("common.preparing"))).not.toBeInTheDocument();
  });
});

describe("account kinds in the dashboard", () => {
  beforeEach(() => {
    clearSession();
    stubDashboardApi();
  });
  afterEach(() => clearSession());

  it.each(["/dashboard", "/settings", "/bills"])("sends a marketplace account on %s to the app list", async (path) => {
    setSession(sessionFor({ userType: "marketplaceaccount" }));
    const { router, user } = renderRoutes(routes, { initialEntries: [path] });
    // The shell and the page load lazily; the first test to need them waits for the download.
    expect(await screen.findByRole("heading", { level: 1, name: t("pages.apps") })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/apps");
    await user.click(screen.getByRole("button", { name: t("nav.openMenu") }));
    expect(await screen.findByTestId("logout")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: t("nav.overview") })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: t("nav.billing") })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: t("nav.settings") })).not.toBeInTheDocument();
  });

  it.each(["/apps", "/settings", "/bills", "/admin/companylist"])(
    "sends a sub-account on %s to its own app report",
    async (path) => {
      setSession(sessionFor({ userType: "subaccount", subAccountAppId: "app-7" }));
      const { router } = renderRoutes(routes, { initialEntries: [path] });
      await expectPath(router, "/apps/app-7/report");
    },
  );

  it("asks for a login before the first-password page", async () => {
    const { router } = renderRoutes(routes, { initialEntries: ["/password/first"] });
    await expectPath(router, "/login");
  });
});
