import { SANDBOX_TEST_CARDS, type TCompanyDetail, type TInvoice, type TPaidStartInfo } from "@parley/contract";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../../src/modules/auth/schema";
import { dashboard, registerCard, runBillingDay } from "../../billing-client";
import { createAccount, createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;
let adminApi: ReturnType<typeof dashboard>;
let refund: TestApp["services"]["gateway"]["refund"];

beforeAll(async () => {
  t = await startTestApp();
  const admin = await createAccount(t);
  await t.ctx.database.db.update(accounts).set({ role: "admin" }).where(eq(accounts.email, admin.email));
  adminApi = dashboard(t, admin);
  refund = t.services.gateway.refund;
});
afterEach(() => {
  t.services.gateway.refund = refund;
});
afterAll(async () => {
  await t?.close();
});

/** A customer on the paid plan since February whose February invoice the 5th of March charged with `card`. */
async function paidCustomer(card: string = SANDBOX_TEST_CARDS.succeeds) {
  t.clock.set("2026-01-02T10:00:00Z");
  const app = await createChatApp(t);
  const api = dashboard(t, app.owner);
  await registerCard(t, app.owner, { number: card });
  const info = await api.get<TPaidStartInfo>("/plans/info/paid/start");
  const applied = await api.put("/plans/change", {
    startDate: info.body.paidPlanStartDate,
    endDate: info.body.paidPlanEndDate,
    planType: "PlanC",
  });
  expect(applied.status).toBe(200);
  t.clock.set("2026-03-05T00:35:00Z");
  await runBillingDay(t);
  const [invoice] = (await api.get<{ invoices: TInvoice[] }>("/billing/invoices")).body.invoices;
  expect(invoice?.status).toBe("paid");
  const [row] = await t.ctx.database.query<{ id: string }>("select id from accounts where email = $1", [
    app.owner.email,
  ]);
  const companyId = row?.id ?? "";
  const invoiceId = invoice?.id ?? "";
  return {
    ...app,
    api,
    companyId,
    invoiceId,
    refundPath: `/admin/companies/${companyId}/invoices/${invoiceId}/refund`,
    status: async () => (await api.get<{ invoices: TInvoice[] }>("/billing/invoices")).body.invoices[0]?.status,
  };
}

const refundsAtGateway = async (invoiceId: string) => {
  const rows = await t.ctx.database.query<{ n: string }>(
    `select count(*) as n from sandbox_gateway_charges c join invoices i on i.charge_id = c.charge_id
     where i.id = $1 and c.kind = 'refund' and c.status = 'succeeded'`,
    [invoiceId],
  );
  return Number(rows[0]?.n);
};

describe("refunding a paid invoice", () => {
  it("marks it cancel pending while the gateway is asked, then cancelled, and records who asked", async () => {
    const customer = await paidCustomer();
    const seen: (string | undefined)[] = [];
    t.services.gateway.refund = async (input) => {
      seen.push(await customer.status());
      return refund(input);
    };
    t.clock.set("2026-03-10T09:00:00Z");
    const res = await adminApi.post<TCompanyDetail>(customer.refundPath);
    expect(res.status).toBe(200);
    expect(seen).toEqual(["cancelPending"]);
    expect(res.body.invoices[0]).toMatchObject({ id: customer.invoiceId, status: "cancelled" });
    expect(res.body.actions[0]).toMatchObject({
      action: "invoice.refund",
      detail: { invoiceId: customer.invoiceId, month: "2026-02" },
    });
    expect(await customer.status()).toBe("cancelled");
    expect(await refundsAtGateway(customer.invoiceId)).toBe(1);
    // The money went back by decision: the month is not owed again, so the daily run charges nothing.
    await runBillingDay(t);
    expect(await customer.status()).toBe("cancelled");
    expect((await customer.api.get<{ current: { state: string } }>("/plans/current")).body.current.state).toBe(
      "inService",
    );
  });

  it("ends cancel failed with the gateway's reason when the gateway refuses, and may be tried again", async () => {
    const customer = await paidCustomer(SANDBOX_TEST_CARDS.refusesRefunds);
    const res = await adminApi.post<TCompanyDetail>(customer.refundPath);
    expect(res.status).toBe(200);
    expect(res.body.invoices[0]).toMatchObject({
      status: "cancelFailed",
      refundFailureReason: "refund refused by the issuer (sandbox test card)",
    });
    expect(await customer.status()).toBe("cancelFailed");
    expect(await refundsAtGateway(customer.invoiceId)).toBe(0);
    // A second try is a new request at the gateway (a new idempotency key), not the first refusal replayed.
    const keys: string[] = [];
    t.services.gateway.refund = async (input) => {
      keys.push(input.idempotencyKey);
      return refund(input);
    };
    const again = await adminApi.post<TCompanyDetail>(customer.refundPath);
    expect(again.body.invoices[0]?.status).toBe("cancelFailed");
    expect(keys).toEqual([`refund:${customer.invoiceId}:2`]);
  });

  it("answers 5006 with the status to a second refund of a cancelled invoice, refunding once", async () => {
    const customer = await paidCustomer();
    expect((await adminApi.post(customer.refundPath)).status).toBe(200);
    const again = await adminApi.post(customer.refundPath);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "5006", data: { status: "cancelled" } });
    expect(await refundsAtGateway(customer.invoiceId)).toBe(1);
  });

  it("answers 5006 for an unpaid invoice, 004 for another company's invoice and 1023 to a customer", async () => {
    const customer = await paidCustomer();
    const other = await paidCustomer();
    const foreign = await adminApi.post(`/admin/companies/${customer.companyId}/invoices/${other.invoiceId}/refund`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("004");
    expect((await customer.api.post(customer.refundPath)).body.code).toBe("1023");
    await t.ctx.database.query("update invoices set status = 'failed', paid_at = null where id = $1", [
      customer.invoiceId,
    ]);
    expect((await adminApi.post(customer.refundPath)).body).toMatchObject({
      code: "5006",
      data: { status: "failed" },
    });
    expect(await refundsAtGateway(other.invoiceId)).toBe(0);
  });

  it("finishes a refund whose answer a crash lost by asking again with the same key, refunding once", async () => {
    const customer = await paidCustomer();
    // The gateway refunds, but the answer never reaches us (the process died, or the connection dropped).
    t.services.gateway.refund = async (input) => {
      await refund(input);
      throw new Error("connection reset");
    };
    t.clock.set("2026-03-10T09:00:00Z");
    const res = await adminApi.post<TCompanyDetail>(customer.refundPath);
    expect(res.body.invoices[0]?.status).toBe("cancelPending");
    t.services.gateway.refund = refund;
    // Within a minute the request may still be under way, so the daily run leaves it.
    t.clock.set("2026-03-10T09:00:30Z");
    await runBillingDay(t);
    expect(await customer.status()).toBe("cancelPending");
    t.clock.set("2026-03-10T09:02:00Z");
    await runBillingDay(t);
    expect(await customer.status()).toBe("cancelled");
    expect(await refundsAtGateway(customer.invoiceId)).toBe(1);
  });
});
