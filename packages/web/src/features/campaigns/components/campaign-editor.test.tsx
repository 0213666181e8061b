import { screen, waitFor } from "@testing-library/react";
import { useParams } from "react-router";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderRoutes, stubFetch } from "@/testing/test-utils";
import { appId, brand, brandsPath, campaign, campaignsPath } from "../testing/fixtures";
import { ContinueCampaignDraft, RegisterCampaign, ResendCampaign } from "./campaign-editor";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const base = `/apps/${appId}/message/campaign`;

function DraftPage() {
  const { campaignId = "" } = useParams();
  return <ContinueCampaignDraft appId={appId} campaignId={campaignId} appName="Parley Demo" />;
}

function ResendPage() {
  const { campaignId = "" } = useParams();
  return <ResendCampaign appId={appId} campaignId={campaignId} />;
}

function renderEditor(initialEntry: string) {
  return renderRoutes(
    [
      { path: `${base}/register`, element: <RegisterCampaign appId={appId} appName="Parley Demo" /> },
      { path: `${base}/:campaignId/draft`, element: <DraftPage /> },
      { path: `${base}/:campaignId/resend`, element: <ResendPage /> },
      { path: `${base}/:campaignId/detail`, element: <p>detail page</p> },
    ],
    { initialEntries: [initialEntry] },
  );
}

describe("campaign editor pages", () => {
  it("moves a new message to its draft's address after the first temporary save", async () => {
    const saved = campaign({ status: "draft", title: "First draft", content: "", metadata: [] });
    stubFetch((url, init) => {
      if (url.startsWith(brandsPath)) return jsonResponse(200, { brands: [brand()], nextCursor: null });
      if (url === campaignsPath && init?.method === "POST") return jsonResponse(200, { campaign: saved });
      if (url === `${campaignsPath}/${saved.id}`) return jsonResponse(200, { campaign: saved });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user, router } = renderEditor(`${base}/register`);
    await user.type(await screen.findByRole("textbox", { name: new RegExp(`^${t("campaigns.fields.title")}`) }), "x");

    await user.click(screen.getByRole("button", { name: t("campaigns.form.temporarySave") }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/${saved.id}/draft`));
    expect(await screen.findByRole("heading", { level: 1, name: t("pages.campaignDraft") })).toBeInTheDocument();
    expect(inputByLabel(t("campaigns.fields.title"))).toHaveValue("First draft");
  });

  it("shows the detail instead of the wizard for a campaign that is no longer a draft", async () => {
    const sent = campaign({ status: "sent" });
    stubFetch(() => jsonResponse(200, { campaign: sent }));
    const { router } = renderEditor(`${base}/${sent.id}/draft`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/${sent.id}/detail`));
  });

  it("copies a campaign once for resending and replaces the address with the new draft's", async () => {
    const original = campaign({ status: "sent" });
    const copy = campaign({ id: "33333333-3333-4333-8333-333333333333", status: "draft", resentFromId: original.id });
    const fetchMock = stubFetch((url) => {
      if (url === `${campaignsPath}/${original.id}/resend`) return jsonResponse(200, { campaign: copy });
      if (url.startsWith(brandsPath)) return jsonResponse(200, { brands: [brand()], nextCursor: null });
      if (url === `${campaignsPath}/${copy.id}`) return jsonResponse(200, { campaign: copy });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { router } = renderEditor(`${base}/${original.id}/resend`);

    await waitFor(() => expect(router.state.location.pathname).toBe(`${base}/${copy.id}/draft`));
    expect(await screen.findByRole("heading", { level: 1, name: t("pages.campaignDraft") })).toBeInTheDocument();
    const resends = fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/resend"));
    expect(resends).toHaveLength(1);
    expect(resends[0]?.[1]?.method).toBe("POST");
    expect(router.state.historyAction).toBe("REPLACE");
  });
});
