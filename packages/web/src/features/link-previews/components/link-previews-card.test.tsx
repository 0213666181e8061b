import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { LinkPreviewsCard } from "./link-previews-card";

const t = (key: string) => i18n.t(key);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const enabledPath = `/api/apps/${appId}/link-previews/enabled`;

/** The app's switch as the server keeps it: on until a PUT says otherwise. */
function stubServer() {
  let enabled = true;
  const fetchMock = stubFetch((url, init) => {
    const method = init?.method ?? "GET";
    if (url !== enabledPath) return jsonResponse(404, { code: "004", message: "No such route" });
    if (method === "PUT") enabled = JSON.parse(String(init?.body)).enabled;
    return jsonResponse(200, { enabled });
  });
  return { fetchMock, stored: () => enabled };
}

describe("LinkPreviewsCard", () => {
  it("shows the switch on for an app that never turned it off", async () => {
    stubServer();
    renderWithRouter(<LinkPreviewsCard appId={appId} />, `/apps/${appId}/settings`);
    expect(screen.getByRole("heading", { level: 2, name: t("linkPreviews.title") })).toBeInTheDocument();
    const toggle = await screen.findByRole("switch", { name: t("linkPreviews.enabled") });
    expect(toggle).toBeChecked();
    expect(toggle).toBeEnabled();
  });

  it("turns link previews off through the API at once and shows them off", async () => {
    const server = stubServer();
    const { user } = renderWithRouter(<LinkPreviewsCard appId={appId} />, `/apps/${appId}/settings`);
    const toggle = await screen.findByRole("switch", { name: t("linkPreviews.enabled") });
    await user.click(toggle);
    expect(await screen.findByText(t("linkPreviews.turnedOff"))).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    const puts = server.fetchMock.mock.calls.filter(([url, init]) => url === enabledPath && init?.method === "PUT");
    expect(puts.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ enabled: false }]);
    expect(server.stored()).toBe(false);
  });
});
