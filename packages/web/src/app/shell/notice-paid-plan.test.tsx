import { screen, waitFor, within } from "@testing-library/react";
import { Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NoticeBars } from "@/features/notifications/components/notice-bars";
import { ApplyPaidPlanButton } from "@/features/plans/components/apply-paid-plan-button";
import { i18n } from "@/i18n";
import { clearSession, setSession } from "@/lib/session";
import { jsonResponse, renderRoutes, sessionFor, stubFetch } from "@/testing/test-utils";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

function renderNotices() {
  // Like the shell: the notices stay mounted above whichever page is open.
  return renderRoutes(
    [
      {
        element: (
          <>
            <NoticeBars paidPlanAction={<ApplyPaidPlanButton size="small" />} />
            <Outlet />
          </>
        ),
        children: [
          { path: "/dashboard", element: <p>overview page</p> },
          { path: "/bills", element: <p>billing page</p> },
        ],
      },
    ],
    { initialEntries: ["/dashboard"] },
  );
}

beforeEach(() => setSession(sessionFor()));
afterEach(() => clearSession("logout"));

describe("notice bar and the paid plan", () => {
  it("switches to the paid plan from the trial notice, then reloads the notices on /bills", async () => {
    let applied = false;
    const fetchMock = stubFetch((url, init) => {
      if (url === "/api/notifications") {
        return jsonResponse(200, {
          notifications: applied
            ? []
            : [{ type: "UsingFreePlan", text: "You are on the free trial.", params: { daysLeft: 12 } }],
        });
      }
      if (url === "/api/plans/info/paid/start") {
        return jsonResponse(200, { paidPlanStartDate: "2026-03-22", paidPlanEndDate: "2026-03-31" });
      }
      if (url === "/api/plans/change" && init?.method === "PUT") {
        applied = true;
        return jsonResponse(200, { ok: true });
      }
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user, router } = renderNotices();

    const notice = await screen.findByText(t("notice.UsingFreePlan", { daysLeft: 12 }));
    const bar = notice.closest("[role=status]");
    if (!(bar instanceof HTMLElement)) throw new Error("expected the notice bar");
    await user.click(within(bar).getByRole("button", { name: t("plans.apply.button") }));
    const dialog = await screen.findByRole("dialog", { name: t("plans.apply.title") });
    await user.click(within(dialog).getByRole("button", { name: t("plans.apply.confirm") }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/bills"));
    await waitFor(() =>
      expect(screen.queryByText(t("notice.UsingFreePlan", { daysLeft: 12 }))).not.toBeInTheDocument(),
    );
    // The router moves before React commits the new page: wait for the page itself.
    expect(await screen.findByText("billing page")).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === "/api/notifications")).toHaveLength(2);
  });

  it("says the service stopped once the trial has ended or payments failed for 10 days", async () => {
    stubFetch(() =>
      jsonResponse(200, {
        notifications: [
          { type: "FreePlanExpiring", text: "ended", params: { daysLeft: 0 } },
          {
            type: "CardPaymentFailed",
            text: "stopped",
            params: { failedDays: 10, daysLeft: 0, stopped: 1, reason: "x" },
          },
        ],
      }),
    );
    renderNotices();
    expect(await screen.findByText(t("notice.FreePlanEnded"))).toBeInTheDocument();
    expect(screen.getByText(t("notice.PaymentStopped"))).toBeInTheDocument();
    expect(screen.queryByText(t("notice.FreePlanExpiring", { daysLeft: 0 }))).not.toBeInTheDocument();
  });

  it("stops offering the paid plan on the trial notice once it is applied", async () => {
    stubFetch(() =>
      jsonResponse(200, {
        notifications: [{ type: "UsingFreePlan", text: "trial", params: { daysLeft: 9, paidPlanApplied: 1 } }],
      }),
    );
    renderNotices();
    expect(await screen.findByText(t("notice.UsingFreePlan", { daysLeft: 9 }))).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: t("plans.apply.button") })).not.toBeInTheDocument();
  });

  it("sends a missing card to /bills instead of offering the plan", async () => {
    stubFetch(() =>
      jsonResponse(200, { notifications: [{ type: "CardNotRegistered", text: "No card is registered." }] }),
    );
    renderNotices();
    const link = await screen.findByRole("link", { name: t("notice.registerCard") });
    expect(link).toHaveAttribute("href", "/bills");
    expect(screen.queryByRole("button", { name: t("plans.apply.button") })).not.toBeInTheDocument();
  });
});
