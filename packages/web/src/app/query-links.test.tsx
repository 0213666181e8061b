import type { TLinkLoginResponse } from "@parley/contract";
import { render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, Navigate, Outlet, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AppProvider } from "@/app/provider";
import { i18n } from "@/i18n";
import { clearSession, getSession, setSession } from "@/lib/session";
import { jsonResponse, renderRoutes, sessionFor, stubFetch } from "@/testing/test-utils";
import { QueryLinkGate } from "./query-links";
import SignInLinkPage from "./routes/auth/sign-in-link";

function Root() {
  return (
    <QueryLinkGate>
      <Outlet />
    </QueryLinkGate>
  );
}

describe("mail links", () => {
  it("go to the verification page even when the landing page redirects elsewhere", async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Root />,
          children: [
            { path: "/", element: <Navigate to="/intro" replace /> },
            { path: "/intro", element: <p>home redirect</p> },
            { path: "/email/verification/confirm", element: <p>confirm page</p> },
          ],
        },
      ],
      { initialEntries: ["/?next=/email/verification/confirm&email=a%40b.co&code=xyz"] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("confirm page")).toBeInTheDocument();
    expect(screen.queryByText("home redirect")).toBeNull();
    expect(router.state.location.search).not.toContain("next=");
  });
});

const t = (key: string) => i18n.t(key);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const subAccountLink = `/?usertype=subaccount&appid=${appId}&sessiontoken=one-time-token&useremail=sub%40example.com`;

function linkSession(overrides: Partial<TLinkLoginResponse> = {}): TLinkLoginResponse {
  return {
    ...sessionFor({ sessionToken: "sub-session", email: "sub@example.com" }),
    userType: "subaccount",
    subAccountAppId: appId,
    passwordRequired: false,
    ...overrides,
  };
}

function renderLinkRoutes(initialEntry: string) {
  return renderRoutes(
    [
      {
        element: <Root />,
        children: [
          { path: "/", element: <Navigate to="/intro" replace /> },
          { path: "/intro", element: <p>home redirect</p> },
          { path: "/login", element: <p>login page</p> },
          { path: "/login/link", element: <SignInLinkPage /> },
          { path: "/password/first", element: <p>first password page</p> },
          { path: "/apps", element: <p>app list</p> },
          { path: "/apps/:appId/report", element: <p>app report</p> },
        ],
      },
    ],
    { initialEntries: [initialEntry] },
  );
}

describe("sign-in links", () => {
  afterEach(() => clearSession());

  it("exchange a sub-account link for a session, drop the query and open the app's report", async () => {
    const fetchMock = stubFetch((url) =>
      url === "/api/auth/link/login" ? jsonResponse(200, linkSession()) : jsonResponse(404, { code: "004" }),
    );
    const { router } = renderLinkRoutes(subAccountLink);

    expect(await screen.findByText("app report")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/apps/${appId}/report`);
    expect(router.state.location.search).toBe("");
    expect(JSON.stringify(router.state.location.state ?? null)).not.toContain("one-time-token");
    expect(screen.queryByText("home redirect")).toBeNull();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      userType: "subaccount",
      email: "sub@example.com",
      token: "one-time-token",
      appId,
    });
    expect(getSession()).toEqual({
      ...sessionFor({ sessionToken: "sub-session", email: "sub@example.com" }),
      userType: "subaccount",
      subAccountAppId: appId,
    });
  });

  it("exchange the one-time token once, even when React runs effects twice", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, linkSession()));
    const router = createMemoryRouter(
      [
        {
          element: <Root />,
          children: [
            { path: "/", element: <p>home</p> },
            { path: "/login/link", element: <SignInLinkPage /> },
            { path: "/apps/:appId/report", element: <p>app report</p> },
          ],
        },
      ],
      { initialEntries: [subAccountLink] },
    );
    render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
    expect(await screen.findByText("app report")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("send an account that has no password yet to the first-password page", async () => {
    stubFetch(() => jsonResponse(200, linkSession({ passwordRequired: true })));
    const { router } = renderLinkRoutes(subAccountLink);
    expect(await screen.findByText("first password page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/password/first");
    expect(getSession()?.sessionToken).toBe("sub-session");
  });

  it("replace the session of someone already logged in, without sending the old token", async () => {
    setSession(sessionFor({ sessionToken: "owner-session" }));
    const fetchMock = stubFetch(() =>
      jsonResponse(
        200,
        linkSession({ userType: "marketplaceaccount", subAccountAppId: null, email: "buyer@example.com" }),
      ),
    );
    const { router } = renderLinkRoutes(
      "/apps?usertype=marketplaceaccount&sessiontoken=mp-token&useremail=buyer%40example.com",
    );

    expect(await screen.findByText("app list")).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get("Authorization")).toBeNull();
    expect(JSON.parse(String(init?.body))).toEqual({
      userType: "marketplaceaccount",
      email: "buyer@example.com",
      token: "mp-token",
    });
    expect(getSession()).toMatchObject({ userType: "marketplaceaccount", email: "buyer@example.com" });
  });

  it("explain an expired link and offer the login page", async () => {
    stubFetch(() => jsonResponse(410, { code: "1027", message: "expired" }));
    const { router, user } = renderLinkRoutes(subAccountLink);

    expect(await screen.findByText(t("ERROR_1027"))).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
    expect(getSession()).toBeNull();
    await user.click(screen.getByRole("link", { name: t("signInLink.toLogin") }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("say that a link without its token is incomplete, without asking the server", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, linkSession()));
    renderLinkRoutes(`/?usertype=subaccount&appid=${appId}&useremail=sub%40example.com`);
    expect(await screen.findByText(t("signInLink.incomplete"))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
