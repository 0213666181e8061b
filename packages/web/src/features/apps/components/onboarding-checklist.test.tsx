import type { TAppOnboarding } from "@parley/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { appKeys } from "../api/keys";
import { ONBOARDING_STORAGE_KEY } from "../lib/onboarding-state";
import { OnboardingChecklist } from "./onboarding-checklist";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";
const nothingDone: TAppOnboarding = { hasApiKey: false, hasUser: false, hasChannel: false, firstMessageAt: null };

/** Answers the checklist's calls; `onboarding` is read at each call, so a test can change the app's data. */
function serve(data: { onboarding: TAppOnboarding }) {
  return stubFetch((url) => {
    if (url === `/api/apps/${appId}/onboarding`) return jsonResponse(200, { onboarding: data.onboarding });
    if (url === `/api/apps/${appId}/admin`) {
      return jsonResponse(200, { settings: { allowAnonymousLogin: false, defaultMemberLimit: 100 } });
    }
    return jsonResponse(404, { code: "004", message: "No such route" });
  });
}

const stepDone = (step: string) => screen.getByTestId(`onboarding-step-${step}`).getAttribute("data-done");

describe("OnboardingChecklist", () => {
  it("ticks the steps the server reports done and leaves the others open", async () => {
    serve({
      onboarding: { hasApiKey: true, hasUser: false, hasChannel: true, firstMessageAt: "2026-03-02T09:00:00Z" },
    });
    renderWithRouter(<OnboardingChecklist appId={appId} />);
    expect(await screen.findByText(t("onboarding.progress", { done: 2, total: 4 }))).toBeInTheDocument();
    expect(stepDone("appId")).toBe("false");
    expect(stepDone("apiKey")).toBe("true");
    expect(stepDone("sdk")).toBe("false");
    expect(stepDone("firstMessage")).toBe("true");
  });

  it("ticks the first message when the app's data changes, without a reload", async () => {
    const data = { onboarding: { ...nothingDone, hasChannel: true } };
    serve(data);
    const { queryClient } = renderWithRouter(<OnboardingChecklist appId={appId} />);
    await screen.findByText(t("onboarding.progress", { done: 0, total: 4 }));
    expect(stepDone("firstMessage")).toBe("false");

    data.onboarding = { ...data.onboarding, firstMessageAt: "2026-03-02T09:00:00Z" };
    await queryClient.invalidateQueries({ queryKey: appKeys.onboarding(appId) });
    await waitFor(() => expect(stepDone("firstMessage")).toBe("true"));
    expect(screen.getByText(t("onboarding.progress", { done: 1, total: 4 }))).toBeInTheDocument();
  });

  it("ticks the App ID once it is copied, and remembers it for the app", async () => {
    serve({ onboarding: nothingDone });
    const { user } = renderWithRouter(<OnboardingChecklist appId={appId} />);
    await screen.findByText(t("onboarding.progress", { done: 0, total: 4 }));
    await user.click(screen.getByRole("button", { name: t("apps.copyId") }));
    await waitFor(() => expect(stepDone("appId")).toBe("true"));
    expect(JSON.parse(window.localStorage.getItem(ONBOARDING_STORAGE_KEY) ?? "{}")[appId]).toMatchObject({
      isAppIdCopied: true,
    });
  });

  it("puts the real app id and this server in the SDK snippet", async () => {
    serve({ onboarding: { ...nothingDone, hasApiKey: true } });
    const { user } = renderWithRouter(<OnboardingChecklist appId={appId} />);
    await screen.findByText(t("onboarding.progress", { done: 1, total: 4 }));
    await user.click(screen.getByRole("button", { name: new RegExp(t("onboarding.steps.sdk.title")) }));
    const snippet = await screen.findByLabelText(t("onboarding.snippetLabel"));
    expect(snippet).toHaveTextContent(`baseUrl: "${window.location.origin}", appId: "${appId}"`);
    const sample = screen.getByRole("link", { name: t("onboarding.openSample") });
    expect(sample.getAttribute("href")).toContain(`appId=${appId}`);
  });

  it("hides itself once every step is done, and stays hidden for the app", async () => {
    window.localStorage.setItem(ONBOARDING_STORAGE_KEY, JSON.stringify({ [appId]: { isAppIdCopied: true } }));
    serve({
      onboarding: { hasApiKey: true, hasUser: true, hasChannel: true, firstMessageAt: "2026-03-02T09:00:00Z" },
    });
    const { queryClient } = renderWithRouter(<OnboardingChecklist appId={appId} />);
    await waitFor(() => expect(queryClient.getQueryState(appKeys.onboarding(appId))?.status).toBe("success"));
    expect(screen.queryByTestId("onboarding-checklist")).not.toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(ONBOARDING_STORAGE_KEY) ?? "{}")[appId]).toMatchObject({
        isComplete: true,
      }),
    );
  });

  it("stays dismissed for that app, and asks the server nothing more", async () => {
    const fetchMock = serve({ onboarding: nothingDone });
    const { user, unmount } = renderWithRouter(<OnboardingChecklist appId={appId} />);
    await screen.findByTestId("onboarding-checklist");
    await user.click(screen.getByRole("button", { name: t("onboarding.dismiss") }));
    expect(screen.queryByTestId("onboarding-checklist")).not.toBeInTheDocument();
    unmount();

    const callsBefore = fetchMock.mock.calls.length;
    renderWithRouter(<OnboardingChecklist appId={appId} />);
    expect(screen.queryByTestId("onboarding-checklist")).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(callsBefore);
  });

  it("folds its steps away and remembers that", async () => {
    serve({ onboarding: nothingDone });
    const { user } = renderWithRouter(<OnboardingChecklist appId={appId} />);
    await screen.findByTestId("onboarding-checklist");
    await user.click(screen.getByRole("button", { name: t("onboarding.collapse") }));
    expect(screen.getByRole("button", { name: t("onboarding.expand") })).toHaveAttribute("aria-expanded", "false");
    expect(JSON.parse(window.localStorage.getItem(ONBOARDING_STORAGE_KEY) ?? "{}")[appId]).toMatchObject({
      isCollapsed: true,
    });
  });
});
