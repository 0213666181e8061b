import {
  SANDBOX_TEST_CARDS,
  type TAccount,
  type TCurrentPlan,
  type TInvoice,
  type TPaidStartInfo,
  type TPayInvoiceResponse,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboard, registerCard, runBillingDay } from "../../billing-client";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NO_ADDRESS = { postalCode: "", address: "", detail: "" };

/** Saves the account settings as they are but for `changes`, as the settings form would. */
async function editProfile(api: ReturnType<typeof dashboard>, changes: Record<string, unknown>) {
  const { account } = (await api.get<{ account: TAccount }>("/account")).body;
  const { name, contact, companyName, companyHomepage, companyAddress, marketingConsent } = account;
  const saved = await api.put("/account", {
    ...{ name, contact, companyName, companyHomepage, companyAddress, marketingConsent },
    ...changes,
  });
  expect(saved.status).toBe(200);
}

/** An ordinary account verified at `at`, with one app, an API key and a dashboard client. */
async function customer(at: string, profile: Record<string, unknown> = {}) {
  t.clock.set(at);
  const app = await createChatApp(t);
  const api = dashboard(t, app.owner);
  if (Object.keys(profile).length > 0) await editProfile(api, profile);
  const [row] = await t.ctx.database.query<{ id: string }>("select id from accounts where email = $1", [
    app.owner.email,
  ]);
  return { ...app, api, accountId: row?.id ?? "" };
}

async function apply(api: ReturnType<typeof dashboard>) {
  const info = await api.get<TPaidStartInfo>("/plans/info/paid/start");
  return api.put<{ current: TCurrentPlan }>("/plans/change", {
    startDate: info.body.paidPlanStartDate,
    endDate: info.body.paidPlanEndDate,
    planType: "PlanC",
  });
}

const invoicesOf = async (api: ReturnType<typeof dashboard>) =>
  (await api.get<{ invoices: TInvoice[] }>("/billing/invoices")).body.invoices;

describe("company information (2001)", () => {
  it("refuses a paid plan with 2001 naming the empty company fields, and applies once account settings fill them", async () => {
    const { api, owner } = await customer("2026-03-02T09:00:00Z", { companyAddress: NO_ADDRESS });
    await registerCard(t, owner);
    const refused = await apply(api);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "2001",
      data: { missing: ["companyAddress.postalCode", "companyAddress.address"] },
    });
    expect((await api.get<{ current: TCurrentPlan }>("/plans/current")).body.current.state).toBe("notApplied");

    await editProfile(api, { companyAddress: { postalCode: "06236", address: "Teheran-ro 123", detail: "" } });
    expect((await apply(api)).status).toBe(200);
  });

  it("answers 2001 before asking for a card (5004) when both are missing", async () => {
    const { api } = await customer("2026-03-02T09:00:00Z", { companyAddress: NO_ADDRESS });
    expect((await apply(api)).body.code).toBe("2001");
  });
});

describe("paying an invoice now (5001)", () => {
  /** An account on the paid plan since February whose February invoice exists, priced and not yet charged. */
  async function invoicedCustomer(card: string) {
    const app = await customer("2026-01-02T10:00:00Z");
    await registerCard(t, app.owner, { number: card });
    expect((await apply(app.api)).status).toBe(200);
    t.clock.set("2026-03-05T00:10:00Z");
    await t.services.billing.cycle.invoiceAccount(app.accountId, "2026-03-05");
    const [invoice] = await invoicesOf(app.api);
    expect(invoice?.status).toBe("confirmationNeeded");
    return { ...app, invoiceId: invoice?.id ?? "" };
  }

  it("charges the registered card at once and answers the paid invoice", async () => {
    const { api, invoiceId } = await invoicedCustomer(SANDBOX_TEST_CARDS.succeeds);
    const paid = await api.post<TPayInvoiceResponse>(`/billing/invoices/${invoiceId}/pay`);
    expect(paid.status).toBe(200);
    expect(paid.body.invoice).toMatchObject({ id: invoiceId, status: "paid", paidAt: "2026-03-05T00:10:00.000Z" });
    // The daily run finds nothing left to charge.
    await runBillingDay(t);
    const [after] = await invoicesOf(api);
    expect(after).toMatchObject({ status: "paid", failedAttempts: 0 });
  });

  it("answers 5001 with the gateway's reason on a decline and keeps the invoice failed without using a retry day", async () => {
    const { api, invoiceId } = await invoicedCustomer(SANDBOX_TEST_CARDS.failsEveryCharge);
    const declined = await api.post(`/billing/invoices/${invoiceId}/pay`);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({
      code: "5001",
      data: { reason: "declined by the issuer (sandbox test card)" },
    });
    const [invoice] = await invoicesOf(api);
    expect(invoice).toMatchObject({
      status: "failed",
      failedAttempts: 1,
      lastFailureReason: "declined by the issuer (sandbox test card)",
    });
    const [row] = await t.ctx.database.query<{ failed_days: number }>(
      "select failed_days from invoices where id = $1",
      [invoiceId],
    );
    expect(row?.failed_days).toBe(0);
  });

  it("answers 5006 with the status for a paid invoice, and 004 for another account's invoice", async () => {
    const { api, invoiceId } = await invoicedCustomer(SANDBOX_TEST_CARDS.succeeds);
    expect((await api.post(`/billing/invoices/${invoiceId}/pay`)).status).toBe(200);
    const again = await api.post(`/billing/invoices/${invoiceId}/pay`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "5006", data: { status: "paid" } });
    const stranger = await customer("2026-03-05T01:00:00Z");
    const foreign = await stranger.api.post(`/billing/invoices/${invoiceId}/pay`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("004");
  });
});

describe("service stopped after 10 failed days (5003)", () => {
  it("answers 5003 to a plan change once the daily retries ran out, while the chat API keeps answering 4000", async () => {
    const { api, owner, server } = await customer("2026-01-02T10:00:00Z");
    await registerCard(t, owner, { number: SANDBOX_TEST_CARDS.failsEveryCharge });
    expect((await apply(api)).status).toBe(200);
    for (let day = 5; day <= 13; day += 1) {
      t.clock.set(`2026-03-${String(day).padStart(2, "0")}T00:35:00Z`);
      await runBillingDay(t);
    }
    // Nine failed days: the plan still runs, so applying again is the same plan.
    expect((await apply(api)).body.code).toBe("4001");
    t.clock.set("2026-03-14T00:35:00Z");
    await runBillingDay(t);
    const refused = await apply(api);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe("5003");
    expect((await server.get("/users")).body.code).toBe("4000");
  });
});

describe("invoice status generating", () => {
  it("shows a month claimed and not yet priced as generating, never charges it, and the next run prices and charges it", async () => {
    const { api, owner, accountId } = await customer("2026-01-02T10:00:00Z");
    await registerCard(t, owner);
    expect((await apply(api)).status).toBe(200);
    t.clock.set("2026-03-05T00:35:00Z");
    // The run that claimed February stopped before pricing it (a crash between the two transactions).
    await t.services.billing.cycle.openInvoices(accountId, "2026-03-05");
    const [claimed] = await invoicesOf(api);
    expect(claimed).toMatchObject({ period: "2026-02", status: "generating", total: 0, paidAt: null });
    expect((await api.post(`/billing/invoices/${claimed?.id}/pay`)).body).toMatchObject({
      code: "5006",
      data: { status: "generating" },
    });

    await runBillingDay(t);
    const [done] = await invoicesOf(api);
    expect(done).toMatchObject({ id: claimed?.id, period: "2026-02", status: "paid", total: 319_000 });
    const rows = await t.ctx.database.query<{ n: string }>("select count(*) as n from invoices where account_id = $1", [
      accountId,
    ]);
    expect(Number(rows[0]?.n)).toBe(1);
  });
});
