import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { clearSession, setSession } from "@/lib/session";
import { jsonResponse, renderWithRouter, sessionFor, stubFetch } from "@/testing/test-utils";
import { NoticeBars } from "./notice-bars";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const day = (iso: string) =>
  new Intl.DateTimeFormat("ko", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

beforeEach(() => setSession(sessionFor()));
afterEach(() => clearSession("logout"));

describe("NoticeBars", () => {
  it("names the trial's last day, included, as a UTC day in both trial notices", async () => {
    stubFetch(() =>
      jsonResponse(200, {
        notifications: [
          { type: "UsingFreePlan", text: "trial", params: { daysLeft: 1, lastDay: "2026-03-31", paidPlanApplied: 1 } },
          { type: "FreePlanExpiring", text: "expiring", params: { daysLeft: 7, lastDay: "2026-04-07" } },
        ],
      }),
    );
    renderWithRouter(<NoticeBars />, "/dashboard");

    expect(
      await screen.findByText(t("notice.UsingFreePlan", { daysLeft: 1, lastDay: day("2026-03-31") })),
    ).toBeInTheDocument();
    expect(
      screen.getByText(t("notice.FreePlanExpiring", { daysLeft: 7, lastDay: day("2026-04-07") })),
    ).toBeInTheDocument();
    expect(screen.queryByText(/2026-03-31/)).not.toBeInTheDocument();
  });
});
