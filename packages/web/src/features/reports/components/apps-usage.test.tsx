import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { AppsUsage } from "./apps-usage";

const t = (key: string) => i18n.t(key);
const appId = "5b0f6f0e-8a63-4a55-9b0e-1b2c3d4e5f60";

describe("AppsUsage", () => {
  it("lists this month's totals per app, each linking to the app's report", async () => {
    const fetchMock = stubFetch((url) => {
      if (url.startsWith("/api/metrics/apps?")) {
        return jsonResponse(200, {
          from: "2026-03-01",
          to: "2026-03-12",
          data: [
            {
              appId,
              name: "Support",
              messageCount: 4321,
              messageSenderCount: 12,
              activeUserCount: 30,
              reactionCount: 7,
              replyCount: 3,
              callMinutes: 0,
            },
          ],
        });
      }
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    renderWithRouter(<AppsUsage />, "/dashboard");
    const table = await screen.findByRole("table", { name: t("reports.overview.usageTitle") });
    expect(within(table).getByRole("link", { name: "Support" })).toHaveAttribute("href", `/apps/${appId}/report`);
    expect(within(table).getByText("4,321")).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: t("reports.metrics.reactionCount") })).toBeInTheDocument();
    expect(within(table).getByText("7")).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(
      /^\/api\/metrics\/apps\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/,
    );
  });
});
