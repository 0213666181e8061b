import { campaignReportDays, type TCampaignReport } from "@parley/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { appId, campaign, campaignsPath } from "../testing/fixtures";
import { CampaignReport } from "./campaign-report";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

describe("CampaignReport", () => {
  it("shows the send's figures and the reads of each day by month/day", async () => {
    const sent = campaign({ progress: { recipients: 1200, sent: 1200, succeeded: 1190, failed: 10, deleted: 0 } });
    const days = campaignReportDays(sent.startedAt ?? "");
    const report: TCampaignReport = {
      campaign: sent,
      dailyReads: days.map((day, index) => ({ day, reads: index === 0 ? 1000 : index === 1 ? 20 : 0 })),
      reads: 1020,
    };
    const fetchMock = stubFetch(() => jsonResponse(200, report));
    renderWithRouter(<CampaignReport appId={appId} campaignId={sent.id} />);

    expect(await screen.findByTestId("report-recipients")).toHaveTextContent("1,200");
    expect(screen.getByTestId("report-failed")).toHaveTextContent("10");
    expect(screen.getByTestId("report-reads")).toHaveTextContent("1,020");
    const table = screen.getByRole("table", { name: t("campaigns.report.table") });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(15);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["3/10", "1,000"]);
    expect(table).not.toHaveTextContent("2026");
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`${campaignsPath}/${sent.id}/report`);
  });
});
