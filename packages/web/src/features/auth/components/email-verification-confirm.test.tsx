import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import { i18n } from "@/i18n";
import { clearSession, getSession } from "@/lib/session";
import { jsonResponse, renderRoutes, sessionFor, stubFetch } from "@/testing/test-utils";
import { EmailVerificationConfirm } from "./email-verification-confirm";

const t = (key: string, options?: Record<string, string>) => i18n.t(key, options);
const email = "new@example.com";

function renderPage() {
  return renderRoutes(
    [
      { path: "/email/verification/confirm", element: <EmailVerificationConfirm email={email} code="code-1" /> },
      { path: paths.dashboard.path, element: <p>dashboard</p> },
      { path: paths.auth.login.path, element: <p>login page</p> },
    ],
    { initialEntries: ["/email/verification/confirm"] },
  );
}

describe("EmailVerificationConfirm", () => {
  afterEach(() => clearSession());

  it("keeps the session the verification answered and goes on to the dashboard without a login", async () => {
    const session = sessionFor({ email, sessionToken: "fresh-token" });
    stubFetch(() => jsonResponse(200, { ok: true, session }));
    const { user } = renderPage();

    expect(await screen.findByText(new RegExp(t("verifyConfirm.signedIn", { email })))).toBeInTheDocument();
    expect(getSession()?.sessionToken).toBe("fresh-token");
    await user.click(screen.getByRole("link", { name: t("verifyConfirm.start") }));
    expect(await screen.findByText("dashboard")).toBeInTheDocument();
  });

  it("offers the login when the server verified the email without signing this browser in", async () => {
    stubFetch(() => jsonResponse(200, { ok: true, session: null }));
    renderPage();

    expect(await screen.findByText(t("verifyConfirm.success"))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: t("common.goToLogin") })).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });
});
