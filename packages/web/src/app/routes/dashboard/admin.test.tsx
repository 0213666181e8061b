import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { routes } from "@/app/routes";
import { i18n } from "@/i18n";
import { clearSession, setSession } from "@/lib/session";
import { jsonResponse, renderRoutes, sessionFor, stubFetch } from "@/testing/test-utils";

const t = (key: string) => i18n.t(key);
const companyId = "3f2b8c1e-6d4a-4e7b-9a1c-2d3e4f5a6b7c";

function stubDashboardApi() {
  return stubFetch((url) => {
    if (url.startsWith("/api/admin/companies"))
      return jsonResponse(200, { companies: [], total: 0, page: 1, pageSize: 20 });
    if (url.startsWith("/api/apps")) return jsonResponse(200, { apps: [] });
    if (url.startsWith("/api/notifications")) return jsonResponse(200, { notifications: [] });
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
}

describe("admin pages", () => {
  beforeEach(() => clearSession());
  afterEach(() => clearSession());

  it.each([["/admin/companylist"], [`/admin/companydetail/${companyId}`]])(
    "shows a non-admin the not-allowed page at %s without asking the admin API",
    async (path) => {
      const fetchMock = stubDashboardApi();
      setSession(sessionFor());
      const { router } = renderRoutes(routes, { initialEntries: [path] });
      await waitFor(() => expect(router.state.location.pathname).toBe("/notallowed"));
      expect(await screen.findByRole("heading", { name: t("status.notAllowed.title") })).toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/api/admin"))).toBe(false);
    },
  );

  it("tells a non-admin refused the console that the operator gives the role with the CLI's grant-admin", async () => {
    stubDashboardApi();
    setSession(sessionFor());
    renderRoutes(routes, { initialEntries: ["/admin/companylist"] });
    expect(await screen.findByText(t("status.notAllowed.adminBody"))).toBeInTheDocument();
    expect(t("status.notAllowed.adminBody")).toContain("npm run cli -w @parley/api-server -- grant-admin");
  });

  it("keeps the plain not-allowed text for refusals that are not about the admin role", async () => {
    stubDashboardApi();
    setSession(sessionFor());
    renderRoutes(routes, { initialEntries: ["/notallowed"] });
    expect(await screen.findByText(t("status.notAllowed.body"))).toBeInTheDocument();
    expect(screen.queryByText(/grant-admin/)).not.toBeInTheDocument();
  });

  it("opens the company list for an admin, with the Admin link in the menu", async () => {
    stubDashboardApi();
    setSession(sessionFor({ isAdmin: true }));
    const { user } = renderRoutes(routes, { initialEntries: ["/admin/companylist"] });
    expect(await screen.findByRole("heading", { level: 1, name: t("pages.companyList") })).toBeInTheDocument();
    expect(await screen.findByText(t("admin.list.empty"))).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: t("nav.openMenu") }));
    expect(await screen.findByRole("link", { name: t("admin.nav") })).toHaveAttribute("href", "/admin/companylist");
  });

  it("keeps the Admin link out of the menu of a non-admin", async () => {
    stubDashboardApi();
    setSession(sessionFor());
    const { user } = renderRoutes(routes, { initialEntries: ["/dashboard"] });
    await user.click(await screen.findByRole("button", { name: t("nav.openMenu") }));
    expect(await screen.findByRole("link", { name: t("nav.overview") })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: t("admin.nav") })).not.toBeInTheDocument();
  });
});
