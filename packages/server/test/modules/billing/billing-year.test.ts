import {
  SANDBOX_TEST_CARDS,
  type TCurrentPlan,
  type TInvoice,
  type TPaidCancelInfo,
  type TPaidStartInfo,
  type TPlanState,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboard, registerCard, runBillingDay, seedUsage } from "../../billing-client";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type Customer = Awaited<ReturnType<typeof customer>>;

async function customer(language: "ko" | "en") {
  const app = await createChatApp(t, { language });
  return { ...app, api: dashboard(t, app.owner) };
}

async function startInfo(c: Customer) {
  return (await c.api.get<TPaidStartInfo>("/plans/info/paid/start")).body;
}

async function apply(c: Customer) {
  const info = await startInfo(c);
  return c.api.put<{ current: TCurrentPlan }>("/plans/change", {
    startDate: info.paidPlanStartDate,
    endDate: info.paidPlanEndDate,
    planType: "PlanC",
  });
}

/** 200 while the chat API serves the account's app, else the error code. */
async function chatApiAnswer(c: Customer): Promise<number | string> {
  const res = await c.server.get("/users");
  return res.status === 200 ? 200 : (res.body.code ?? res.status);
}

function day(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The days each state began, from one entry per day. */
function segments(log: [string, TPlanState][]): [string, TPlanState][] {
  return log.filter(([, state], i) => i === 0 || log[i - 1]?.[1] !== state);
}

const monthDays: Record<string, number> = {
  "2026-03": 31,
  "2026-04": 30,
  "2026-05": 31,
  "2026-06": 30,
  "2026-07": 31,
  "2026-08": 31,
  "2026-09": 30,
  "2026-10": 31,
  "2026-11": 30,
  "2026-12": 31,
};
const quietMonths = ["2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11", "2026-12"];

/** Whole months with no usage: the base fee alone, 290,000 won or 299.00 USD, plus 10% VAT. */
const quiet = (currency: "KRW" | "USD", periods: string[]) =>
  periods.map((period) => ({
    period,
    daysInService: monthDays[period],
    ...(currency === "KRW"
      ? { fee: 290_000, vat: 29_000, total: 319_000 }
      : { fee: 29_900, vat: 2_990, total: 32_890 }),
  }));

describe("a year of billing, one day at a time", () => {
  it("invoices every month of four accounts to the won and the cent", { timeout: 600_000 }, async () => {
    const accounts: Record<string, Customer> = {};
    const states: Record<string, [string, TPlanState][]> = { A: [], B: [], C: [], D: [] };
    const answers: Record<string, number | string> = {};
    let secondAppOfA = "";

    /** What happens at 10:00 UTC on a day, after the 00:35 run of the billing job. */
    const actions: Record<string, () => Promise<void>> = {
      // C: converts during the trial with a card that fails every charge.
      "2026-01-02": async () => {
        accounts.C = await customer("ko");
      },
      // D: converts during the trial; cancels in June, re-applies once the June invoice is paid.
      "2026-01-03": async () => {
        accounts.D = await customer("ko");
      },
      // B (USD): lets the trial run out, is stopped, converts in the middle of February.
      "2026-01-05": async () => {
        const b = await customer("en");
        accounts.B = b;
        // Trial days (Jan 5 - Feb 3) are never billed.
        await seedUsage(t, b.appId, "2026-01-05", "2026-02-03", 5_000, 100);
        await seedUsage(t, b.appId, "2026-02-20", "2026-02-28", 20_000, 500);
        await seedUsage(t, b.appId, "2026-03-01", "2026-03-31", 150_000, 2_000);
      },
      // A: converts during the trial; overruns the message tiers in March, hits the DAU cap in February.
      "2026-01-10": async () => {
        const a = await customer("ko");
        accounts.A = a;
        const second = await a.api.post<{ app: { id: string } }>("/apps", { name: "Second" });
        secondAppOfA = second.body.app.id;
        await seedUsage(t, a.appId, "2026-01-10", "2026-02-08", 1_000, 10);
        await seedUsage(t, a.appId, "2026-02-09", "2026-02-28", 60_000, 3_000);
        await seedUsage(t, secondAppOfA, "2026-02-09", "2026-02-28", 10_000, 100);
        await seedUsage(t, a.appId, "2026-03-01", "2026-03-31", 400_000, 300_000);

        const d = accounts.D as Customer;
        await registerCard(t, d.owner);
        expect((await apply(d)).body.current?.paid?.startDate).toBe("2026-02-02");
      },
      "2026-01-20": async () => {
        const a = accounts.A as Customer;
        await registerCard(t, a.owner);
        expect(await startInfo(a)).toEqual({ paidPlanStartDate: "2026-02-09", paidPlanEndDate: "2026-02-28" });
        expect((await apply(a)).status).toBe(200);
      },
      "2026-01-25": async () => {
        const c = accounts.C as Customer;
        await registerCard(t, c.owner, { number: SANDBOX_TEST_CARDS.failsEveryCharge });
        expect((await apply(c)).body.current?.paid?.startDate).toBe("2026-02-01");
        await seedUsage(t, c.appId, "2026-03-01", "2026-03-31", 1_000, 50);
      },
      "2026-02-03": async () => {
        answers.B_lastTrialDay = await chatApiAnswer(accounts.B as Customer);
      },
      "2026-02-04": async () => {
        answers.B_afterTrial = await chatApiAnswer(accounts.B as Customer);
      },
      "2026-02-20": async () => {
        const b = accounts.B as Customer;
        await registerCard(t, b.owner);
        expect(await startInfo(b)).toEqual({ paidPlanStartDate: "2026-02-20", paidPlanEndDate: "2026-02-28" });
        expect((await apply(b)).status).toBe(200);
        answers.B_converted = await chatApiAnswer(b);
      },
      "2026-03-13": async () => {
        answers.C_ninthFailedDay = await chatApiAnswer(accounts.C as Customer);
      },
      "2026-03-14": async () => {
        answers.C_tenthFailedDay = await chatApiAnswer(accounts.C as Customer);
      },
      "2026-03-20": async () => {
        const c = accounts.C as Customer;
        await registerCard(t, c.owner);
        answers.C_newCard = await chatApiAnswer(c);
      },
      "2026-06-10": async () => {
        const d = accounts.D as Customer;
        await seedUsage(t, d.appId, "2026-06-01", "2026-06-30", 200_000, 100_000);
        const info = await d.api.get<TPaidCancelInfo>("/plans/info/paid/cancel");
        // Jun 1-10: 10 of 30 days. Base 96,667; messages 2,000,000 - 333,333 included = 1,666,667 at 1 won;
        // DAU 1,000,000 - 20,000 included = 980,000 at 5 won = 4,900,000. Subtotal 6,663,334 is under the cap of
        // 1,000,000 x 200 / 30 = 6,666,667.
        expect(info.body).toEqual({
          cancelDate: "2026-06-10",
          periodStart: "2026-06-01",
          periodEnd: "2026-06-10",
          usage: { messages: 2_000_000, cumulativeDau: 1_000_000, daysInService: 10 },
          fee: 6_663_334,
          vat: 666_333,
          total: 7_329_667,
          currency: "KRW",
          paymentDate: "2026-07-05",
        });
        expect((await d.api.post("/plans/cancel/paid")).status).toBe(200);
        answers.D_cancelled = await chatApiAnswer(d);
      },
      "2026-06-20": async () => {
        answers.D_reapplyBeforeInvoice = (await apply(accounts.D as Customer)).body.code ?? 200;
      },
      "2026-07-04": async () => {
        answers.D_reapplyBeforeFifth = (await apply(accounts.D as Customer)).body.code ?? 200;
      },
      "2026-07-06": async () => {
        const d = accounts.D as Customer;
        expect((await apply(d)).body.current?.paid?.startDate).toBe("2026-07-06");
        answers.D_reapplied = await chatApiAnswer(d);
      },
    };

    for (let at = Date.parse("2026-01-01T00:00:00Z"); at <= Date.parse("2027-01-05T00:00:00Z"); at += 86_400_000) {
      const today = day(new Date(at));
      t.clock.set(`${today}T00:35:00Z`);
      await runBillingDay(t);
      // On invoice day the job runs twice, as a retried or duplicated job would.
      if (today.endsWith("-05")) await runBillingDay(t);
      t.clock.set(`${today}T10:00:00Z`);
      await actions[today]?.();
      for (const [name, c] of Object.entries(accounts)) {
        const res = await c.api.get<{ current: TCurrentPlan }>("/plans/current");
        states[name]?.push([today, res.body.current.state]);
      }
    }

    expect(segments(states.A ?? [])).toEqual([
      ["2026-01-10", "notApplied"],
      ["2026-01-20", "applicationComplete"],
      ["2026-02-09", "inService"],
    ]);
    expect(segments(states.B ?? [])).toEqual([
      ["2026-01-05", "notApplied"],
      ["2026-02-04", "serviceStopped"],
      ["2026-02-20", "inService"],
    ]);
    expect(segments(states.C ?? [])).toEqual([
      ["2026-01-02", "notApplied"],
      ["2026-01-25", "applicationComplete"],
      ["2026-02-01", "inService"],
      ["2026-03-14", "serviceStopped"],
      ["2026-03-20", "inService"],
    ]);
    expect(segments(states.D ?? [])).toEqual([
      ["2026-01-03", "notApplied"],
      ["2026-01-10", "applicationComplete"],
      ["2026-02-02", "inService"],
      ["2026-06-10", "cancellationApplied"],
      ["2026-07-05", "cancellationComplete"],
      ["2026-07-06", "inService"],
    ]);
    expect(answers).toEqual({
      B_lastTrialDay: 200,
      B_afterTrial: "4000",
      B_converted: 200,
      C_ninthFailedDay: 200,
      C_tenthFailedDay: "4000",
      C_newCard: 200,
      D_cancelled: "4000",
      D_reapplyBeforeInvoice: "5002",
      D_reapplyBeforeFifth: "5002",
      D_reapplied: 200,
    });

    const invoicesOf = async (name: string) =>
      (await (accounts[name] as Customer).api.get<{ invoices: TInvoice[] }>("/billing/invoices")).body.invoices
        .slice()
        .reverse();
    const figures = (invoice: TInvoice) => ({
      period: invoice.period,
      daysInService: invoice.usage.daysInService,
      fee: invoice.fee,
      vat: invoice.vat,
      total: invoice.total,
    });

    // A, KRW.
    const a = await invoicesOf("A");
    expect(
      a.every((invoice) => invoice.status === "paid" && invoice.paidAt === `${invoice.paymentDate}T00:35:00.000Z`),
    ).toBe(true);
    expect(a.map(figures)).toEqual([
      // Feb 9-28: 20 of 28 days; 1,400,000 messages and 62,000 cumulative DAU over both apps. Base 207,143;
      // 1,400,000 - 714,286 included = 685,714 at 1 won; 62,000 - 42,857 = 19,143 DAU at 5 won = 95,715.
      // Subtotal 988,572, capped at 62,000 x 200 / 28 = 442,857; VAT 44,286.
      { period: "2026-02", daysInService: 20, fee: 442_857, vat: 44_286, total: 487_143 },
      // March, full: 12,400,000 messages, 9,300,000 cumulative DAU. Base 290,000; 9,000,000 at 1 won;
      // 2,400,000 at 0.8 won = 1,920,000; 9,240,000 DAU at 5 won = 46,200,000. Subtotal 57,410,000 is under the
      // cap of 9,300,000 x 200 / 31 = 60,000,000.
      { period: "2026-03", daysInService: 31, fee: 57_410_000, vat: 5_741_000, total: 63_151_000 },
      ...quiet("KRW", quietMonths),
    ]);
    expect(a[0]).toMatchObject({ usage: { messages: 1_400_000, cumulativeDau: 62_000 }, capApplied: true });
    expect(a[0]?.lines).toEqual([
      { kind: "base", quantity: 20, unitPrice: 290_000, amount: 207_143 },
      {
        kind: "messages",
        quantity: 685_714,
        unitPrice: 1_000,
        tier: { from: 714_286, upTo: 10_000_000 },
        amount: 685_714,
      },
      { kind: "dau", quantity: 19_143, unitPrice: 5_000, amount: 95_715 },
    ]);
    expect(a[1]).toMatchObject({ usage: { messages: 12_400_000, cumulativeDau: 9_300_000 }, capApplied: false });
    expect(a[1]?.lines.map((line) => [line.kind, line.quantity, line.tier?.from, line.amount])).toEqual([
      ["base", 31, undefined, 290_000],
      ["messages", 9_000_000, 1_000_000, 9_000_000],
      ["messages", 2_400_000, 10_000_000, 1_920_000],
      ["dau", 9_240_000, undefined, 46_200_000],
    ]);

    // B, USD cents.
    const b = await invoicesOf("B");
    expect(b.map(figures)).toEqual([
      // Feb 20-28: 9 of 28 days; 180,000 messages and 4,500 DAU stay within the prorated inclusions
      // (321,429 and 19,286). Base $299 x 9/28 = $96.11; VAT $9.61.
      { period: "2026-02", daysInService: 9, fee: 9_611, vat: 961, total: 10_572 },
      // March: 4,650,000 messages, 62,000 DAU. $299 + 3,650,000 x $0.001 + 2,000 x $0.005 = $3,959.00, capped at
      // 2,000 average DAU x $0.20 = $400.00; VAT $40.00.
      { period: "2026-03", daysInService: 31, fee: 40_000, vat: 4_000, total: 44_000 },
      ...quiet("USD", quietMonths),
    ]);
    expect(b[0]).toMatchObject({ currency: "USD", usage: { messages: 180_000, cumulativeDau: 4_500 } });
    expect(b[1]).toMatchObject({ capApplied: true, usage: { messages: 4_650_000, cumulativeDau: 62_000 } });

    // C, KRW: February failed ten days, then the new card paid it.
    const c = await invoicesOf("C");
    expect(c[0]).toMatchObject({
      period: "2026-02",
      status: "paid",
      failedAttempts: 10,
      paidAt: "2026-03-20T10:00:00.000Z",
      lastFailureReason: "declined by the issuer (sandbox test card)",
    });
    expect(c.map(figures)).toEqual([
      { period: "2026-02", daysInService: 28, fee: 290_000, vat: 29_000, total: 319_000 },
      // March without Mar 15-19, stopped from start to end: 26 of 31 days. Base 290,000 x 26/31 = 243,226;
      // 26,000 messages and 1,300 DAU within the inclusions; VAT 24,323.
      { period: "2026-03", daysInService: 26, fee: 243_226, vat: 24_323, total: 267_549 },
      ...quiet("KRW", quietMonths),
    ]);
    expect(c[1]?.usage).toEqual({ messages: 26_000, cumulativeDau: 1_300, daysInService: 26 });
    const attempts = await t.ctx.database.query<{ key: string; status: string }>(
      `select a.attempt_key as key, a.status from payment_attempts a join invoices i on i.id = a.invoice_id
       where i.id = $1 order by a.created_at`,
      [c[0]?.id],
    );
    expect(attempts.map((x) => x.key)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `daily:2026-03-${String(i + 5).padStart(2, "0")}`),
      expect.stringMatching(/^card:/),
    ]);
    expect(attempts.map((x) => x.status)).toEqual([...Array(10).fill("failed"), "succeeded"]);

    // D, KRW: cancelled on Jun 10, re-applied on Jul 6.
    const d = await invoicesOf("D");
    expect(d.map(figures)).toEqual([
      // Feb 2-28: 27 of 28 days. Base 279,643; VAT 27,964.
      { period: "2026-02", daysInService: 27, fee: 279_643, vat: 27_964, total: 307_607 },
      ...quiet("KRW", ["2026-03", "2026-04", "2026-05"]),
      { period: "2026-06", daysInService: 10, fee: 6_663_334, vat: 666_333, total: 7_329_667 },
      // Jul 6-31: 26 of 31 days. Base 243,226; VAT 24,323.
      { period: "2026-07", daysInService: 26, fee: 243_226, vat: 24_323, total: 267_549 },
      ...quiet("KRW", ["2026-08", "2026-09", "2026-10", "2026-11", "2026-12"]),
    ]);
    expect(d.every((invoice) => invoice.status === "paid")).toBe(true);

    // Running the last day again bills and charges nothing more.
    const count = async (table: string) =>
      Number((await t.ctx.database.query<{ n: string }>(`select count(*) as n from ${table}`))[0]?.n);
    const before = [await count("invoices"), await count("payment_attempts"), await count("sandbox_gateway_charges")];
    await runBillingDay(t);
    expect([await count("invoices"), await count("payment_attempts"), await count("sandbox_gateway_charges")]).toEqual(
      before,
    );
    expect(before[0]).toBe(44);
  });
});
