import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { clearSession, setSession } from "@/lib/session";
import { jsonResponse, renderRoutes, sessionFor, stubFetch } from "@/testing/test-utils";
import AppLayout from "./app-layout";

const t = (key: string) => i18n.t(key);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";

function renderApp(deactivated: "app" | "account" | null) {
  stubFetch((url) => {
    if (url === `/api/apps/${appId}`) {
      return jsonResponse(200, {
        app: { id: appId, name: "Chat", createdAt: "2026-01-01T00:00:00.000Z", messagesThisMonth: 0, deactivated },
      });
    }
    return jsonResponse(200, {
      onboarding: { hasApiKey: true, hasUser: true, hasChannel: true, firstMessageAt: "2026-01-02T00:00:00.000Z" },
    });
  });
  return renderRoutes(
    [{ path: "/apps/:appId", element: <AppLayout />, children: [{ index: true, element: <p>the app's page</p> }] }],
    { initialEntries: [`/apps/${appId}`] },
  );
}

describe("an app's pages", () => {
  afterEach(() => clearSession());

  it.each([
    ["app", "apps.deactivated.app.title"],
    ["account", "apps.deactivated.account.title"],
  ] as const)("say why in place of the page when the app is deactivated (%s)", async (reason, title) => {
    setSession(sessionFor());
    renderApp(reason);
    expect(await screen.findByText(t(title))).toBeInTheDocument();
    expect(screen.queryByText("the app's page")).not.toBeInTheDocument();
  });

  it("show an administrator the page under the notice", async () => {
    setSession(sessionFor({ isAdmin: true }));
    renderApp("app");
    expect(await screen.findByText(t("apps.deactivated.app.title"))).toBeInTheDocument();
    expect(screen.getByText("the app's page")).toBeInTheDocument();
  });

  it("show an active app's page with no notice", async () => {
    setSession(sessionFor());
    renderApp(null);
    expect(await screen.findByText("the app's page")).toBeInTheDocument();
    expect(screen.queryByText(t("apps.deactivated.app.title"))).not.toBeInTheDocument();
  });
});
