import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { inputByLabel, jsonResponse, renderRoutes, stubFetch } from "@/testing/test-utils";
import { companyDetail, companyId } from "../testing/fixtures";
import { CompanyDetail } from "./company-detail";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const day = (iso: string) =>
  new Intl.DateTimeFormat("ko", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
const detailPath = `/api/admin/companies/${companyId}`;
const noticeSwitch = () => screen.getByRole("switch", { name: t("admin.actions.noticeFeature") });

function renderDetail() {
  return renderRoutes(
    [
      { path: "/admin/companydetail/:companyId", element: <CompanyDetail companyId={companyId} /> },
      { path: "/notallowed", element: <p>not allowed</p> },
    ],
    { initialEntries: [`/admin/companydetail/${companyId}`] },
  );
}

const record = {
  id: "a1",
  action: "noticeFeature.enable",
  detail: { enabled: true },
  adminEmail: "admin@parley.example",
  at: "2026-01-20T09:30:00.000Z",
} as const;

describe("CompanyDetail", () => {
  it("shows the profile, apps with their messages, invoices and sub-accounts", async () => {
    stubFetch(() => jsonResponse(200, companyDetail()));
    renderDetail();

    expect(await screen.findByRole("heading", { level: 1, name: "Acme Chat" })).toBeInTheDocument();
    const app = screen.getByTestId("app-row-7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d");
    expect(within(app).getByRole("link", { name: "Acme Support" })).toHaveAttribute(
      "href",
      "/apps/7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/report",
    );
    expect(within(app).getByText(new Intl.NumberFormat(i18n.language).format(12_345))).toBeInTheDocument();
    expect(screen.getByRole("table", { name: t("admin.detail.invoices") })).toHaveTextContent(
      t("billing.invoices.status.paid"),
    );
    expect(screen.getByRole("table", { name: t("admin.detail.subAccounts") })).toHaveTextContent("helper@acme.example");
    expect(screen.getByText(t("admin.history.empty"))).toBeInTheDocument();
  });

  it("switches the notice feature with PUT and shows the state and the history the server answers", async () => {
    const fetchMock = stubFetch((_url, init) => {
      if (init?.method === "PUT") {
        return jsonResponse(200, companyDetail({ company: { noticeFeatureEnabled: true }, actions: [record] }));
      }
      return jsonResponse(200, companyDetail());
    });
    const { user } = renderDetail();
    await screen.findByRole("heading", { level: 1, name: "Acme Chat" });
    expect(noticeSwitch()).not.toBeChecked();

    await user.click(noticeSwitch());

    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(put?.[0]).toBe(`${detailPath}/notice-feature`);
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ enabled: true });
    expect(await screen.findByText(t("admin.done.noticeOn", { name: "Acme Chat" }))).toBeInTheDocument();
    await waitFor(() => expect(noticeSwitch()).toBeChecked());
    const row = screen.getByTestId("action-row-a1");
    expect(row).toHaveTextContent(t("admin.history.actions.noticeFeature.enable"));
    expect(row).toHaveTextContent("admin@parley.example");
  });

  it("extends the trial by the days entered", async () => {
    const fetchMock = stubFetch((_url, init) =>
      jsonResponse(
        200,
        init?.method === "POST"
          ? companyDetail({
              plan: {
                state: "trial",
                trialEndsAt: "2026-02-23T00:00:00.000Z",
                trialLastDay: "2026-02-22",
                paidSince: null,
                serviceStoppedAt: null,
              },
            })
          : companyDetail(),
      ),
    );
    const { user } = renderDetail();
    await user.click(await screen.findByRole("button", { name: t("admin.actions.extendTrial") }));
    const dialog = await screen.findByRole("dialog", { name: t("admin.extendTrial.title") });
    const days = inputByLabel(t("admin.extendTrial.days"));
    await user.clear(days);
    await user.type(days, "400");
    await user.click(within(dialog).getByRole("button", { name: t("admin.actions.extendTrial") }));
    expect(days).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await user.clear(days);
    await user.type(days, "14");
    await user.click(within(dialog).getByRole("button", { name: t("admin.actions.extendTrial") }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(post?.[0]).toBe(`${detailPath}/trial/extend`);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ days: 14 });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("names the trial's last day, included, on the plan card, in the extend dialog and after extending", async () => {
    const extended = companyDetail({
      plan: {
        state: "trial",
        trialEndsAt: "2026-02-16T00:00:00.000Z",
        trialLastDay: "2026-02-15",
        paidSince: "2026-02-16",
        serviceStoppedAt: null,
      },
      actions: [
        {
          ...record,
          id: "a3",
          action: "trial.extend",
          detail: { days: 7, previousPaidPlanStartDate: "2026-02-09", paidPlanStartDate: "2026-02-16" },
        },
      ],
    });
    stubFetch((_url, init) => jsonResponse(200, init?.method === "POST" ? extended : companyDetail()));
    const { user } = renderDetail();

    const lastDayLabel = await screen.findByText(t("admin.fields.trialLastDay"));
    expect(lastDayLabel.parentElement).toHaveTextContent(day("2026-02-08"));
    await user.click(screen.getByRole("button", { name: t("admin.actions.extendTrial") }));
    const dialog = await screen.findByRole("dialog", { name: t("admin.extendTrial.title") });
    expect(dialog).toHaveTextContent(t("admin.extendTrial.bodyWithEnd", { date: day("2026-02-08") }));
    const days = inputByLabel(t("admin.extendTrial.days"));
    await user.clear(days);
    await user.type(days, "7");
    await user.click(within(dialog).getByRole("button", { name: t("admin.actions.extendTrial") }));

    expect(
      await screen.findByText(t("admin.done.trialExtendedUntil", { date: day("2026-02-15") })),
    ).toBeInTheDocument();
    expect(screen.getByText(t("admin.fields.trialLastDay")).parentElement).toHaveTextContent(day("2026-02-15"));
    const row = screen.getByTestId("action-row-a3");
    expect(row).toHaveTextContent(`${t("admin.history.detailKeys.paidPlanStartDate")}: ${day("2026-02-16")}`);
    expect(row).toHaveTextContent(`${t("admin.history.detailKeys.previousPaidPlanStartDate")}: ${day("2026-02-09")}`);
  });

  it("offers unlock only to a locked account", async () => {
    stubFetch(() => jsonResponse(200, companyDetail()));
    renderDetail();
    expect(await screen.findByRole("button", { name: t("admin.actions.unlock") })).toBeDisabled();
  });

  it("unlocks a locked account and shows it unlocked", async () => {
    const locked = companyDetail({ company: { lockedAt: "2026-01-19T00:00:00.000Z" } });
    const fetchMock = stubFetch((_url, init) => jsonResponse(200, init?.method === "POST" ? companyDetail() : locked));
    const { user } = renderDetail();
    expect(await screen.findByText(t("admin.locked"))).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: t("admin.actions.unlock") }));

    expect(await screen.findByText(t("admin.done.unlocked", { name: "Acme Chat" }))).toBeInTheDocument();
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === "POST")?.[0]).toBe(`${detailPath}/unlock`);
    expect(screen.queryByText(t("admin.locked"))).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: t("admin.actions.unlock") })).toBeDisabled();
  });

  it("stops the service after asking, then offers to restore it", async () => {
    const stopped = companyDetail({
      plan: {
        state: "stopped",
        trialEndsAt: null,
        trialLastDay: null,
        paidSince: null,
        serviceStoppedAt: "2026-01-21T00:00:00.000Z",
      },
      actions: [{ ...record, id: "a2", action: "service.stop", detail: {}, at: "2026-01-21T00:00:00.000Z" }],
    });
    const fetchMock = stubFetch((_url, init) => jsonResponse(200, init?.method === "POST" ? stopped : companyDetail()));
    const { user } = renderDetail();
    await user.click(await screen.findByRole("button", { name: t("admin.actions.stopService") }));
    const dialog = await screen.findByRole("dialog", { name: t("admin.ask.stopService.title", { name: "Acme Chat" }) });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await user.click(within(dialog).getByRole("button", { name: t("admin.actions.stopService") }));

    expect(await screen.findByRole("button", { name: t("admin.actions.restoreService") })).toBeInTheDocument();
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === "POST")?.[0]).toBe(`${detailPath}/service/stop`);
    expect(screen.getByText(t("admin.done.stopService", { name: "Acme Chat" }))).toBeInTheDocument();
  });

  it("sends an account the server no longer counts as admin to the not-allowed page", async () => {
    stubFetch(() => jsonResponse(403, { code: "1023", message: "Not allowed" }));
    const { router } = renderDetail();
    await waitFor(() => expect(router.state.location.pathname).toBe("/notallowed"));
  });
});
