import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderRoutes, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { ForgotPasswordForm } from "./forgot-password-form";
import { SignupForm } from "./signup-form";

const t = (key: string) => i18n.t(key);

function passwordInput() {
  return inputByLabel(t("fields.password"));
}

const termsBox = () => screen.getByRole("checkbox", { name: new RegExp(t("legal.terms.title")) });
const privacyBox = () => screen.getByRole("checkbox", { name: new RegExp(t("legal.privacy.title")) });
const marketingBox = () => screen.getByRole("checkbox", { name: t("fields.marketingConsent") });

async function fillAccount(user: ReturnType<typeof renderWithRouter>["user"], email = "new@example.com") {
  const field = (key: string) => inputByLabel(t(key));
  await user.type(field("fields.email"), email);
  await user.type(passwordInput(), "parley-2025!");
  await user.type(field("fields.passwordConfirm"), "parley-2025!");
  await user.type(field("fields.name"), "Kim Parley");
  await user.type(field("fields.contact"), "01012345678");
  await user.type(field("fields.companyName"), "Parley");
}

async function acceptTerms(user: ReturnType<typeof renderWithRouter>["user"]) {
  await user.click(termsBox());
  await user.click(privacyBox());
}

describe("SignupForm", () => {
  it("shows every broken password rule from the shared policy", async () => {
    const { user } = renderWithRouter(<SignupForm />, "/signup");
    await user.type(passwordInput(), "aaa111bbb");
    await user.tab();

    const help = await screen.findByText(new RegExp(t("VALIDATION_PASSWORD_LENGTH")));
    expect(help).toHaveTextContent(t("VALIDATION_PASSWORD_REPEAT"));
    expect(help).not.toHaveTextContent(t("VALIDATION_PASSWORD_KINDS"));
    expect(passwordInput()).toHaveAttribute("aria-invalid", "true");
  });

  it("reports a confirmation that does not match", async () => {
    const { user } = renderWithRouter(<SignupForm />, "/signup");
    await user.type(passwordInput(), "parley-2025!");
    const confirm = inputByLabel(t("fields.passwordConfirm"));
    await user.type(confirm, "parley-2024!");
    await user.tab();
    expect(await screen.findByText(t("VALIDATION_PASSWORD_MISMATCH"))).toBeInTheDocument();
  });

  it("refuses to submit until the form is valid", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { email: "x@example.com", verificationSent: true }));
    const { user } = renderWithRouter(<SignupForm />, "/signup");
    await user.click(screen.getByRole("button", { name: t("signup.submit") }));

    for (const key of ["fields.email", "fields.password", "fields.name", "fields.contact", "fields.companyName"]) {
      await waitFor(() => expect(inputByLabel(t(key))).toHaveAttribute("aria-invalid", "true"));
    }
    expect(screen.getAllByText(new RegExp(t("VALIDATION_REQUIRED"))).length).toBeGreaterThanOrEqual(5);
    expect(inputByLabel(t("fields.companyHomepage"))).toHaveAttribute("aria-invalid", "false");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts an existing account (1003) on the email field", async () => {
    stubFetch(() => jsonResponse(409, { code: "1003", message: "exists" }));
    const { user } = renderWithRouter(<SignupForm />, "/signup");
    const field = (key: string) => inputByLabel(t(key));
    await user.type(field("fields.email"), "taken@example.com");
    await user.type(passwordInput(), "parley-2025!");
    await user.type(field("fields.passwordConfirm"), "parley-2025!");
    await user.type(field("fields.name"), "Kim Parley");
    await user.type(field("fields.contact"), "01012345678");
    await user.type(field("fields.companyName"), "Parley");
    await acceptTerms(user);
    await user.click(screen.getByRole("button", { name: t("signup.submit") }));

    expect(await screen.findByText(t("ERROR_1003"))).toBeInTheDocument();
    expect(field("fields.email")).toHaveAttribute("aria-invalid", "true");
  });

  it("refuses to sign up until both the terms and the privacy policy are accepted, each with its own message", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { email: "new@example.com", verificationSent: true }));
    const { user } = renderWithRouter(<SignupForm />, "/signup");
    await fillAccount(user);
    await user.click(marketingBox());
    await user.click(screen.getByRole("button", { name: t("signup.submit") }));

    expect(await screen.findByText(t("VALIDATION_TERMS_REQUIRED"))).toBeInTheDocument();
    expect(screen.getByText(t("VALIDATION_PRIVACY_REQUIRED"))).toBeInTheDocument();
    expect(termsBox()).toHaveAttribute("aria-invalid", "true");
    expect(privacyBox()).toHaveAttribute("aria-invalid", "true");
    expect(termsBox()).toHaveAccessibleDescription(t("VALIDATION_TERMS_REQUIRED"));

    // The optional marketing consent does not stand in for either.
    await user.click(termsBox());
    await user.click(screen.getByRole("button", { name: t("signup.submit") }));
    await waitFor(() => expect(screen.queryByText(t("VALIDATION_TERMS_REQUIRED"))).not.toBeInTheDocument());
    expect(screen.getByText(t("VALIDATION_PRIVACY_REQUIRED"))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends both agreements with the signup, and marketing consent apart from them", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { email: "new@example.com", verificationSent: true }));
    const { user } = renderWithRouter(<SignupForm />, "/signup");
    await fillAccount(user);
    await acceptTerms(user);
    await user.click(screen.getByRole("button", { name: t("signup.submit") }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/signup");
    expect(JSON.parse(String(init?.body))).toMatchObject({
      termsAccepted: true,
      privacyAccepted: true,
      marketingConsent: false,
    });
  });

  it("ticks and clears every agreement at once with agree to all", async () => {
    const { user } = renderWithRouter(<SignupForm />, "/signup");
    const all = screen.getByRole("checkbox", { name: t("signup.consent.all") });
    await user.click(termsBox());
    expect(all).toHaveAttribute("data-indeterminate", "true");

    await user.click(all);
    for (const box of [termsBox(), privacyBox(), marketingBox(), all]) expect(box).toBeChecked();
    await user.click(all);
    for (const box of [termsBox(), privacyBox(), marketingBox(), all]) expect(box).not.toBeChecked();
  });

  it("links each agreement to its page in a new tab, so the form stays filled in", () => {
    renderWithRouter(<SignupForm />, "/signup");
    const terms = screen.getByRole("link", { name: new RegExp(t("legal.terms.title")) });
    const privacy = screen.getByRole("link", { name: new RegExp(t("legal.privacy.title")) });
    expect(terms).toHaveAttribute("href", "/intro/terms");
    expect(privacy).toHaveAttribute("href", "/intro/privacy");
    for (const link of [terms, privacy]) expect(link).toHaveAttribute("target", "_blank");
  });

  it("puts a refused agreement from the server on its checkbox", async () => {
    stubFetch(() =>
      jsonResponse(400, {
        code: "300",
        message: "invalid",
        data: { fields: [{ path: "privacyAccepted", message: "VALIDATION_PRIVACY_REQUIRED" }] },
      }),
    );
    const { user } = renderWithRouter(<SignupForm />, "/signup");
    await fillAccount(user);
    await acceptTerms(user);
    await user.click(screen.getByRole("button", { name: t("signup.submit") }));
    expect(await screen.findByText(t("VALIDATION_PRIVACY_REQUIRED"))).toBeInTheDocument();
    expect(privacyBox()).toHaveAttribute("aria-invalid", "true");
  });
});

describe("leaving the signup and forgot-password forms", () => {
  const signupThenLogin = () =>
    renderRoutes(
      [
        { path: paths.auth.signup.path, element: <SignupForm /> },
        { path: paths.auth.login.path, element: <p>login page</p> },
      ],
      { initialEntries: [paths.auth.signup.getHref()] },
    );

  const loginLink = () => {
    const link = screen.getAllByRole("link").find((a) => a.getAttribute("href") === paths.auth.login.getHref());
    if (!link) throw new Error("no link to the login page");
    return link;
  };

  it("asks before leaving signup with typed content, and stays on Stay", async () => {
    const { user } = signupThenLogin();
    await user.type(inputByLabel(t("fields.email")), "new@example.com");
    await user.click(loginLink());

    const dialog = await screen.findByRole("dialog", { name: t("leaveConfirm.title") });
    await user.click(within(dialog).getByRole("button", { name: t("leaveConfirm.stay") }));
    expect(inputByLabel(t("fields.email"))).toHaveValue("new@example.com");
    expect(screen.queryByText("login page")).toBeNull();
  });

  it("leaves signup on Leave", async () => {
    const { user } = signupThenLogin();
    await user.type(inputByLabel(t("fields.name")), "Kim");
    await user.click(loginLink());
    const dialog = await screen.findByRole("dialog", { name: t("leaveConfirm.title") });
    await user.click(within(dialog).getByRole("button", { name: t("leaveConfirm.leave") }));
    expect(await screen.findByText("login page")).toBeInTheDocument();
  });

  it("leaves an untouched signup form without asking", async () => {
    const { user } = signupThenLogin();
    await user.click(loginLink());
    expect(await screen.findByText("login page")).toBeInTheDocument();
  });

  it("asks before leaving the forgot-password form with a typed address", async () => {
    const { user } = renderRoutes(
      [
        { path: paths.auth.forgot.path, element: <ForgotPasswordForm /> },
        { path: paths.auth.login.path, element: <p>login page</p> },
      ],
      { initialEntries: [paths.auth.forgot.getHref()] },
    );
    await user.type(inputByLabel(t("fields.email")), "owner@example.com");
    await user.click(screen.getByRole("link", { name: t("common.backToLogin") }));
    expect(await screen.findByRole("dialog", { name: t("leaveConfirm.title") })).toBeInTheDocument();
  });
});
