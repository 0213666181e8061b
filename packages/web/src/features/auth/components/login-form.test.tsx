import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { clearSession, getSession } from "@/lib/session";
import { inputByLabel, jsonResponse, renderWithRouter, sessionFor, stubFetch } from "@/testing/test-utils";
import { LoginForm } from "./login-form";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

async function submitLogin(user: ReturnType<typeof renderWithRouter>["user"]) {
  await user.type(inputByLabel(t("fields.email")), "a@example.com");
  await user.type(inputByLabel(t("fields.password")), "secret-pass");
  await user.click(screen.getByRole("button", { name: t("login.submit") }));
}

describe("LoginForm", () => {
  afterEach(() => clearSession());

  it("shows the failure count of a wrong password (1024)", async () => {
    stubFetch(() =>
      jsonResponse(401, { code: "1024", message: "Wrong", data: { failedLoginCount: 2, maxFailedLogins: 5 } }),
    );
    const { user } = renderWithRouter(<LoginForm />, "/login");
    await submitLogin(user);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(t("ERROR_1024", { failed: 2, max: 5 }));
    expect(alert).toHaveTextContent("2/5");
    expect(getSession()).toBeNull();
  });

  it("links a locked account (1025) to the password reset", async () => {
    stubFetch(() => jsonResponse(423, { code: "1025", message: "Locked" }));
    const { user } = renderWithRouter(<LoginForm />, "/login");
    await submitLogin(user);

    const link = await screen.findByRole("link", { name: t("login.resetPasswordLink") });
    expect(link).toHaveAttribute("href", "/forgot");
  });

  it("stores the session returned by a successful login", async () => {
    const session = sessionFor({ email: "a@example.com" });
    const fetchMock = stubFetch(() => jsonResponse(200, session));
    const { user } = renderWithRouter(<LoginForm />, "/login");
    await submitLogin(user);

    await screen.findByRole("button", { name: t("login.submit") });
    await expect.poll(() => getSession()?.sessionToken).toBe("token-1");
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toEqual({ email: "a@example.com", password: "secret-pass" });
  });
});
