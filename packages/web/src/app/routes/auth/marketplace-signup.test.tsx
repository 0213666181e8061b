import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { clearSession, getSession } from "@/lib/session";
import { inputByLabel, jsonResponse, renderRoutes, sessionFor, stubFetch } from "@/testing/test-utils";
import MarketplaceSignupPage from "./marketplace-signup";

const t = (key: string) => i18n.t(key);

function renderPage(initialEntry: string) {
  return renderRoutes(
    [
      { path: "/marketplace/signup", element: <MarketplaceSignupPage /> },
      { path: "/apps", element: <p>app list</p> },
    ],
    { initialEntries: [initialEntry] },
  );
}

async function fillProfile(user: ReturnType<typeof renderPage>["user"]) {
  await user.type(inputByLabel(t("fields.name")), "Kim Parley");
  await user.type(inputByLabel(t("fields.contact")), "01012345678");
  await user.type(inputByLabel(t("fields.companyName")), "Parley");
  await user.click(screen.getByRole("checkbox", { name: new RegExp(t("legal.terms.title")) }));
  await user.click(screen.getByRole("checkbox", { name: new RegExp(t("legal.privacy.title")) }));
}

describe("MarketplaceSignupPage", () => {
  afterEach(() => clearSession());

  it("explains that it opens from the marketplace when the address has no token", async () => {
    const fetchMock = stubFetch(() => jsonResponse(404, { code: "004" }));
    renderPage("/marketplace/signup");
    expect(await screen.findByText(t("marketplaceSignup.noTokenBody"))).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: t("marketplaceSignup.submit") })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("creates the account with the marketplace token, signs in with the answer and opens the app list", async () => {
    const fetchMock = stubFetch((url) => {
      if (url === "/api/marketplace/signup") {
        return jsonResponse(200, { email: "buyer@example.com", signInToken: "sign-in-token" });
      }
      if (url === "/api/auth/link/login") {
        return jsonResponse(200, {
          ...sessionFor({ sessionToken: "mp-session", email: "buyer@example.com", userType: "marketplaceaccount" }),
          passwordRequired: false,
        });
      }
      return jsonResponse(404, { code: "004" });
    });
    const { router, user } = renderPage("/marketplace/signup?token=signed.token");
    await fillProfile(user);
    await user.click(screen.getByRole("button", { name: t("marketplaceSignup.submit") }));

    expect(await screen.findByText("app list")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/apps");
    const bodies = fetchMock.mock.calls.map(([url, init]) => [url, JSON.parse(String(init?.body))]);
    expect(bodies).toEqual([
      [
        "/api/marketplace/signup",
        expect.objectContaining({
          token: "signed.token",
          language: i18n.language,
          name: "Kim Parley",
          contact: "01012345678",
          companyName: "Parley",
        }),
      ],
      ["/api/auth/link/login", { userType: "marketplaceaccount", email: "buyer@example.com", token: "sign-in-token" }],
    ]);
    expect(getSession()).toMatchObject({ sessionToken: "mp-session", userType: "marketplaceaccount" });
  });

  it("says above the form when the marketplace token is refused (9003)", async () => {
    stubFetch(() => jsonResponse(400, { code: "9003", message: "bad token" }));
    const { router, user } = renderPage("/marketplace/signup?token=forged");
    await fillProfile(user);
    await user.click(screen.getByRole("button", { name: t("marketplaceSignup.submit") }));

    expect(await screen.findByText(t("ERROR_9003"))).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/marketplace/signup"));
    expect(getSession()).toBeNull();
  });
});
