import { screen, waitFor } from "@testing-library/react";
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

  it("shows an administrator's notice as sent and closes it for good with its close button", async () => {
    let dismissed = false;
    const fetchMock = stubFetch((_url, init) => {
      if (init?.method === "POST") {
        dismissed = true;
        return jsonResponse(200, { ok: true });
      }
      const notice = { type: "Other", id: "0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a", text: "오늘 밤 점검이 있습니다" };
      return jsonResponse(200, { notifications: dismissed ? [] : [notice] });
    });
    const { user } = renderWithRouter(<NoticeBars />, "/dashboard");

    expect(await screen.findByText("오늘 밤 점검이 있습니다")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: t("notice.dismiss") }));

    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(post?.[0]).toBe("/api/notifications/0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a/dismiss");
    await waitFor(() => expect(screen.queryByText("오늘 밤 점검이 있습니다")).not.toBeInTheDocument());
  });
});
