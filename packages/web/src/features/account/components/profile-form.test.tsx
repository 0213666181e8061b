import type { TAccount } from "@parley/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { ChangePasswordForm } from "./change-password-form";
import { ProfileForm } from "./profile-form";

const t = (key: string) => i18n.t(key);

const account: TAccount = {
  email: "owner@example.com",
  name: "Kim Parley",
  contact: "01012345678",
  companyName: "Parley",
  companyHomepage: "",
  companyAddress: { postalCode: "", address: "", detail: "" },
  marketingConsent: false,
  language: "ko",
  paymentCurrency: "KRW",
  emailVerifiedAt: "2025-01-01T00:00:00.000Z",
  passwordChangedAt: "2025-01-01T00:00:00.000Z",
  createdAt: "2025-01-01T00:00:00.000Z",
};

const input = (key: string) => inputByLabel(t(key));

describe("ProfileForm", () => {
  it("keeps Save disabled until the form is changed and valid", async () => {
    const { user } = renderWithRouter(<ProfileForm account={account} />, "/settings");
    const save = screen.getByRole("button", { name: t("common.save") });
    expect(save).toBeDisabled();

    await user.clear(input("fields.companyName"));
    await waitFor(() => expect(screen.getByText(t("VALIDATION_REQUIRED"))).toBeInTheDocument());
    expect(save).toBeDisabled();

    await user.type(input("fields.companyName"), "Parley Labs");
    await waitFor(() => expect(save).toBeEnabled());

    await user.clear(input("fields.contact"));
    await user.type(input("fields.contact"), "010-1234");
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByText(t("VALIDATION_PHONE"))).toBeInTheDocument();
  });

  it("saves the profile with PUT /api/account", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { account }));
    const { user } = renderWithRouter(<ProfileForm account={account} />, "/settings");
    await user.clear(input("fields.name"));
    await user.type(input("fields.name"), "Lee Parley");
    await user.click(screen.getByRole("button", { name: t("common.save") }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/account");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: "Lee Parley", companyName: "Parley" });
    await waitFor(() => expect(screen.getByRole("button", { name: t("common.save") })).toBeDisabled());
  });
});

describe("ChangePasswordForm", () => {
  it("puts a wrong current password (1005) on that field", async () => {
    stubFetch(() => jsonResponse(400, { code: "1005", message: "Invalid password" }));
    const { user } = renderWithRouter(<ChangePasswordForm />, "/settings");
    const submit = screen.getByRole("button", { name: t("settings.password.submit") });
    expect(submit).toBeDisabled();

    await user.type(input("fields.currentPassword"), "old-password");
    await user.type(input("fields.newPassword"), "parley-2025!");
    await user.type(input("fields.newPasswordConfirm"), "parley-2025!");
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText(t("ERROR_1005"))).toBeInTheDocument();
    expect(input("fields.currentPassword")).toHaveAttribute("aria-invalid", "true");
  });
});
