import type { TPaidCancelInfo } from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderWithRouter, stubFetch } from "@/testing/test-utils";
import { currentPlan } from "../testing/fixtures";
import { PlanCard } from "./plan-card";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const day = (iso: string) =>
  new Intl.DateTimeFormat("ko", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

const cancelInfo: TPaidCancelInfo = {
  cancelDate: "2026-03-10",
  periodStart: "2026-03-01",
  periodEnd: "2026-03-10",
  usage: { messages: 420_000, cumulativeDau: 12_345, daysInService: 10 },
  fee: 93_548,
  vat: 9_355,
  total: 102_903,
  currency: "KRW",
  paymentDate: "2026-04-05",
};

describe("PlanCard", () => {
  it("shows the prorated final invoice before cancelling, and cancels only on confirmation", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === "/api/plans/current") return jsonResponse(200, { current: currentPlan() });
      if (url === "/api/plans/info/paid/cancel") return jsonResponse(200, cancelInfo);
      if (url === "/api/plans/cancel/paid" && init?.method === "POST") return jsonResponse(200, { ok: true });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user } = renderWithRouter(<PlanCard />, "/bills");

    expect(await screen.findByText(t("plans.billingLabel.inUse"))).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: t("plans.cancel.button") }));

    const dialog = await screen.findByRole("dialog", { name: t("plans.cancel.title") });
    expect(dialog).toHaveTextContent(day("2026-03-01"));
    expect(dialog).toHaveTextContent(day("2026-03-10"));
    expect(dialog).toHaveTextContent("420,000");
    expect(dialog).toHaveTextContent("12,345");
    expect(dialog).toHaveTextContent("₩93,548");
    expect(dialog).toHaveTextContent("₩9,355");
    expect(within(dialog).getByTestId("cancel-total")).toHaveTextContent("₩102,903");
    expect(dialog).toHaveTextContent(day("2026-04-05"));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/plans/cancel/paid")).toBe(false);

    await user.click(within(dialog).getByRole("button", { name: t("plans.cancel.confirm") }));
    expect(await screen.findByText(t("plans.cancel.cancelled"))).toBeInTheDocument();
    const cancel = fetchMock.mock.calls.find(([url]) => String(url) === "/api/plans/cancel/paid");
    expect(cancel?.[1]?.method).toBe("POST");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("withdraws an application made during the trial without showing a bill", async () => {
    const fetchMock = stubFetch((url) => {
      if (url === "/api/plans/current") {
        return jsonResponse(200, {
          current: currentPlan({
            planType: "FreeTrial",
            state: "applicationComplete",
            billingLabel: "completedApplication",
            paid: { startDate: "2026-03-22", endDate: null, cancelledAt: null },
          }),
        });
      }
      if (url === "/api/plans/info/paid/cancel") {
        return jsonResponse(200, { ...cancelInfo, fee: 0, vat: 0, total: 0, periodStart: "2026-03-10" });
      }
      if (url === "/api/plans/cancel/paid") return jsonResponse(200, { ok: true });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user } = renderWithRouter(<PlanCard />, "/bills");

    expect(
      await screen.findByText(t("plans.card.applicationComplete", { date: day("2026-03-22") })),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: t("plans.cancel.withdrawButton") }));
    const dialog = await screen.findByRole("dialog", { name: t("plans.cancel.withdrawTitle") });
    expect(dialog).toHaveTextContent(t("plans.cancel.withdrawBody"));
    expect(dialog).not.toHaveTextContent("₩");
    await user.click(within(dialog).getByRole("button", { name: t("plans.cancel.withdrawConfirm") }));
    expect(await screen.findByText(t("plans.cancel.withdrawn"))).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/plans/cancel/paid")).toBe(true);
  });

  it("shows the trial to its last day, included, and the applied plan from the day after it", async () => {
    stubFetch(() =>
      jsonResponse(200, {
        current: currentPlan({
          planType: "FreeTrial",
          state: "applicationComplete",
          billingLabel: "completedApplication",
          trial: {
            // Late in the UTC day: the trial's days are UTC days wherever the viewer is.
            startedAt: "2026-03-02T23:30:00.000Z",
            firstDay: "2026-03-02",
            lastDay: "2026-03-31",
            endsAt: "2026-04-01T00:00:00.000Z",
            daysLeft: 1,
            monthlyMessages: 150_000,
            messagesThisMonth: 0,
          },
          paid: { startDate: "2026-04-01", endDate: null, cancelledAt: null },
        }),
      }),
    );
    renderWithRouter(<PlanCard />, "/bills");

    // "Free trial" is both the plan's name and the trial row's label: the row is the one with the label (dt).
    const labels = await screen.findAllByText(t("plans.card.trialPeriod"));
    const trialRow = labels.find((element) => element.tagName === "DT")?.parentElement;
    expect(trialRow).toHaveTextContent(t("plans.card.range", { from: day("2026-03-02"), to: day("2026-03-31") }));
    expect(trialRow).toHaveTextContent(t("plans.card.daysLeft", { days: 1 }));
    expect(trialRow).not.toHaveTextContent(day("2026-04-01"));
    expect(screen.getByText(t("plans.card.paidStart")).parentElement).toHaveTextContent(day("2026-04-01"));
    expect(screen.getByText(t("plans.card.applicationComplete", { date: day("2026-04-01") }))).toBeInTheDocument();
  });

  it("explains a stop after failed payments and offers no new application", async () => {
    stubFetch(() =>
      jsonResponse(200, {
        current: currentPlan({
          state: "serviceStopped",
          billingLabel: "notInUse",
          serviceActive: false,
          stopReason: "paymentFailed",
        }),
      }),
    );
    renderWithRouter(<PlanCard />, "/bills");
    expect(await screen.findByText(t("plans.stopReason.paymentFailed", { days: 10 }))).toBeInTheDocument();
    expect(screen.getByText(t("plans.billingLabel.notInUse"))).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: t("plans.apply.button") })).not.toBeInTheDocument();
  });

  it("offers the application after a trial that ended, with a hint while no card is registered", async () => {
    stubFetch(() =>
      jsonResponse(200, {
        current: currentPlan({
          planType: null,
          state: "serviceStopped",
          billingLabel: "notInUse",
          serviceActive: false,
          stopReason: "trialEnded",
          paid: null,
          cardRegistered: false,
        }),
      }),
    );
    renderWithRouter(<PlanCard />, "/bills");
    expect(await screen.findByText(t("plans.stopReason.trialEnded"))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: t("plans.apply.button") })).toBeInTheDocument();
    expect(screen.getByText(t("plans.card.noCardHint"))).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: t("plans.cancel.button") })).not.toBeInTheDocument();
  });
});
