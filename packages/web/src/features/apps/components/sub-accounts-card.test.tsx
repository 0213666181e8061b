import type { TSubAccount } from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { SubAccountsCard } from "./sub-accounts-card";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const listUrl = `/api/apps/${appId}/sub-accounts`;

const active: TSubAccount = {
  id: "0c8e7f52-3f1f-4f1e-9f5e-1a2b3c4d5e6f",
  email: "dev@example.com",
  status: "active",
  invitedAt: "2025-03-01T09:00:00.000Z",
  linkExpiresAt: null,
  lastLoginAt: "2025-03-02T09:00:00.000Z",
};
const invited: TSubAccount = {
  id: "1d9f8a63-4a2b-4c3d-8e4f-2b3c4d5e6f70",
  email: "new@example.com",
  status: "invited",
  invitedAt: "2025-03-03T09:00:00.000Z",
  linkExpiresAt: "2999-03-04T09:00:00.000Z",
  lastLoginAt: null,
};

/** A server holding `initial`, answering the four sub-account calls as the contract says. */
function stubSubAccounts(initial: TSubAccount[]) {
  let subAccounts = [...initial];
  const fetchMock = stubFetch((url, init) => {
    const method = init?.method ?? "GET";
    if (url === listUrl && method === "GET") return jsonResponse(200, { subAccounts });
    if (url === listUrl && method === "POST") {
      const { email } = JSON.parse(String(init?.body)) as { email: string };
      const created = { ...invited, id: "2e0a9b74-5b3c-4d4e-9f50-3c4d5e6f7081", email };
      subAccounts = [...subAccounts, created];
      return jsonResponse(200, { subAccount: created });
    }
    const one = subAccounts.find((subAccount) => url.startsWith(`${listUrl}/${subAccount.id}`));
    if (one && method === "DELETE") {
      subAccounts = subAccounts.filter((subAccount) => subAccount !== one);
      return jsonResponse(200, {});
    }
    if (one && url.endsWith("/resend")) return jsonResponse(200, { subAccount: one });
    return jsonResponse(404, { code: "3061", message: "No such sub-account" });
  });
  return fetchMock;
}

describe("SubAccountsCard", () => {
  it("lists each sub-account with its status, and offers a new link only to one still invited", async () => {
    stubSubAccounts([active, invited]);
    renderWithRouter(<SubAccountsCard appId={appId} />, `/apps/${appId}/settings`);
    const table = await screen.findByRole("table", { name: t("apps.subAccounts.title") });

    const [, activeRow, invitedRow] = within(table).getAllByRole("row");
    if (!activeRow || !invitedRow) throw new Error("expected two rows");
    expect(activeRow).toHaveTextContent("dev@example.com");
    expect(activeRow).toHaveTextContent(t("apps.subAccounts.status.active"));
    expect(within(activeRow).queryByRole("button", { name: t("apps.subAccounts.resend") })).toBeNull();
    expect(invitedRow).toHaveTextContent(t("apps.subAccounts.status.invited"));
    expect(invitedRow).toHaveTextContent(t("apps.subAccounts.neverLoggedIn"));
    expect(within(invitedRow).getByRole("button", { name: t("apps.subAccounts.resend") })).toBeInTheDocument();
  });

  it("invites by email and lists the new sub-account as invited", async () => {
    const fetchMock = stubSubAccounts([]);
    const { user } = renderWithRouter(<SubAccountsCard appId={appId} />, `/apps/${appId}/settings`);
    expect(await screen.findByText(t("apps.subAccounts.empty"))).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: t("apps.subAccounts.invite") }));
    const dialog = await screen.findByRole("dialog", { name: t("apps.subAccounts.inviteTitle") });
    await user.type(inputByLabel(t("fields.email")), "Partner@Example.com");
    await user.click(within(dialog).getByRole("button", { name: t("apps.subAccounts.send") }));

    expect(
      await screen.findByText(t("apps.subAccounts.invited", { email: "partner@example.com" })),
    ).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: t("apps.subAccounts.title") });
    expect(within(table).getByText("partner@example.com")).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ email: "partner@example.com" });
  });

  it("shows the limit (3060) under the address when the server refuses another invitation", async () => {
    stubFetch((_url, init) =>
      init?.method === "POST"
        ? jsonResponse(409, { code: "3060", message: "too many" })
        : jsonResponse(200, { subAccounts: [] }),
    );
    const { user } = renderWithRouter(<SubAccountsCard appId={appId} />, `/apps/${appId}/settings`);
    // The invite button waits for the list, which says whether the app has room for another.
    expect(await screen.findByText(t("apps.subAccounts.empty"))).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: t("apps.subAccounts.invite") }));
    const dialog = await screen.findByRole("dialog", { name: t("apps.subAccounts.inviteTitle") });
    await user.type(inputByLabel(t("fields.email")), "one-more@example.com");
    await user.click(within(dialog).getByRole("button", { name: t("apps.subAccounts.send") }));

    expect(await within(dialog).findByText(t("ERROR_3060"))).toBeInTheDocument();
    expect(inputByLabel(t("fields.email"))).toHaveAttribute("aria-invalid", "true");
  });

  it("revokes a sub-account after confirmation and drops it from the list", async () => {
    const fetchMock = stubSubAccounts([active, invited]);
    const { user } = renderWithRouter(<SubAccountsCard appId={appId} />, `/apps/${appId}/settings`);
    const table = await screen.findByRole("table", { name: t("apps.subAccounts.title") });
    const row = within(table).getByText("dev@example.com").closest("tr");
    if (!row) throw new Error("no row for dev@example.com");

    await user.click(within(row).getByRole("button", { name: t("apps.subAccounts.revoke") }));
    const dialog = await screen.findByRole("dialog", { name: t("apps.subAccounts.revokeTitle") });
    expect(dialog).toHaveTextContent("dev@example.com");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: t("apps.subAccounts.revoke") }));

    expect(await screen.findByText(t("apps.subAccounts.revoked", { email: "dev@example.com" }))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("dev@example.com")).not.toBeInTheDocument());
    expect(screen.getByText("new@example.com")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(`${listUrl}/${active.id}`, expect.objectContaining({ method: "DELETE" }));
  });

  it("sends a new link after confirmation", async () => {
    const fetchMock = stubSubAccounts([invited]);
    const { user } = renderWithRouter(<SubAccountsCard appId={appId} />, `/apps/${appId}/settings`);
    await user.click(await screen.findByRole("button", { name: t("apps.subAccounts.resend") }));
    const dialog = await screen.findByRole("dialog", { name: t("apps.subAccounts.resendTitle") });
    await user.click(within(dialog).getByRole("button", { name: t("apps.subAccounts.resend") }));

    expect(await screen.findByText(t("apps.subAccounts.resent", { email: invited.email }))).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `${listUrl}/${invited.id}/resend`,
      expect.objectContaining({ method: "POST" }),
    );
  });
});
