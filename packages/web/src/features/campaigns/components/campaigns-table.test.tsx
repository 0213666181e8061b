import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { appId, campaign, campaignsPath } from "../testing/fixtures";
import { CampaignsTable } from "./campaigns-table";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

describe("CampaignsTable", () => {
  it("asks the API for one status when the filter names it, and for all without it", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { campaigns: [], nextCursor: null }));
    const { user } = renderWithRouter(<CampaignsTable appId={appId} />);
    expect(await screen.findByText(t("campaigns.list.emptyTitle"))).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`${campaignsPath}?limit=20`);

    await user.click(screen.getByRole("combobox", { name: t("campaigns.fields.status") }));
    await user.click(await screen.findByRole("option", { name: t("campaigns.status.sending") }));

    await waitFor(() =>
      expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(`${campaignsPath}?limit=20&status=sending`),
    );
    expect(await screen.findByText(t("campaigns.list.noMatch"))).toBeInTheDocument();
  });

  it("opens a draft in the wizard and any other campaign in its detail", async () => {
    const draft = campaign({ id: "11111111-1111-4111-8111-111111111111", title: "Half written", status: "draft" });
    const sent = campaign({ id: "22222222-2222-4222-8222-222222222222", title: "Went out", status: "sent" });
    stubFetch(() => jsonResponse(200, { campaigns: [draft, sent], nextCursor: null }));
    renderWithRouter(<CampaignsTable appId={appId} />);

    const draftRow = await screen.findByTestId(`campaign-row-${draft.id}`);
    expect(within(draftRow).getByRole("link", { name: "Half written" })).toHaveAttribute(
      "href",
      `/apps/${appId}/message/campaign/${draft.id}/draft`,
    );
    const sentRow = screen.getByTestId(`campaign-row-${sent.id}`);
    expect(within(sentRow).getByRole("link", { name: "Went out" })).toHaveAttribute(
      "href",
      `/apps/${appId}/message/campaign/${sent.id}/detail`,
    );
    expect(within(sentRow).getAllByText(t("campaigns.status.sent")).length).toBeGreaterThan(0);
  });
});
