import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { clearSession, getSession, setSession } from "@/lib/session";
import { inputByLabel, jsonResponse, renderRoutes, sessionFor, stubFetch } from "@/testing/test-utils";
import { FirstPasswordForm } from "./first-password-form";

const t = (key: string) => i18n.t(key);
const subAccount = sessionFor({ userType: "subaccount", subAccountAppId: "app-7", email: "sub@example.com" });

function renderForm() {
  return renderRoutes(
    [
      { path: "/password/first", element: <FirstPasswordForm /> },
      { path: "/apps/:appId/report", element: <p>app report</p> },
    ],
    { initialEntries: ["/password/first"] },
  );
}

async function submitPassword(user: ReturnType<typeof renderForm>["user"], password: string, confirm = password) {
  await user.type(inputByLabel(t("fields.newPassword")), password);
  await user.type(inputByLabel(t("fields.newPasswordConfirm")), confirm);
  await user.click(screen.getByRole("button", { name: t("firstPassword.submit") }));
}

describe("FirstPasswordForm", () => {
  afterEach(() => clearSession());

  it("sets the first password, keeps the answered session and opens the sub-account's app", async () => {
    setSession(subAccount);
    const changedAt = "2025-04-01T00:00:00.000Z";
    const fetchMock = stubFetch(() => jsonResponse(200, { ...subAccount, passwordChangedAt: changedAt }));
    const { router, user } = renderForm();
    expect(screen.getByDisplayValue("sub@example.com")).toBeInTheDocument();
    await submitPassword(user, "parley-2025!");

    expect(await screen.findByText("app report")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/apps/app-7/report");
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/password/first", expect.objectContaining({ method: "POST" }));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ password: "parley-2025!" });
    expect(getSession()?.passwordChangedAt).toBe(changedAt);
  });

  it("refuses a confirmation that does not match, without asking the server", async () => {
    setSession(subAccount);
    const fetchMock = stubFetch(() => jsonResponse(200, subAccount));
    const { user } = renderForm();
    await submitPassword(user, "parley-2025!", "parley-2024!");

    expect(await screen.findByText(t("VALIDATION_PASSWORD_MISMATCH"))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("goes on when the account already has a password (1028)", async () => {
    setSession(subAccount);
    stubFetch(() => jsonResponse(409, { code: "1028", message: "has a password" }));
    const { router, user } = renderForm();
    await submitPassword(user, "parley-2025!");

    expect(await screen.findByText(t("ERROR_1028"))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/apps/app-7/report");
  });

  it("asks before leaving with a typed password, and stays put until Leave", async () => {
    setSession(subAccount);
    const { router, user } = renderForm();
    await user.type(inputByLabel(t("fields.newPassword")), "parley-2025!");
    await act(() => router.navigate("/apps/app-7/report"));

    expect(await screen.findByRole("dialog", { name: t("leaveConfirm.title") })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/password/first");
    await user.click(screen.getByRole("button", { name: t("leaveConfirm.leave") }));
    expect(await screen.findByText("app report")).toBeInTheDocument();
  });
});
