import type { TSigningSecret } from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { LoginSigningCard } from "./login-signing-card";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const base = `/api/apps/${appId}/login-signing`;
const value = "pls_q3Jx7m0c5V1nW8e2YbKf4Lr9TgHs6PzaDuCoEiXwQvM";
const current: TSigningSecret = { id: "k1b2c3d4e5f6", createdAt: "2025-03-01T09:00:00.000Z", expiresAt: null };
const rotated: TSigningSecret = { id: "n7m8p9q0r1s2", createdAt: "2025-03-02T09:00:00.000Z", expiresAt: null };

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;

describe("LoginSigningCard", () => {
  it("creates the first secret, shows it once with its kid, and never lists it", async () => {
    let secrets: TSigningSecret[] = [];
    const fetchMock = stubFetch((url, init) => {
      if (url === `${base}/secrets` && init?.method === "POST") {
        secrets = [current];
        return jsonResponse(200, { secret: current, value, secrets });
      }
      if (url === `${base}/secrets`) return jsonResponse(200, { secrets });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user } = renderWithRouter(<LoginSigningCard appId={appId} />, "/apps/x/settings");
    expect(await screen.findByText(t("apps.loginSigning.empty"))).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: t("apps.loginSigning.create") }));
    const dialog = await screen.findByRole("dialog", { name: t("apps.loginSigning.secretTitle") });
    expect(within(dialog).getByTestId("signing-secret")).toHaveTextContent(value);
    expect(within(dialog).getByText(t("apps.loginSigning.secretKid", { kid: current.id }))).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: t("apps.loginSigning.copySecret") })).toBeInTheDocument();

    const table = await screen.findByRole("table", { name: t("apps.loginSigning.title"), hidden: true });
    await waitFor(() => expect(within(table).getByText(current.id)).toBeInTheDocument());
    expect(table).not.toHaveTextContent(value);

    await user.click(within(dialog).getByRole("button", { name: t("apps.loginSigning.secretDone") }));
    await waitFor(() => expect(document.body).not.toHaveTextContent(value));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(1);
  });

  it("rotates with the overlap chosen and lists the old secret until it stops", async () => {
    let secrets: TSigningSecret[] = [current];
    const posted: Record<string, unknown>[] = [];
    stubFetch((url, init) => {
      if (url === `${base}/secrets` && init?.method === "POST") {
        posted.push(bodyOf(init));
        secrets = [{ ...current, expiresAt: "2025-03-05T09:00:00.000Z" }, rotated];
        return jsonResponse(200, { secret: rotated, value, secrets });
      }
      if (url === `${base}/secrets`) return jsonResponse(200, { secrets });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user } = renderWithRouter(<LoginSigningCard appId={appId} />, "/apps/x/settings");
    await user.click(await screen.findByRole("button", { name: t("apps.loginSigning.rotate") }));
    const dialog = await screen.findByRole("dialog", { name: t("apps.loginSigning.rotateTitle") });
    await user.click(within(dialog).getByRole("combobox", { name: t("apps.loginSigning.overlap") }));
    await user.click(await screen.findByRole("option", { name: t("apps.loginSigning.overlapChoice.259200") }));
    await user.click(within(dialog).getByRole("button", { name: t("apps.loginSigning.rotate") }));

    const shown = await screen.findByRole("dialog", { name: t("apps.loginSigning.secretTitle") });
    expect(posted).toEqual([{ overlapSeconds: 259_200 }]);
    await user.click(within(shown).getByRole("button", { name: t("apps.loginSigning.secretDone") }));
    const table = await screen.findByRole("table", { name: t("apps.loginSigning.title") });
    await waitFor(() => expect(within(table).getByText(rotated.id)).toBeInTheDocument());
    expect(within(table).getByText(t("apps.loginSigning.current"))).toBeInTheDocument();
    expect(within(table).getAllByRole("row")).toHaveLength(3);
  });

  it("deletes a secret after confirmation", async () => {
    let secrets: TSigningSecret[] = [current];
    const deleted: string[] = [];
    stubFetch((url, init) => {
      if (url === `${base}/secrets/${current.id}` && init?.method === "DELETE") {
        deleted.push(current.id);
        secrets = [];
        return jsonResponse(200, { ok: true });
      }
      if (url === `${base}/secrets`) return jsonResponse(200, { secrets });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user } = renderWithRouter(<LoginSigningCard appId={appId} />, "/apps/x/settings");
    await user.click(await screen.findByRole("button", { name: t("apps.loginSigning.delete") }));
    const confirm = await screen.findByRole("dialog", { name: t("apps.loginSigning.deleteTitle") });
    expect(confirm).toHaveTextContent(t("apps.loginSigning.deleteLastBody", { kid: current.id }));
    await user.click(within(confirm).getByRole("button", { name: t("apps.loginSigning.delete") }));
    expect(await screen.findByText(t("apps.loginSigning.empty"))).toBeInTheDocument();
    expect(deleted).toEqual([current.id]);
  });

  it("revokes every token issued before now only after confirmation", async () => {
    const revokes: Record<string, unknown>[] = [];
    stubFetch((url, init) => {
      if (url === `${base}/revoke` && init?.method === "POST") {
        revokes.push(bodyOf(init));
        return jsonResponse(200, { issuedBefore: "2025-03-03T10:00:00.000Z" });
      }
      if (url === `${base}/secrets`) return jsonResponse(200, { secrets: [current] });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user } = renderWithRouter(<LoginSigningCard appId={appId} />, "/apps/x/settings");
    await user.click(await screen.findByRole("button", { name: t("apps.loginSigning.revokeAll") }));
    const confirm = await screen.findByRole("dialog", { name: t("apps.loginSigning.revokeTitle") });
    await user.click(within(confirm).getByRole("button", { name: t("common.cancel") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(revokes).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: t("apps.loginSigning.revokeAll") }));
    const again = await screen.findByRole("dialog", { name: t("apps.loginSigning.revokeTitle") });
    await user.click(within(again).getByRole("button", { name: t("apps.loginSigning.revokeAll") }));
    await waitFor(() => expect(revokes).toEqual([{}]));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
