import type { TUserType } from "@parley/contract";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { clearSession, setSession } from "@/lib/session";
import { jsonResponse, renderRoutes, renderWithRouter, sessionFor, stubFetch } from "@/testing/test-utils";
import { AppSettings } from "./app-settings";

const t = (key: string) => i18n.t(key);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";

function stubAppApi() {
  return stubFetch((url) => {
    const base = `/api/apps/${appId}`;
    if (url === base) {
      return jsonResponse(200, {
        app: {
          id: appId,
          name: "Chat",
          createdAt: "2025-03-01T00:00:00.000Z",
          messagesThisMonth: 0,
          deactivated: null,
        },
      });
    }
    if (url === `${base}/admin`) {
      return jsonResponse(200, { settings: { allowAnonymousLogin: false, defaultMemberLimit: 100 } });
    }
    if (url === `${base}/api-keys`) return jsonResponse(200, { apiKeys: [] });
    if (url === `${base}/sub-accounts`) return jsonResponse(200, { subAccounts: [] });
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
}

describe("AppSettings", () => {
  afterEach(() => clearSession());

  it("shows the owner the sub-accounts of the app", async () => {
    setSession(sessionFor());
    stubAppApi();
    renderWithRouter(<AppSettings appId={appId} />, `/apps/${appId}/settings`);
    expect(await screen.findByRole("heading", { level: 2, name: t("apps.subAccounts.title") })).toBeInTheDocument();
    expect(await screen.findByText(t("apps.subAccounts.empty"))).toBeInTheDocument();
  });

  it.each<TUserType>(["subaccount", "marketplaceaccount"])(
    "hides the sub-accounts from a %s and never asks for them",
    async (userType) => {
      setSession(sessionFor({ userType, subAccountAppId: userType === "subaccount" ? appId : null }));
      const fetchMock = stubAppApi();
      renderWithRouter(<AppSettings appId={appId} />, `/apps/${appId}/settings`);
      expect(await screen.findByRole("heading", { level: 2, name: t("apps.apiKeys.title") })).toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: t("apps.subAccounts.title") })).not.toBeInTheDocument();
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/sub-accounts"))).toBe(false);
    },
  );

  it("asks before leaving while a card the route put in holds unsaved changes", async () => {
    setSession(sessionFor());
    stubAppApi();
    const { router, user } = renderRoutes(
      [
        {
          path: "/apps/:appId/settings",
          element: (
            <AppSettings
              appId={appId}
              moreCards={(onDirtyChange) => (
                <button type="button" onClick={() => onDirtyChange(true)}>
                  Edit another card
                </button>
              )}
            />
          ),
        },
        { path: "/elsewhere", element: <p>Elsewhere</p> },
      ],
      { initialEntries: [`/apps/${appId}/settings`] },
    );
    await user.click(await screen.findByRole("button", { name: "Edit another card" }));
    await act(() => router.navigate("/elsewhere"));
    expect(await screen.findByRole("dialog", { name: t("leaveConfirm.title") })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/apps/${appId}/settings`);
  });
});
