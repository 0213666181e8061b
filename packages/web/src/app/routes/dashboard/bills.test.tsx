import type { TCardResponse, TCurrentPlan, TInvoice } from "@parley/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/i18n";
import { clearSession, setSession } from "@/lib/session";
import { jsonResponse, renderRoutes, sessionFor, stubFetch } from "@/testing/test-utils";
import BillsPage from "./bills";

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const day = (iso: string) =>
  new Intl.DateTimeFormat("ko", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
const monthLabel = (period: string) =>
  new Intl.DateTimeFormat("ko", { year: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${period}-01T00:00:00Z`),
  );

const current: TCurrentPlan = {
  planType: "PlanC",
  state: "inService",
  billingLabel: "inUse",
  serviceActive: true,
  stopReason: null,
  trial: null,
  paid: { startDate: "2026-01-15", endDate: null, cancelledAt: null },
  currency: "KRW",
  cardRegistered: true,
};
const card: TCardResponse = {
  card: {
    brand: "Visa",
    maskedNumber: "•••• 4242",
    expiry: "12/29",
    holder: "Kim Parley",
    registeredAt: "2026-01-14T03:00:00.000Z",
  },
  expectedPaymentDate: "2026-04-05",
};
const paidInvoice: TInvoice = {
  id: "0a6a1f5e-7d1c-4d55-8d2e-1b2c3d4e5f60",
  period: "2026-02",
  periodStart: "2026-02-01",
  periodEnd: "2026-02-28",
  currency: "KRW",
  usage: { messages: 1_234_567, cumulativeDau: 45_678, daysInService: 28 },
  lines: [{ kind: "base", quantity: 28, unitPrice: 290_000, amount: 290_000 }],
  capApplied: false,
  fee: 524_567,
  vat: 52_457,
  total: 577_024,
  status: "paid",
  paymentDate: "2026-03-05",
  paidAt: "2026-03-05T00:10:00.000Z",
  failedAttempts: 0,
  lastFailureReason: null,
};
const failedInvoice: TInvoice = {
  ...paidInvoice,
  id: "1b6a1f5e-7d1c-4d55-8d2e-1b2c3d4e5f61",
  period: "2026-01",
  periodStart: "2026-01-15",
  periodEnd: "2026-01-31",
  status: "failed",
  failedAttempts: 3,
  lastFailureReason: "Insufficient funds",
};

function routesFor(handler: Parameters<typeof stubFetch>[0]) {
  const fetchMock = stubFetch(handler);
  const view = renderRoutes([{ path: "/bills", element: <BillsPage /> }], { initialEntries: ["/bills"] });
  return { ...view, fetchMock };
}

function billingServer(extra?: (url: string, init: RequestInit | undefined) => Response | undefined) {
  return (url: string, init: RequestInit | undefined) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url === "/api/plans/current") return jsonResponse(200, { current });
    if (url === "/api/billing/card") return jsonResponse(200, card);
    if (url === "/api/billing/invoices") return jsonResponse(200, { invoices: [paidInvoice, failedInvoice] });
    return jsonResponse(404, { code: "004", message: "No such route" });
  };
}

beforeEach(() => setSession(sessionFor()));
afterEach(() => {
  clearSession("logout");
  vi.restoreAllMocks();
});

describe("BillsPage", () => {
  it("shows the plan, the card with its expected payment date, and each invoice with fee, usage and status", async () => {
    routesFor(billingServer());

    expect(await screen.findByText(t("plans.billingLabel.inUse"))).toBeInTheDocument();
    expect(await screen.findByText("Visa •••• 4242")).toBeInTheDocument();
    expect(screen.getByText("12/29")).toBeInTheDocument();
    expect(screen.getByText("Kim Parley")).toBeInTheDocument();
    expect(screen.getByText(day("2026-04-05"))).toBeInTheDocument();

    const table = await screen.findByRole("table", { name: t("billing.invoices.title") });
    const [paidRow, failedRow] = within(table).getAllByRole("row").slice(1);
    if (!paidRow || !failedRow) throw new Error("expected two invoice rows");
    expect(within(paidRow).getByRole("rowheader")).toHaveTextContent(monthLabel("2026-02"));
    expect(paidRow).toHaveTextContent("₩577,024");
    expect(paidRow).toHaveTextContent(t("billing.invoices.feeAndVat", { fee: "₩524,567", vat: "₩52,457" }));
    expect(paidRow).toHaveTextContent(t("billing.invoices.messages", { messages: "1,234,567" }));
    expect(paidRow).toHaveTextContent(t("billing.invoices.dau", { dau: "45,678" }));
    expect(paidRow).toHaveTextContent(day("2026-03-05"));
    expect(within(paidRow).getByText(t("billing.invoices.status.paid"))).toBeInTheDocument();
    expect(within(failedRow).getByText(t("billing.invoices.status.failed"))).toBeInTheDocument();
    expect(failedRow).toHaveTextContent("Insufficient funds");
  });

  it("downloads an invoice's PDF and CSV with the bearer token, under the name the server gives", async () => {
    const saved: { name: string; href: string }[] = [];
    const createObjectURL = vi.fn((_blob: Blob) => "blob:invoice");
    Object.defineProperty(URL, "createObjectURL", { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, "revokeObjectURL", { value: vi.fn(), configurable: true });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const { fetchMock, user } = routesFor(
      billingServer((url) => {
        if (url === `/api/billing/invoices/${paidInvoice.id}/pdf`) {
          return new Response("%PDF-1.7", {
            headers: {
              "Content-Type": "application/pdf",
              "Content-Disposition": 'attachment; filename="parley-invoice-2026-02.pdf"',
            },
          });
        }
        if (url === `/api/billing/invoices/${paidInvoice.id}/csv`) {
          return new Response("kind,quantity\r\nbase,28\r\n", {
            headers: { "Content-Disposition": 'attachment; filename="parley-invoice-2026-02.csv"' },
          });
        }
        return undefined;
      }),
    );

    const period = monthLabel("2026-02");
    await user.click(await screen.findByRole("button", { name: t("billing.invoices.download.pdf", { period }) }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: t("billing.invoices.download.csv", { period }) }));
    await waitFor(() => expect(saved).toHaveLength(2));

    expect(saved.map((file) => file.name)).toEqual(["parley-invoice-2026-02.pdf", "parley-invoice-2026-02.csv"]);
    const pdfCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/pdf"));
    expect(new Headers(pdfCall?.[1]?.headers).get("Authorization")).toBe("Bearer token-1");
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe("%PDF-1.7");
  });

  it("removes the card only after confirmation and shows 5005 in the snackbar when the server refuses", async () => {
    const { fetchMock, user } = routesFor(
      billingServer((url, init) =>
        url === "/api/billing/card" && init?.method === "DELETE"
          ? jsonResponse(409, { code: "5005", message: "Card in use" })
          : undefined,
      ),
    );

    await user.click(await screen.findByRole("button", { name: t("billing.card.remove") }));
    const dialog = await screen.findByRole("dialog", { name: t("billing.card.removeTitle") });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: t("billing.card.remove") }));

    expect(await screen.findByText(t("ERROR_5005"))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByText("Visa •••• 4242")).toBeInTheDocument();
  });

  it("pays a failed invoice now and shows the gateway's reason from 5001 when the card is declined", async () => {
    const reason = "declined by the issuer (sandbox test card)";
    const { fetchMock, user } = routesFor(
      billingServer((url, init) =>
        url === `/api/billing/invoices/${failedInvoice.id}/pay` && init?.method === "POST"
          ? jsonResponse(402, { code: "5001", message: "Payment failed", data: { reason } })
          : undefined,
      ),
    );
    const table = await screen.findByRole("table", { name: t("billing.invoices.title") });
    const [paidRow, failedRow] = within(table).getAllByRole("row").slice(1);
    if (!paidRow || !failedRow) throw new Error("expected two invoice rows");
    const payNow = (period: string) => ({ name: t("billing.invoices.payNowFor", { period: monthLabel(period) }) });
    expect(within(paidRow).queryByRole("button", payNow(paidInvoice.period))).not.toBeInTheDocument();

    await user.click(within(failedRow).getByRole("button", payNow(failedInvoice.period)));

    expect(await screen.findByText(t("ERROR_5001", { reason }))).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(1);
  });

  it("shows the refund statuses of invoices in the list, localized", async () => {
    const statuses = ["generating", "cancelPending", "cancelled", "cancelFailed"] as const;
    const invoices = statuses.map((status, index) => ({ ...paidInvoice, id: `inv-${index}`, status }));
    routesFor(billingServer((url) => (url === "/api/billing/invoices" ? jsonResponse(200, { invoices }) : undefined)));
    const table = await screen.findByRole("table", { name: t("billing.invoices.title") });
    for (const status of statuses) {
      expect(within(table).getByText(t(`billing.invoices.status.${status}`))).toBeInTheDocument();
    }
  });
});
