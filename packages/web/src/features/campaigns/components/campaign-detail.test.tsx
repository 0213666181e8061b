import { CAMPAIGN_ACTIONS, CAMPAIGN_STATUSES, type TCampaignAction, type TCampaignStatus } from "@parley/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { appId, campaign, campaignsPath } from "../testing/fixtures";
import { CampaignDetail } from "./campaign-detail";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

/** What the server would hold for a campaign in `status`: only sends that started have a start time. */
function campaignIn(status: TCampaignStatus) {
  const hasStarted = !["draft", "awaiting"].includes(status);
  return campaign({
    status,
    startedAt: hasStarted ? "2026-03-10T09:00:00.000Z" : null,
    errorCode: status.endsWith("_failed") ? "3054" : null,
  });
}

function renderDetail(status: TCampaignStatus) {
  const shown = campaignIn(status);
  const fetchMock = stubFetch((url) =>
    url === `${campaignsPath}/${shown.id}`
      ? jsonResponse(200, { campaign: shown })
      : jsonResponse(404, { code: "004", message: "No such route" }),
  );
  const { user } = renderWithRouter(<CampaignDetail appId={appId} campaignId={shown.id} />);
  return { shown, fetchMock, user };
}

const actions = Object.keys(CAMPAIGN_ACTIONS) as TCampaignAction[];

describe("CampaignDetail", () => {
  it.each(CAMPAIGN_STATUSES)("offers only the actions a %s campaign allows", async (status) => {
    const { shown } = renderDetail(status);
    const group = await screen.findByRole("group", { name: t("campaigns.detail.actions") });

    const offered = [...within(group).queryAllByRole("button"), ...within(group).queryAllByRole("link")].map(
      (control) => control.textContent,
    );
    const allowed = actions
      .filter((action) => (CAMPAIGN_ACTIONS[action] as readonly TCampaignStatus[]).includes(status))
      .map((action) => t(`campaigns.actions.${action}`));
    const report = shown.startedAt ? [t("campaigns.actions.report")] : [];
    expect(offered.sort()).toEqual([...allowed, ...report].sort());
    expect(screen.getByText(t(`campaigns.status.${status}`))).toBeInTheDocument();
  });

  it("says which catalogue error stopped a failed send", async () => {
    renderDetail("send_failed");
    expect(await screen.findByTestId("campaign-error")).toHaveTextContent(t("ERROR_3054"));
  });

  it("shows how far a running send has got", async () => {
    const sending = campaign({
      status: "sending",
      progress: { recipients: 10, sent: 4, succeeded: 4, failed: 0, deleted: 0 },
    });
    stubFetch(() => jsonResponse(200, { campaign: sending }));
    renderWithRouter(<CampaignDetail appId={appId} campaignId={sending.id} />);
    expect(await screen.findByTestId("campaign-progress")).toHaveTextContent(
      t("campaigns.detail.progressCount", { done: "4", total: "10" }),
    );
    expect(screen.getByRole("progressbar", { name: t("campaigns.detail.sendProgress") })).toHaveAttribute(
      "aria-valuenow",
      "40",
    );
  });

  it("asks before deleting the sent messages, then asks the API to", async () => {
    const { shown, fetchMock, user } = renderDetail("sent");
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith("/delete-messages")
        ? jsonResponse(200, { campaign: { ...shown, status: "deleting" } })
        : jsonResponse(200, { campaign: shown }),
    );
    const group = await screen.findByRole("group", { name: t("campaigns.detail.actions") });

    await user.click(within(group).getByRole("button", { name: t("campaigns.actions.deleteMessages") }));
    const dialog = await screen.findByRole("dialog", { name: t("campaigns.detail.ask.deleteMessages.title") });
    await user.click(within(dialog).getByRole("button", { name: t("campaigns.actions.deleteMessages") }));

    expect(await screen.findByText(t("campaigns.detail.done.deleteMessages"))).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/delete-messages"));
    expect(call?.[1]?.method).toBe("POST");
    expect(await screen.findByText(t("campaigns.status.deleting"))).toBeInTheDocument();
  });
});
