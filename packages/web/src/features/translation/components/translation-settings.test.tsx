import type { TTranslationKey } from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { TranslationSettings } from "./translation-settings";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const base = `/api/apps/${appId}/translation/google`;
const GOOD_KEY = "AIzaSyA-good-key-1234";

/** Google accepts only GOOD_KEY; verify says why it refuses others, and PUT refuses them with 3036. */
function stubServer({
  key: initialKey = null,
  enabled: initialEnabled = false,
}: {
  key?: TTranslationKey | null;
  enabled?: boolean;
} = {}) {
  let enabled = initialEnabled;
  let key = initialKey;
  return stubFetch((url, init) => {
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    switch (`${method} ${url}`) {
      case `GET ${base}/enabled`:
        return jsonResponse(200, { enabled });
      case `PUT ${base}/enabled`:
        if (body.enabled && !key) return jsonResponse(409, { code: "3064", message: "Save a key first." });
        enabled = body.enabled;
        return jsonResponse(200, { enabled });
      case `GET ${base}`:
        return jsonResponse(200, { key });
      case `POST ${base}/verify`:
        return jsonResponse(
          200,
          body.key === GOOD_KEY ? { valid: true, reason: null } : { valid: false, reason: "API key not valid." },
        );
      case `PUT ${base}`:
        if (body.key !== GOOD_KEY) {
          return jsonResponse(400, {
            code: "3036",
            message: "invalid service key",
            data: { reason: "API key expired. Please renew the API key." },
          });
        }
        key = { hint: "…1234", createdAt: "2026-03-10T09:00:00.000Z" };
        return jsonResponse(200, { key });
      case `DELETE ${base}`:
        key = null;
        enabled = false;
        return new Response(null, { status: 204 });
      default:
        return jsonResponse(404, { code: "004", message: "No such route" });
    }
  });
}

const renderScreen = () => renderWithRouter(<TranslationSettings appId={appId} />, `/apps/${appId}/translation`);

// Rendering the screen and typing through MUI fields in jsdom outruns the default 5 s on a busy machine.
describe("TranslationSettings", () => {
  it("verifies a key, saves it and shows its hint and date; the switch saves at once", async () => {
    const fetchMock = stubServer();
    const { user } = renderScreen();
    expect(await screen.findByRole("heading", { level: 1, name: t("pages.translation") })).toBeInTheDocument();
    expect(await screen.findByText(t("translation.key.none"))).toBeInTheDocument();
    const toggle = screen.getByRole("switch", { name: t("translation.enabled") });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(t("translation.needsKey"));

    await user.click(screen.getByRole("button", { name: t("translation.key.register") }));
    const dialog = await screen.findByRole("dialog", { name: t("translation.key.registerTitle") });
    await user.type(inputByLabel(t("translation.key.label")), GOOD_KEY);
    await user.click(within(dialog).getByRole("button", { name: t("translation.key.verify") }));
    expect(await within(dialog).findByText(t("translation.key.valid"))).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: t("common.save") }));
    const facts = await screen.findByTestId("translation-key-facts");
    expect(facts).toHaveTextContent("…1234");
    const registered = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
      new Date("2026-03-10T09:00:00.000Z"),
    );
    expect(facts).toHaveTextContent(t("translation.key.createdAt", { date: registered }));
    expect(await screen.findByRole("button", { name: t("translation.key.replace") })).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url, init]) => url === base && init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ key: GOOD_KEY });

    await waitFor(() => expect(toggle).toBeEnabled());
    expect(screen.queryByText(t("translation.needsKey"))).not.toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it("shows why verification failed, and a refused key (3036) on the key field without saving it", async () => {
    stubServer();
    const { user } = renderScreen();
    await user.click(await screen.findByRole("button", { name: t("translation.key.register") }));
    const dialog = await screen.findByRole("dialog", { name: t("translation.key.registerTitle") });
    const field = inputByLabel(t("translation.key.label"));
    await user.type(field, "bad-key");
    await user.click(within(dialog).getByRole("button", { name: t("translation.key.verify") }));
    expect(
      await within(dialog).findByText(t("translation.key.invalidReason", { reason: "API key not valid." })),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: t("common.save") })).toBeDisabled();

    // Another key makes the verdict stale: Save is offered again, and the server has the last word.
    await user.type(field, "2");
    expect(within(dialog).queryByText(/API key not valid/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: t("common.save") }));
    expect(await within(dialog).findByText(t("ERROR_3036"))).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(
      within(dialog).getByText(
        t("translation.key.invalidReason", { reason: "API key expired. Please renew the API key." }),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(t("translation.key.none"))).toBeInTheDocument();
  });

  it("deletes the key after confirmation, and shows translation switched off with it", async () => {
    const fetchMock = stubServer({ key: { hint: "…9876", createdAt: "2026-01-05T00:00:00.000Z" }, enabled: true });
    const { user } = renderScreen();
    expect(await screen.findByTestId("translation-key-facts")).toHaveTextContent("…9876");
    await user.click(screen.getByRole("button", { name: t("common.delete") }));
    const confirm = await screen.findByRole("dialog", { name: t("translation.key.deleteTitle") });
    await user.click(within(confirm).getByRole("button", { name: t("common.delete") }));
    expect(await screen.findByText(t("translation.key.none"))).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === base && init?.method === "DELETE")).toBe(true);
    const toggle = await screen.findByRole("switch", { name: t("translation.enabled") });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
  });
});
