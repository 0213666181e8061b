import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { clearSession, setSession } from "@/lib/session";
import { jsonResponse, renderRoutes, sessionFor, stubFetch } from "@/testing/test-utils";
import { currentPlan } from "../testing/fixtures";
import { ApplyPaidPlanButton } from "./apply-paid-plan-button";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const day = (iso: string) =>
  new Intl.DateTimeFormat("ko", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
const startInfo = { paidPlanStartDate: "2026-03-10", paidPlanEndDate: "2026-03-31" };

function renderButton() {
  return renderRoutes(
    [
      { path: "/dashboard", element: <ApplyPaidPlanButton /> },
      { path: "/bills", element: <p>billing page</p> },
    ],
    { initialEntries: ["/dashboard"] },
  );
}

beforeEach(() => setSession(sessionFor({ paymentCurrency: "KRW" })));
afterEach(() => clearSession("logout"));

describe("ApplyPaidPlanButton", () => {
  it("shows the plan, its won price, the dates and the 5th payment, applies those dates and goes to /bills", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === "/api/plans/info/paid/start") return jsonResponse(200, startInfo);
      if (url === "/api/plans/change" && init?.method === "PUT") return jsonResponse(200, { ok: true });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user, router } = renderButton();

    await user.click(screen.getByRole("button", { name: t("plans.apply.button") }));
    const dialog = await screen.findByRole("dialog", { name: t("plans.apply.title") });
    expect(dialog).toHaveTextContent("₩290,000");
    expect(dialog).toHaveTextContent("1,000,000");
    expect(dialog).toHaveTextContent("60,000");
    expect(dialog).toHaveTextContent(day("2026-03-10"));
    expect(dialog).toHaveTextContent(day("2026-03-31"));
    expect(dialog).toHaveTextContent(day("2026-04-05"));

    await user.click(within(dialog).getByRole("button", { name: t("plans.apply.confirm") }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/bills"));
    const change = fetchMock.mock.calls.find(([url]) => String(url) === "/api/plans/change");
    expect(change?.[1]?.method).toBe("PUT");
    expect(JSON.parse(String(change?.[1]?.body))).toEqual({
      startDate: "2026-03-10",
      endDate: "2026-03-31",
      planType: "PlanC",
    });
    expect(await screen.findByText(t("plans.apply.applied"))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: t("plans.apply.title") })).not.toBeInTheDocument());
  });

  it("prices the plan in dollars with cents for an account that pays in USD", async () => {
    setSession(sessionFor({ paymentCurrency: "USD" }));
    stubFetch(() => jsonResponse(200, startInfo));
    const { user } = renderButton();
    await user.click(screen.getByRole("button", { name: t("plans.apply.button") }));
    const dialog = await screen.findByRole("dialog", { name: t("plans.apply.title") });
    expect(dialog).toHaveTextContent(/\$299\.00/);
  });

  it("closes the dialog and shows the catalogue message in the snackbar when the change fails (5004)", async () => {
    stubFetch((url) => {
      if (url === "/api/plans/info/paid/start") return jsonResponse(200, startInfo);
      if (url === "/api/plans/change") return jsonResponse(400, { code: "5004", message: "Add a credit card first." });
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user, router } = renderButton();

    await user.click(screen.getByRole("button", { name: t("plans.apply.button") }));
    const dialog = await screen.findByRole("dialog", { name: t("plans.apply.title") });
    await user.click(within(dialog).getByRole("button", { name: t("plans.apply.confirm") }));

    expect(await screen.findByText(t("ERROR_5004"))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: t("plans.apply.title") })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("says before Apply that no card is registered, keeps Apply off and links to the card registration", async () => {
    const fetchMock = stubFetch((url) => {
      if (url === "/api/plans/info/paid/start") return jsonResponse(200, startInfo);
      if (url === "/api/plans/current") {
        return jsonResponse(200, {
          current: currentPlan({ planType: "FreeTrial", state: "notApplied", paid: null, cardRegistered: false }),
        });
      }
      return jsonResponse(404, { code: "004", message: "No such route" });
    });
    const { user, router } = renderButton();

    await user.click(screen.getByRole("button", { name: t("plans.apply.button") }));
    const dialog = await screen.findByRole("dialog", { name: t("plans.apply.title") });
    expect(within(dialog).getByText(t("plans.apply.noCard"))).toBeVisible();
    expect(within(dialog).getByRole("button", { name: t("plans.apply.confirm") })).toBeDisabled();

    await user.click(within(dialog).getByRole("link", { name: t("plans.apply.registerCard") }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/bills"));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: t("plans.apply.title") })).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/plans/change")).toBe(false);
  });

  it("names the plan without its internal code", async () => {
    stubFetch((url) =>
      url === "/api/plans/current" ? jsonResponse(200, { current: currentPlan() }) : jsonResponse(200, startInfo),
    );
    const { user } = renderButton();
    await user.click(screen.getByRole("button", { name: t("plans.apply.button") }));
    const dialog = await screen.findByRole("dialog", { name: t("plans.apply.title") });
    expect(dialog).toHaveTextContent(t("plans.planType.PlanC"));
    expect(dialog).not.toHaveTextContent("PlanC");
    expect(within(dialog).getByRole("button", { name: t("plans.apply.confirm") })).toBeEnabled();
  });

  it("shows why the start dates could not be read instead of opening an empty dialog", async () => {
    stubFetch(() => jsonResponse(409, { code: "5002", message: "Pay the final invoice first." }));
    const { user } = renderButton();
    await user.click(screen.getByRole("button", { name: t("plans.apply.button") }));
    expect(await screen.findByText(t("ERROR_5002"))).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: t("plans.apply.title") })).not.toBeInTheDocument();
  });
});
