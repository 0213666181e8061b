import type { TAppMetricsResponse } from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { AppReport } from "./app-report";

const t = (key: string) => i18n.t(key);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";

const report: TAppMetricsResponse = {
  from: "2026-03-09",
  to: "2026-03-12",
  data: [
    {
      date: "2026-03-09",
      activeUserCount: 0,
      messageCount: 0,
      messageSenderCount: 0,
      reactionCount: 0,
      replyCount: 0,
      callMinutes: 0,
    },
    {
      date: "2026-03-10",
      activeUserCount: 2,
      messageCount: 1234,
      messageSenderCount: 2,
      reactionCount: 15,
      replyCount: 4,
      callMinutes: 0,
    },
    {
      date: "2026-03-11",
      activeUserCount: 0,
      messageCount: 0,
      messageSenderCount: 0,
      reactionCount: 2,
      replyCount: 0,
      callMinutes: 0,
    },
    {
      date: "2026-03-12",
      activeUserCount: 1,
      messageCount: 1,
      messageSenderCount: 1,
      reactionCount: 0,
      replyCount: 1,
      callMinutes: 0,
    },
  ],
  totals: {
    activeUserCount: 3,
    messageCount: 1235,
    messageSenderCount: 3,
    reactionCount: 17,
    replyCount: 5,
    callMinutes: 0,
  },
};

describe("AppReport", () => {
  it("asks for the range in the address and shows every day, the quiet ones as zeros, by month/day", async () => {
    const fetchMock = stubFetch((url) => {
      if (url.startsWith(`/api/metrics/apps/${appId}?`)) return jsonResponse(200, report);
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    renderWithRouter(<AppReport appId={appId} />, `/apps/${appId}/report?from=2026-03-09&to=2026-03-12`);

    const table = await screen.findByRole("table", { name: t("reports.table") });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ["3/9", "0", "0", "0", "0", "0", "0"],
      ["3/10", "1,234", "2", "2", "15", "4", "0"],
      ["3/11", "0", "0", "0", "2", "0", "0"],
      ["3/12", "1", "1", "1", "0", "1", "0"],
    ]);
    expect(table).not.toHaveTextContent("2026");
    expect(screen.getByTestId("total-messageCount")).toHaveTextContent("1,235");
    expect(screen.getByTestId("total-activeUserCount")).toHaveTextContent("3");
    expect(screen.getByTestId("total-reactionCount")).toHaveTextContent("17");
    expect(screen.getByTestId("total-replyCount")).toHaveTextContent("5");
    expect(screen.getByText(t("reports.activityNote"))).toBeVisible();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/metrics/apps/${appId}?from=2026-03-09&to=2026-03-12`);

    const chart = screen.getByRole("region", { name: t("reports.metrics.messageCount") });
    // The chart module loads after the table, and Recharts draws its axes once it has measured the plot area.
    const ticks = await waitFor(() => {
      const found = [...chart.querySelectorAll(".recharts-xAxis-tick-labels text, .recharts-xAxis text")].map(
        (tick) => tick.textContent,
      );
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(ticks).toContain("3/10");
    for (const tick of ticks) expect(tick).toMatch(/^\d{1,2}\/\d{1,2}$/);
  });
});
