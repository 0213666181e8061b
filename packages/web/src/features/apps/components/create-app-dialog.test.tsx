import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderRoutes, stubFetch } from "@/testing/test-utils";
import { CreateAppDialog } from "./create-app-dialog";

const t = (key: string) => i18n.t(key);

function renderDialog() {
  return renderRoutes(
    [
      { path: "/apps", element: <CreateAppDialog open onClose={() => {}} /> },
      { path: "/apps/:appId/settings", element: <p>settings page</p> },
    ],
    { initialEntries: ["/apps"] },
  );
}

describe("CreateAppDialog", () => {
  it("keeps Save disabled while the name is empty and asks for text", async () => {
    const { user } = renderDialog();
    const save = screen.getByRole("button", { name: t("common.save") });
    expect(save).toBeDisabled();

    const name = inputByLabel(t("apps.fields.name"));
    await user.type(name, "a");
    await waitFor(() => expect(save).toBeEnabled());
    await user.clear(name);

    expect(await screen.findByText(t("VALIDATION_REQUIRED"))).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(save).toBeDisabled();
  });

  it("keeps Save disabled for a name of only zero-width characters and says it is empty", async () => {
    const { user } = renderDialog();
    const name = inputByLabel(t("apps.fields.name"));
    await user.type(name, "\u200b\u2060");

    expect(await screen.findByText(t("VALIDATION_REQUIRED"))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: t("common.save") })).toBeDisabled();
  });

  it("shows a taken name (3005) under the input, marked invalid, not in a snackbar", async () => {
    stubFetch(() => jsonResponse(409, { code: "3005", message: "App name taken" }));
    const { user } = renderDialog();
    const name = inputByLabel(t("apps.fields.name"));
    await user.type(name, "Parley Chat");
    await user.click(screen.getByRole("button", { name: t("common.save") }));

    const message = await screen.findByText(t("ERROR_3005"));
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAttribute("aria-describedby", expect.stringContaining(message.id));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("creates the app and opens its settings", async () => {
    const app = {
      id: "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60",
      name: "Parley Chat",
      createdAt: "2025-03-01T00:00:00.000Z",
      messagesThisMonth: 0,
      deactivated: null,
    };
    const fetchMock = stubFetch(() => jsonResponse(200, { app }));
    const { user, router } = renderDialog();
    await user.type(inputByLabel(t("apps.fields.name")), "Parley Chat");
    await user.click(screen.getByRole("button", { name: t("common.save") }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/apps/${app.id}/settings`));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/apps");
    expect(JSON.parse(String(init?.body))).toEqual({ name: "Parley Chat" });
  });
});
