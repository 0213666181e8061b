import type { TApiKey } from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { ApiKeysCard } from "./api-keys-card";

const t = (key: string) => i18n.t(key);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const secret = "pk_live_3f9a8c7e6d5b4a3928171605f4e3d2c1";
const apiKey: TApiKey = {
  id: "0c8e7f52-3f1f-4f1e-9f5e-1a2b3c4d5e6f",
  label: "production",
  prefix: "pk_live_3f9a",
  createdAt: "2025-03-01T09:00:00.000Z",
  lastUsedAt: null,
};

describe("ApiKeysCard", () => {
  it("shows a new key's secret once and never lists it", async () => {
    let keys: TApiKey[] = [];
    const fetchMock = stubFetch((url, init) => {
      if (url === `/api/apps/${appId}/api-keys` && init?.method === "POST") {
        keys = [apiKey];
        return jsonResponse(200, { apiKey, secret });
      }
      if (url === `/api/apps/${appId}/api-keys`) return jsonResponse(200, { apiKeys: keys });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user } = renderWithRouter(<ApiKeysCard appId={appId} />, "/apps/x/settings");
    expect(await screen.findByText(t("apps.apiKeys.empty"))).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: t("apps.apiKeys.create") }));
    const createDialog = await screen.findByRole("dialog", { name: t("apps.apiKeys.createTitle") });
    await user.type(inputByLabel(t("apps.apiKeys.label")), "production");
    await user.click(within(createDialog).getByRole("button", { name: t("apps.apiKeys.create") }));

    const secretDialog = await screen.findByRole("dialog", { name: t("apps.apiKeys.secretTitle") });
    expect(within(secretDialog).getByTestId("api-key-secret")).toHaveTextContent(secret);
    expect(within(secretDialog).getByText(t("apps.apiKeys.secretWarning"))).toBeInTheDocument();

    // The open dialog hides the page behind it from the accessibility tree; the list is still rendered there.
    const table = await screen.findByRole("table", { name: t("apps.apiKeys.title"), hidden: true });
    await waitFor(() => expect(within(table).getByText("pk_live_3f9a…")).toBeInTheDocument());
    expect(table).not.toHaveTextContent(secret);

    await user.click(within(secretDialog).getByRole("button", { name: t("apps.apiKeys.secretDone") }));
    await waitFor(() => expect(screen.queryByText(secret)).not.toBeInTheDocument());
    expect(document.body).not.toHaveTextContent(secret);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(1);
  });
});
