import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/test-utils";
import { companyDetail, companyId } from "../testing/fixtures";
import { CompanyDetail } from "./company-detail";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const invoicePath = `/api/admin/companies/${companyId}/invoices/inv-1/refund`;

const withInvoice = (invoice: Record<string, unknown>) =>
  companyDetail({
    invoices: [{ id: "inv-1", month: "2026-01", total: 290_000, currency: "KRW", status: "paid", ...invoice }],
  });

function renderDetail() {
  return renderRoutes([{ path: "/admin/companydetail/:companyId", element: <CompanyDetail companyId={companyId} /> }], {
    initialEntries: [`/admin/companydetail/${companyId}`],
  });
}

const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");

describe("RefundInvoiceButton", () => {
  it("refunds a paid invoice only after the confirmation dialog, then shows it cancelled", async () => {
    const fetchMock = stubFetch((_url, init) =>
      jsonResponse(200, init?.method === "POST" ? withInvoice({ status: "cancelled" }) : withInvoice({})),
    );
    const { user } = renderDetail();
    const row = await screen.findByTestId("invoice-row-inv-1");
    await user.click(within(row).getByRole("button"));

    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("290,000");
    expect(posts(fetchMock)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: t("admin.actions.refundInvoice") }));

    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(posts(fetchMock)[0]?.[0]).toBe(invoicePath);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await within(row).findByText(t("billing.invoices.status.cancelled"))).toBeInTheDocument();
    expect(within(row).queryByRole("button")).not.toBeInTheDocument();
  });

  it("sends nothing when the dialog is cancelled", async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, withInvoice({})));
    const { user } = renderDetail();
    const row = await screen.findByTestId("invoice-row-inv-1");
    await user.click(within(row).getByRole("button"));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: t("common.cancel") }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("shows a refused refund as cancel failed with the gateway's reason and offers to retry", async () => {
    const refused = withInvoice({ status: "cancelFailed", refundFailureReason: "refund refused by the issuer" });
    stubFetch((_url, init) => jsonResponse(200, init?.method === "POST" ? refused : withInvoice({})));
    const { user } = renderDetail();
    const row = await screen.findByTestId("invoice-row-inv-1");
    await user.click(within(row).getByRole("button"));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: t("admin.actions.refundInvoice") }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(row).getByText(t("billing.invoices.status.cancelFailed"))).toBeInTheDocument();
    expect(row).toHaveTextContent("refund refused by the issuer");
    expect(within(row).getByRole("button")).toHaveTextContent(t("admin.actions.retryRefund"));
  });

  it("offers no refund for an invoice that is not paid", async () => {
    stubFetch(() => jsonResponse(200, withInvoice({ status: "failed" })));
    renderDetail();
    const row = await screen.findByTestId("invoice-row-inv-1");
    expect(within(row).queryByRole("button")).not.toBeInTheDocument();
  });
});
