import { priceMonth } from "@parley/contract";
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n";
import { formatMoney } from "@/lib/money";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { currentPlan } from "../testing/fixtures";
import { PlanOverview } from "./plan-overview";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const won = (minor: number) => formatMoney(minor, "KRW", "ko");

beforeEach(() => {
  // Only the clock is fake: the figures depend on which day of the month it is.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-10T12:00:00Z"));
});
afterEach(() => vi.useRealTimers());

const apps = [
  {
    appId: "a",
    name: "Support",
    messageCount: 300_000,
    messageSenderCount: 10,
    activeUserCount: 18_000,
    reactionCount: 0,
    replyCount: 0,
    callMinutes: 0,
  },
  {
    appId: "b",
    name: "Game",
    messageCount: 200_000,
    messageSenderCount: 8,
    activeUserCount: 12_000,
    reactionCount: 0,
    replyCount: 0,
    callMinutes: 0,
  },
];

describe("PlanOverview", () => {
  it("shows this month's usage against what is included, the fee so far and the forecast from priceMonth", async () => {
    const fetchMock = stubFetch((url) => {
      if (url === "/api/plans/current") return jsonResponse(200, { current: currentPlan() });
      if (url.startsWith("/api/metrics/apps?"))
        return jsonResponse(200, { from: "2026-03-01", to: "2026-03-10", data: apps });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    renderWithRouter(<PlanOverview />, "/dashboard");

    const forecastGroup = await screen.findByRole("group", { name: t("plans.overview.forecast") });
    // 500,000 messages and 30,000 cumulative DAU in 10 of March's 31 days: at that pace 1,550,000 and 93,000.
    const forecast = priceMonth({
      currency: "KRW",
      messages: 1_550_000,
      cumulativeDau: 93_000,
      daysInService: 31,
      daysInMonth: 31,
    });
    const soFar = priceMonth({
      currency: "KRW",
      messages: 500_000,
      cumulativeDau: 30_000,
      daysInService: 10,
      daysInMonth: 31,
    });
    expect(forecast.fee).toBeGreaterThan(290_000);
    expect(forecastGroup).toHaveTextContent(won(forecast.fee));
    expect(forecastGroup).toHaveTextContent(won(forecast.total));
    const soFarGroup = screen.getByRole("group", { name: t("plans.overview.feeSoFar") });
    expect(soFarGroup).toHaveTextContent(won(soFar.fee));
    expect(soFarGroup).toHaveTextContent(won(soFar.total));

    expect(screen.getByText("500,000 / 1,000,000")).toBeInTheDocument();
    expect(screen.getByText("30,000 / 60,000")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: t("plans.overview.messages") })).toHaveAttribute(
      "aria-valuenow",
      "50",
    );
    expect(screen.getByText(/1,550,000/)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.find(([url]) => String(url).startsWith("/api/metrics"))?.[0])).toBe(
      "/api/metrics/apps?from=2026-03-01&to=2026-03-10",
    );
  });

  it("during the trial shows the monthly quota and the days left instead of fees", async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse(200, {
        current: currentPlan({
          planType: "FreeTrial",
          state: "notApplied",
          billingLabel: "notApplied",
          paid: null,
          cardRegistered: false,
          trial: {
            startedAt: "2026-02-20T09:00:00.000Z",
            firstDay: "2026-02-20",
            lastDay: "2026-03-21",
            endsAt: "2026-03-22T00:00:00.000Z",
            daysLeft: 12,
            monthlyMessages: 150_000,
            messagesThisMonth: 45_000,
          },
        }),
      }),
    );
    renderWithRouter(<PlanOverview />, "/dashboard");

    expect(await screen.findByText("45,000 / 150,000")).toBeInTheDocument();
    expect(screen.getByText(t("plans.overview.trialQuota", { quota: "150,000" }))).toBeInTheDocument();
    // The trial's last day, included, as a UTC day: not the midnight that ends it.
    const lastDay = new Intl.DateTimeFormat("ko", { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date("2026-03-21T00:00:00Z"),
    );
    expect(screen.getByText(t("plans.overview.trialDaysLeft", { days: 12, date: lastDay }))).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: t("plans.overview.forecast") })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: t("plans.apply.button") })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/api/metrics"))).toBe(false);
    expect(screen.queryByText(/₩/)).not.toBeInTheDocument();
  });
});
