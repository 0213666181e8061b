import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { SignupForm } from "./signup-form";

const t = (key: string) => i18n.t(key);

function passwordInput() {
  return inputByLabel(t("fields.password"));
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
    await user.click(screen.getByRole("button", { name: t("signup.submit") }));

    expect(await screen.findByText(t("ERROR_1003"))).toBeInTheDocument();
    expect(field("fields.email")).toHaveAttribute("aria-invalid", "true");
  });
});
