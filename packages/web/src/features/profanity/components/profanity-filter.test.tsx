import { DEFAULT_PROFANITY_SETTINGS, type TProfanitySettings } from "@parley/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { ProfanityFilter } from "./profanity-filter";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const base = `/api/apps/${appId}/profanity/filter`;

function stubServer() {
  let settings: TProfanitySettings = DEFAULT_PROFANITY_SETTINGS;
  let enabled = false;
  return stubFetch((url, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url === base && init?.method === "PUT") {
      settings = body;
      return jsonResponse(200, { settings });
    }
    if (url === base) return jsonResponse(200, { settings });
    if (url === `${base}/enabled` && init?.method === "PUT") {
      enabled = body.enabled;
      return jsonResponse(200, { enabled });
    }
    if (url === `${base}/enabled`) return jsonResponse(200, { enabled });
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
}

/** By label, not role: role queries walk the whole MUI tree on every call and make this test slow. */
const textbox = (label: string) => screen.getByLabelText(label, { selector: "textarea" });

describe("ProfanityFilter", () => {
  // Some twenty keystrokes through MUI fields: jsdom renders each, which outruns the default 5 s on a busy machine.
  it("previews the unsaved settings live: masks, then blocks, and saves what it previewed", {
    timeout: 15_000,
  }, async () => {
    const fetchMock = stubServer();
    const { user } = renderWithRouter(<ProfanityFilter appId={appId} />, `/apps/${appId}/profanity-filter`);
    const save = await screen.findByRole("button", { name: t("common.save") });
    expect(save).toBeDisabled();

    await user.click(textbox(t("profanity.preview.sample")));
    await user.paste("oh darnit, call 1234");
    expect(await screen.findByTestId("profanity-preview-text")).toHaveTextContent("oh darnit, call 1234");
    expect(screen.getByText(t("profanity.preview.clean"))).toBeInTheDocument();

    await user.type(textbox(t("profanity.keywords")), "darn");
    await waitFor(() => expect(screen.getByTestId("profanity-preview-text")).toHaveTextContent("oh ******, call 1234"));

    await user.type(textbox(t("profanity.regexes")), "\\d{{4}");
    await waitFor(() => expect(screen.getByTestId("profanity-preview-text")).toHaveTextContent("oh ******, call ****"));

    await user.click(screen.getByLabelText(t("profanity.method.block")));
    expect(await screen.findByText(t("profanity.preview.blocked", { words: "darnit, 1234" }))).toBeInTheDocument();

    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    const put = fetchMock.mock.calls.find(([url, init]) => url === base && init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      ...DEFAULT_PROFANITY_SETTINGS,
      method: "block",
      keywords: ["darn"],
      regexes: ["\\d{4}"],
    });
  });

  it("shows the localized error under a slash-wrapped expression and keeps Save disabled", async () => {
    stubServer();
    const { user } = renderWithRouter(<ProfanityFilter appId={appId} />, `/apps/${appId}/profanity-filter`);
    const save = await screen.findByRole("button", { name: t("common.save") });

    await user.type(textbox(t("profanity.regexes")), "ok{Enter}/bad/");
    expect(
      await screen.findByText(t("profanity.regexLineError", { entry: 2, error: t("VALIDATION_REGEX_SLASHES") })),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.click(textbox(t("profanity.preview.sample")));
    await user.paste("so bad");
    expect(await screen.findByTestId("profanity-preview-text")).toHaveTextContent("so bad");
  });

  it("saves the switch at once", async () => {
    const fetchMock = stubServer();
    const { user } = renderWithRouter(<ProfanityFilter appId={appId} />, `/apps/${appId}/profanity-filter`);
    const toggle = await screen.findByRole("switch", { name: t("profanity.enabled") });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const put = fetchMock.mock.calls.find(([url, init]) => url === `${base}/enabled` && init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ enabled: true });
  });
});
