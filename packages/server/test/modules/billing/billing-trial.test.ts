import type { TCompanyDetail, TCurrentPlan, TInvoice, TNotification, TPaidStartInfo } from "@parley/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../../src/db/schema";
import { dashboard, pdfText, registerCard, runBillingDay } from "../../billing-client";
import { createAccount, createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** An ordinary account verified at `at` with a card registered, on its trial. */
async function customer(at: string) {
  t.clock.set(at);
  const app = await createChatApp(t, { language: "en" });
  await registerCard(t, app.owner);
  const [row] = await t.ctx.database.db.select().from(accounts).where(eq(accounts.email, app.owner.email));
  return { ...app, id: row?.id as string, api: dashboard(t, app.owner) };
}

async function adminApi() {
  const admin = await createAccount(t);
  await t.ctx.database.db.update(accounts).set({ role: "admin" }).where(eq(accounts.email, admin.email));
  return dashboard(t, admin);
}

async function current(api: ReturnType<typeof dashboard>): Promise<TCurrentPlan> {
  return (await api.get<{ current: TCurrentPlan }>("/plans/current")).body.current;
}

async function apply(api: ReturnType<typeof dashboard>) {
  const info = (await api.get<TPaidStartInfo>("/plans/info/paid/start")).body;
  return api.put<{ current: TCurrentPlan }>("/plans/change", {
    startDate: info.paidPlanStartDate,
    endDate: info.paidPlanEndDate,
    planType: "PlanC",
  });
}

describe("the trial and a paid plan applied during it", () => {
  it("shows the trial's last day and starts the plan the day after it", async () => {
    const { api } = await customer("2026-03-02T09:00:00Z");
    expect((await current(api)).trial).toMatchObject({
      firstDay: "2026-03-02",
      lastDay: "2026-03-31",
      endsAt: "2026-04-01T00:00:00.000Z",
      daysLeft: 30,
    });
    expect((await apply(api)).body.current?.paid?.startDate).toBe("2026-04-01");

    t.clock.set("2026-03-31T23:59:59.999Z");
    expect(await current(api)).toMatchObject({
      state: "applicationComplete",
      planType: "FreeTrial",
      trial: { lastDay: "2026-03-31", daysLeft: 1 },
    });
    t.clock.set("2026-04-01T00:00:00.000Z");
    expect(await current(api)).toMatchObject({ state: "inService", planType: "PlanC", trial: null });
  });

  it("moves a plan not started yet when an admin extends the trial, records it, and every read agrees", async () => {
    const { api, id } = await customer("2026-03-02T09:00:00Z");
    expect((await apply(api)).body.current?.paid?.startDate).toBe("2026-04-01");
    t.clock.set("2026-03-20T10:00:00Z");
    const admin = await adminApi();

    const extended = await admin.post<TCompanyDetail>(`/admin/companies/${id}/trial/extend`, { days: 7 });
    expect(extended.status).toBe(200);
    expect(extended.body.plan).toMatchObject({
      trialLastDay: "2026-04-07",
      trialEndsAt: "2026-04-08T00:00:00.000Z",
      paidSince: "2026-04-08",
    });
    expect(extended.body.actions[0]).toMatchObject({
      action: "trial.extend",
      detail: { days: 7, previousPaidPlanStartDate: "2026-04-01", paidPlanStartDate: "2026-04-08" },
    });

    expect(await current(api)).toMatchObject({
      state: "applicationComplete",
      trial: { lastDay: "2026-04-07", daysLeft: 19 },
      paid: { startDate: "2026-04-08", endDate: null },
    });
    expect((await api.get<TPaidStartInfo>("/plans/info/paid/start")).body).toEqual({
      paidPlanStartDate: "2026-04-08",
      paidPlanEndDate: "2026-04-30",
    });
    const notices = (await api.get<{ notifications: TNotification[] }>("/notifications")).body.notifications;
    expect(notices.find((n) => n.type === "UsingFreePlan")).toMatchObject({
      text: "You are on the free trial through Apr 7, 2026 (UTC). Days left: 19.",
      params: { daysLeft: 19, lastDay: "2026-04-07", paidPlanApplied: 1 },
    });

    // The old start day is now a trial day: the plan is not in service yet and nothing is billed for it.
    t.clock.set("2026-04-01T12:00:00Z");
    expect(await current(api)).toMatchObject({ state: "applicationComplete", planType: "FreeTrial" });
    t.clock.set("2026-04-07T23:59:59.999Z");
    expect(await current(api)).toMatchObject({ state: "applicationComplete", trial: { daysLeft: 1 } });
    t.clock.set("2026-04-08T00:00:00.000Z");
    expect(await current(api)).toMatchObject({ state: "inService", paid: { startDate: "2026-04-08" } });

    // Once in service the plan's days are billed and stay where they are.
    const again = await admin.post<TCompanyDetail>(`/admin/companies/${id}/trial/extend`, { days: 3 });
    expect(again.body.plan.paidSince).toBe("2026-04-08");
    expect(again.body.actions[0]?.detail).toEqual({ days: 3 });

    t.clock.set("2026-05-05T00:35:00Z");
    await runBillingDay(t);
    const [invoice] = (await api.get<{ invoices: TInvoice[] }>("/billing/invoices")).body.invoices;
    expect(invoice).toMatchObject({ period: "2026-04", periodStart: "2026-04-08", periodEnd: "2026-04-30" });
    const text = await pdfText((await api.raw(`/billing/invoices/${invoice?.id}/pdf`)).rawPayload);
    expect(text).toContain("2026-04 (2026-04-08 to 2026-04-30)");
    // The days added after the plan started were billed: the invoice's trial ends before its first billed day.
    expect(text).toContain("2026-03-02 to 2026-04-07, not billed");
    expect(text).toContain("UTC calendar days");
  });
});
