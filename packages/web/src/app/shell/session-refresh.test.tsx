import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { routes } from "@/app/routes";
import { paths } from "@/config/paths";
import { i18n } from "@/i18n";
import { clearSession, getSession, setSession } from "@/lib/session";
import { jsonResponse, renderRoutes, sessionFor, stubFetch } from "@/testing/test-utils";

const t = (key: string) => i18n.t(key);

describe("an open dashboard session", () => {
  beforeEach(() => clearSession());
  afterEach(() => clearSession());

  it("opens the brand pages once an admin turned the notice feature on after login, without a new login", async () => {
    setSession(sessionFor({ noticeFeatureEnabled: false }));
    const sessionCalls: string[] = [];
    stubFetch((url, init) => {
      if (url === "/api/auth/session") {
        sessionCalls.push(new Headers(init?.headers).get("authorization") ?? "");
        return jsonResponse(200, sessionFor({ noticeFeatureEnabled: true }));
      }
      if (url.startsWith("/api/apps/app-1/notice/brands")) return jsonResponse(200, { brands: [], total: 0 });
      if (url.startsWith("/api/apps")) return jsonResponse(200, { apps: [] });
      if (url.startsWith("/api/notifications")) return jsonResponse(200, { notifications: [] });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { router } = renderRoutes(routes, { initialEntries: [paths.apps.report.getHref("app-1")] });

    await waitFor(() => expect(getSession()?.noticeFeatureEnabled).toBe(true));
    expect(sessionCalls[0]).toBe("Bearer token-1");
    await router.navigate(paths.apps.message.root.getHref("app-1"));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.apps.message.brandList.getHref("app-1")));
    expect(await screen.findByRole("heading", { level: 1, name: t("pages.brandList") })).toBeInTheDocument();
  });

  it("leaves the stored session alone when nothing changed", async () => {
    const session = sessionFor({ noticeFeatureEnabled: true });
    setSession(session);
    let refreshed = false;
    stubFetch((url) => {
      if (url === "/api/auth/session") {
        refreshed = true;
        return jsonResponse(200, session);
      }
      if (url.startsWith("/api/apps")) return jsonResponse(200, { apps: [] });
      if (url.startsWith("/api/notifications")) return jsonResponse(200, { notifications: [] });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    renderRoutes(routes, { initialEntries: [paths.apps.list.getHref()] });
    await waitFor(() => expect(refreshed).toBe(true));
    expect(getSession()).toBe(session);
  });
});
