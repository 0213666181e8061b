import type { TCardSessionResult } from "@parley/contract";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { clearSession, setSession } from "@/lib/session";
import { jsonResponse, renderRoutes, sessionFor, stubFetch } from "@/testing/test-utils";
import BillingPayletterPage from "./billing-payletter";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const sessionId = "3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";

function renderPage(search = `?sessionId=${sessionId}`) {
  return renderRoutes(
    [
      { path: "/billing-payletter", element: <BillingPayletterPage /> },
      { path: "/login", element: <p>login page</p> },
      { path: "/bills", element: <p>billing page</p> },
    ],
    { initialEntries: [`/billing-payletter${search}`] },
  );
}

function gatewayResult(result: TCardSessionResult) {
  return stubFetch((url) =>
    url === `/api/billing/card/session/${sessionId}`
      ? jsonResponse(200, result)
      : jsonResponse(404, { code: "004", message: "No such route" }),
  );
}

afterEach(() => clearSession("logout"));

describe("BillingPayletterPage", () => {
  it("reports a registered card by its masked number and leads back to /bills", async () => {
    setSession(sessionFor());
    const fetchMock = gatewayResult({
      sessionId,
      result: "success",
      card: {
        brand: "Visa",
        maskedNumber: "•••• 4242",
        expiry: "12/29",
        holder: "Kim Parley",
        registeredAt: "2026-03-10T00:00:00.000Z",
      },
    });
    const { user, router } = renderPage();

    expect(await screen.findByText(t("billingPayletter.success", { card: "Visa •••• 4242" }))).toBeInTheDocument();
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get("Authorization")).toBe("Bearer token-1");
    await user.click(screen.getByRole("link", { name: t("billingPayletter.backToBills") }));
    expect(router.state.location.pathname).toBe("/bills");
  });

  it("gives the reason of a declined card", async () => {
    setSession(sessionFor());
    gatewayResult({ sessionId, result: "declined", card: null });
    renderPage();
    expect(await screen.findByText(t("billingPayletter.declined"))).toBeInTheDocument();
    expect(screen.queryByText(/4242/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: t("billingPayletter.backToBills") })).toHaveAttribute("href", "/bills");
  });

  it("waits for a registration the card page has not reported yet, then shows its result", async () => {
    setSession(sessionFor());
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      return jsonResponse(200, { sessionId, result: calls === 1 ? "pending" : "invalid", card: null });
    });
    renderPage();
    expect(await screen.findByText(t("billingPayletter.pending"))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(t("billingPayletter.invalid"))).toBeInTheDocument(), {
      timeout: 5000,
    });
  });

  it("says there is nothing to show for a registration the account does not own, and a server fault as such", async () => {
    setSession(sessionFor());
    stubFetch(() => jsonResponse(404, { code: "004", message: "Not found" }));
    const first = renderPage();
    expect(await screen.findByText(t("billingPayletter.noSession"))).toBeInTheDocument();
    first.unmount();

    stubFetch(() => jsonResponse(500, { code: "4002", message: "Plan service fault" }));
    renderPage();
    expect(await screen.findByText(t("ERROR_4002"))).toBeInTheDocument();
  });

  it("without a session asks for a login that returns to this result, and calls nothing", async () => {
    const fetchMock = stubFetch(() => jsonResponse(500, { code: "001", message: "unexpected" }));
    const { user, router } = renderPage();

    expect(screen.getByText(t("billingPayletter.loggedOut"))).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: t("common.login") }));
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.state).toEqual({
      from: { pathname: "/billing-payletter", search: `?sessionId=${sessionId}`, hash: "" },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
