import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  SANDBOX_TEST_CARDS,
  type TCardResponse,
  type TCardSessionResponse,
  type TCurrentPlan,
  type TInvoice,
  type TNotification,
  type TPaidCancelInfo,
  type TPaidStartInfo,
  type TPlansResponse,
} from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { dashboard, pdfText, registerCard, runBillingDay, seedUsage } from "../../billing-client";
import { v1 } from "../../chat-client";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

let t: TestApp;
let origin: string;
let webDir: string;

beforeAll(async () => {
  // A stand-in for the built web app, so the gateway's redirect back to /billing-payletter can be followed.
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-web-"));
  await fs.writeFile(path.join(webDir, "index.html"), "<!doctype html><title>Parley</title><div id=root></div>");
  t = await startTestApp({ env: { WEB_DIST_DIR: webDir } });
  await t.server.listen({ port: 0, host: "127.0.0.1" });
  const address = t.server.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

/** An ordinary account verified at `at`, with one app, an API key and a dashboard client. */
async function customer(at: string, language: "ko" | "en" = "ko") {
  t.clock.set(at);
  const app = await createChatApp(t, { language, allowAnonymousLogin: true });
  return { ...app, api: dashboard(t, app.owner) };
}

async function current(api: ReturnType<typeof dashboard>): Promise<TCurrentPlan> {
  const res = await api.get<{ current: TCurrentPlan }>("/plans/current");
  expect(res.status).toBe(200);
  return res.body.current;
}

async function apply(api: ReturnType<typeof dashboard>) {
  const info = await api.get<TPaidStartInfo>("/plans/info/paid/start");
  return api.put<{ current: TCurrentPlan }>("/plans/change", {
    startDate: info.body.paidPlanStartDate,
    endDate: info.body.paidPlanEndDate,
    planType: "PlanC",
  });
}

/** The billing notices: the password notice comes and goes with the months the tests skip. */
const notices = async (api: ReturnType<typeof dashboard>) =>
  (await api.get<{ notifications: TNotification[] }>("/notifications")).body.notifications.filter(
    (notice) => notice.type !== "PasswordResetRequired",
  );

describe("plans", () => {
  it("lists the free trial and the paid plan with its prices", async () => {
    const { api } = await customer("2026-03-02T09:00:00Z");
    const res = await api.get<TPlansResponse>("/plans/all");
    expect(res.status).toBe(200);
    expect(res.body.plans.map((plan) => plan.planType)).toEqual(["FreeTrial", "PlanC"]);
    expect(res.body.plans[1]).toMatchObject({
      monthlyFee: { KRW: 290_000, USD: 29_900 },
      includedMessages: 1_000_000,
      includedCumulativeDau: 60_000,
    });
  });

  it("reports the trial with its end, the days left and this month's messages of all apps", async () => {
    const { api, appId } = await customer("2026-03-02T09:00:00Z");
    await seedUsage(t, appId, "2026-03-01", "2026-03-02", 617, 3);
    expect(await current(api)).toEqual({
      planType: "FreeTrial",
      state: "notApplied",
      billingLabel: "notApplied",
      serviceActive: true,
      stopReason: null,
      trial: {
        startedAt: "2026-03-02T09:00:00.000Z",
        firstDay: "2026-03-02",
        lastDay: "2026-03-31",
        endsAt: "2026-04-01T00:00:00.000Z",
        daysLeft: 30,
        monthlyMessages: 150_000,
        messagesThisMonth: 1_234,
      },
      paid: null,
      currency: "KRW",
      cardRegistered: false,
    });
  });

  it("refuses a change to the free trial (4005), without a card (5004) and with other dates than the start info (300)", async () => {
    const { api, owner } = await customer("2026-03-02T09:00:00Z");
    const info = await api.get<TPaidStartInfo>("/plans/info/paid/start");
    expect(info.body).toEqual({ paidPlanStartDate: "2026-04-01", paidPlanEndDate: "2026-04-30" });
    const body = { startDate: "2026-04-01", endDate: "2026-04-30", planType: "PlanC" };
    expect((await api.put("/plans/change", { ...body, planType: "FreeTrial" })).body.code).toBe("4005");
    expect((await api.put("/plans/change", body)).body.code).toBe("5004");
    await registerCard(t, owner);
    const stale = await api.put("/plans/change", { ...body, startDate: "2026-03-02" });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({
      code: "300",
      data: { fields: [{ path: "startDate", message: "VALIDATION_PLAN_DATES" }] },
    });
    expect((await api.put("/plans/change", { ...body, planType: "PlanX" })).body.code).toBe("300");
  });

  it("applies during the trial: the plan starts the day after it, a second application answers 4001", async () => {
    const { api, owner } = await customer("2026-03-02T09:00:00Z");
    await registerCard(t, owner);
    t.clock.set("2026-03-20T10:00:00Z");
    const applied = await apply(api);
    expect(applied.status).toBe(200);
    expect(applied.body.current).toMatchObject({
      state: "applicationComplete",
      billingLabel: "completedApplication",
      planType: "FreeTrial",
      serviceActive: true,
      paid: { startDate: "2026-04-01", endDate: null, cancelledAt: null },
      cardRegistered: true,
    });
    expect((await apply(api)).body.code).toBe("4001");
    expect((await api.get<TCardResponse>("/billing/card")).body.expectedPaymentDate).toBe("2026-05-05");
    t.clock.set("2026-04-01T00:00:00Z");
    expect(await current(api)).toMatchObject({
      state: "inService",
      billingLabel: "inUse",
      planType: "PlanC",
      serviceActive: true,
      trial: null,
    });
    expect((await apply(api)).body.code).toBe("4001");
  });

  it("answers 5000 when the card has expired", async () => {
    const { api, owner } = await customer("2026-03-02T09:00:00Z");
    await registerCard(t, owner, { expiry: "04/26" });
    t.clock.set("2026-05-03T10:00:00Z");
    expect((await api.get<TPaidStartInfo>("/plans/info/paid/start")).body).toEqual({
      paidPlanStartDate: "2026-05-03",
      paidPlanEndDate: "2026-05-31",
    });
    expect((await apply(api)).body.code).toBe("5000");
  });

  it("withdraws a plan cancelled before it starts, and answers 4000 when there is no plan to cancel", async () => {
    const { api, owner } = await customer("2026-03-02T09:00:00Z");
    await registerCard(t, owner);
    expect((await apply(api)).status).toBe(200);
    const cancelled = await api.post<{ current: TCurrentPlan }>("/plans/cancel/paid");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.current).toMatchObject({ state: "notApplied", serviceActive: true, paid: null });
    const again = await api.post("/plans/cancel/paid");
    expect(again.status).toBe(402);
    expect(again.body.code).toBe("4000");
    expect((await api.get("/plans/info/paid/cancel")).body.code).toBe("4000");
    // Nothing was billed, so a new application is not held back by 5002.
    expect((await apply(api)).status).toBe(200);
  });

  it("shows the cancellation figure, stops the chat API at once, answers 5002 until the final invoice is paid", async () => {
    const { api, owner, appId, server } = await customer("2026-01-03T10:00:00Z");
    await registerCard(t, owner);
    expect((await apply(api)).body.current?.paid?.startDate).toBe("2026-02-02");
    await seedUsage(t, appId, "2026-02-01", "2026-02-28", 50_000, 2_000);
    t.clock.set("2026-02-10T15:00:00Z");
    const info = await api.get<TPaidCancelInfo>("/plans/info/paid/cancel");
    // Feb 2-10: 9 of 28 days. Base 290,000 x 9/28 = 93,214; messages 450,000 - 321,429 included = 128,571;
    // DAU 18,000 under the 19,286 included. Subtotal 221,785, capped at 18,000 x 200 / 28 = 128,571.
    expect(info.body).toEqual({
      cancelDate: "2026-02-10",
      periodStart: "2026-02-02",
      periodEnd: "2026-02-10",
      usage: { messages: 450_000, cumulativeDau: 18_000, daysInService: 9 },
      fee: 128_571,
      vat: 12_857,
      total: 141_428,
      currency: "KRW",
      paymentDate: "2026-03-05",
    });
    expect((await server.get("/users")).status).toBe(200);
    const cancelled = await api.post<{ current: TCurrentPlan }>("/plans/cancel/paid");
    expect(cancelled.body.current).toMatchObject({
      state: "cancellationApplied",
      billingLabel: "cancelling",
      serviceActive: false,
      stopReason: "cancelled",
      paid: { startDate: "2026-02-02", endDate: "2026-02-10", cancelledAt: "2026-02-10T15:00:00.000Z" },
    });
    const refused = await server.get("/users");
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe("4000");
    expect((await api.delete("/billing/card")).body.code).toBe("5005");

    t.clock.set("2026-02-20T10:00:00Z");
    expect((await apply(api)).body.code).toBe("5002");
    t.clock.set("2026-03-05T00:35:00Z");
    await runBillingDay(t);
    const [invoice] = (await api.get<{ invoices: TInvoice[] }>("/billing/invoices")).body.invoices;
    expect(invoice).toMatchObject({ period: "2026-02", fee: 128_571, vat: 12_857, total: 141_428, status: "paid" });
    expect(await current(api)).toMatchObject({ state: "cancellationComplete", billingLabel: "cancelComplete" });
    t.clock.set("2026-03-05T10:00:00Z");
    const reapplied = await apply(api);
    expect(reapplied.body.current).toMatchObject({ state: "inService", paid: { startDate: "2026-03-05" } });
    expect((await server.get("/users")).status).toBe(200);
  });

  it("answers 1023 to a marketplace account, which the trial never stops", async () => {
    const { api, owner, server } = await customer("2026-03-02T09:00:00Z");
    await t.ctx.database.query("update accounts set kind = 'marketplaceaccount' where email = $1", [owner.email]);
    expect((await api.get("/plans/current")).body.code).toBe("1023");
    expect((await api.get("/billing/invoices")).body.code).toBe("1023");
    t.clock.set("2026-06-01T00:00:00Z");
    expect((await server.get("/users")).status).toBe(200);
  });
});

describe("the chat API gate", () => {
  it("answers 4000 for every app after the trial on keys, sessions, logins and the WebSocket, until a plan is applied", async () => {
    const { api, owner, appId, server, user } = await customer("2026-03-02T09:00:00Z");
    const kim = await user("kim");
    const created = await api.post<{ app: { id: string } }>("/apps", { name: "Second" });
    const key = await api.post<{ secret: string }>(`/apps/${created.body.app.id}/api-keys`, { label: "s" });
    const second = v1(t.server, key.body.secret);

    t.clock.set("2026-03-31T23:59:00Z");
    expect((await server.get("/users")).status).toBe(200);
    t.clock.set("2026-04-01T00:00:00Z");
    for (const res of [
      await server.get("/users"),
      await second.get("/users"),
      await kim.api.get("/me"),
      await v1(t.server).post("/auth/anonymous", { appId, userId: "lee", nickname: "Lee" }),
    ]) {
      expect(res.status).toBe(402);
      expect(res.body.code).toBe("4000");
    }
    const ws = new WebSocket(`${origin.replace("http", "ws")}/v1/ws`);
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    const frame = new Promise<{ type: string; code?: string }>((resolve) =>
      ws.once("message", (raw) => resolve(JSON.parse(raw.toString()))),
    );
    ws.send(JSON.stringify({ type: "auth", token: kim.sessionToken }));
    expect(await frame).toMatchObject({ type: "error", code: "4000" });
    ws.close();

    expect((await api.get("/apps")).status).toBe(200);
    expect(await current(api)).toMatchObject({
      state: "serviceStopped",
      billingLabel: "notInUse",
      serviceActive: false,
      stopReason: "trialEnded",
    });
    await registerCard(t, owner);
    expect((await apply(api)).body.current).toMatchObject({ state: "inService", paid: { startDate: "2026-04-01" } });
    expect((await server.get("/users")).status).toBe(200);
    expect((await kim.api.get("/me")).status).toBe(200);
  });

  it("refuses messages beyond the trial's monthly quota of all apps with 3014, after the channel's rules, and not on the paid plan", async () => {
    const { api, owner, appId, user, server } = await customer("2026-03-20T10:00:00Z");
    const other = await api.post<{ app: { id: string } }>("/apps", { name: "Other" });
    const kim = await user("kim");
    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
    const say = (text: string) => kim.api.post(`/channels/${channel.id}/messages`, { text });
    await seedUsage(t, appId, "2026-03-01", "2026-03-19", 5_000, 10);
    await seedUsage(t, other.body.app.id, "2026-03-20", "2026-03-20", 54_999, 10);
    // 19 x 5,000 + 54,999 = 149,999: one message left this month.
    expect((await say("last one")).status).toBe(200);
    const refused = await say("one too many");
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("3014");
    expect((await server.post(`/channels/${channel.id}/messages`, { text: "notice" })).body.code).toBe("3014");

    t.clock.set("2026-04-01T00:00:10Z");
    expect((await say("a new month")).status).toBe(200);
    await seedUsage(t, appId, "2026-04-01", "2026-04-01", 150_000, 10);
    expect((await say("over again")).body.code).toBe("3014");
    // The channel's rules and the message's own faults are reported before the quota.
    const lee = await user("lee");
    expect((await lee.api.post(`/channels/${channel.id}/messages`, { text: "not a member" })).body.code).toBe("3020");
    expect((await say("   ")).body.code).toBe("3012");

    await registerCard(t, owner);
    expect((await apply(api)).body.current?.paid?.startDate).toBe("2026-04-19");
    t.clock.set("2026-04-19T00:00:00Z");
    await seedUsage(t, appId, "2026-04-19", "2026-04-19", 2_000_000, 10);
    expect((await say("paid plan")).status).toBe(200);
  });
});

describe("notices", () => {
  it("follows the trial, the card and the plan", async () => {
    const { api, owner } = await customer("2026-03-02T09:00:00Z", "en");
    expect(await notices(api)).toEqual([
      {
        type: "UsingFreePlan",
        text: "You are on the free trial through Mar 31, 2026 (UTC). Days left: 30.",
        params: { daysLeft: 30, lastDay: "2026-03-31", paidPlanApplied: 0 },
      },
    ]);
    t.clock.set("2026-03-25T09:00:00Z");
    expect(await notices(api)).toEqual([
      {
        type: "FreePlanExpiring",
        text: "Your free trial runs through Mar 31, 2026 (UTC). Days left: 7. Apply for the paid plan to keep the service running.",
        params: { daysLeft: 7, lastDay: "2026-03-31" },
      },
      { type: "CardNotRegistered", text: "No card is registered. Register a card to apply for the paid plan." },
    ]);
    await registerCard(t, owner);
    expect((await notices(api)).map((n) => n.type)).toEqual(["FreePlanExpiring"]);
    expect((await apply(api)).status).toBe(200);
    expect((await notices(api)).map((n) => [n.type, n.params])).toEqual([
      ["UsingFreePlan", { daysLeft: 7, lastDay: "2026-03-31", paidPlanApplied: 1 }],
    ]);
    t.clock.set("2026-04-02T09:00:00Z");
    expect(await notices(api)).toEqual([]);
  });

  it("says the trial ended and a card is missing, in Korean for a Korean account", async () => {
    const { api } = await customer("2026-03-02T09:00:00Z", "ko");
    t.clock.set("2026-04-01T09:00:00Z");
    expect(await notices(api)).toEqual([
      {
        type: "FreePlanExpiring",
        text: "무료 체험이 끝나 서비스가 중지되었습니다. 유료 플랜을 신청하면 다시 이용할 수 있습니다.",
        params: { daysLeft: 0 },
      },
      { type: "CardNotRegistered", text: "등록된 카드가 없습니다. 유료 플랜을 신청하려면 카드를 등록해 주세요." },
    ]);
  });
});

describe("cards", () => {
  it("reports each way the hosted page can end", async () => {
    const { owner, api } = await customer("2026-03-02T09:00:00Z");
    const pending = await api.post<TCardSessionResponse>("/billing/card/session");
    expect(pending.body.redirectUrl).toBe(`http://parley.test/sandbox-gateway/card/${pending.body.sessionId}`);
    expect((await api.get(`/billing/card/session/${pending.body.sessionId}`)).body).toEqual({
      sessionId: pending.body.sessionId,
      result: "pending",
      card: null,
    });
    t.clock.advance(31 * 60 * 1000);
    expect((await api.get(`/billing/card/session/${pending.body.sessionId}`)).body.result).toBe("cancelled");

    const declined = await registerCard(t, owner, { number: SANDBOX_TEST_CARDS.declinedAtRegistration });
    expect(declined).toMatchObject({ result: "declined", card: null });
    expect(declined.location).toBe(`http://parley.test/billing-payletter?sessionId=${declined.sessionId}`);
    expect((await registerCard(t, owner, { number: "4242424242424241" })).result).toBe("invalid");
    expect((await registerCard(t, owner, { expiry: "13/30" })).result).toBe("invalid");
    expect((await registerCard(t, owner, { expiry: "02/26" })).result).toBe("invalid");
    expect((await registerCard(t, owner, { action: "cancel" })).result).toBe("cancelled");
    expect((await api.get<TCardResponse>("/billing/card")).body).toEqual({ card: null, expectedPaymentDate: null });

    const ok = await registerCard(t, owner, { number: "4242 4242 4242 4242", expiry: "03/27", holder: "Kim" });
    const card = { brand: "Visa", maskedNumber: "•••• 4242", expiry: "03/27", holder: "Kim" };
    expect(ok).toMatchObject({ result: "success", card });
    expect((await api.get<TCardResponse>("/billing/card")).body.card).toMatchObject(card);
    await registerCard(t, owner, { number: "5555555555554444" });
    expect((await api.get<TCardResponse>("/billing/card")).body.card).toMatchObject({
      brand: "Mastercard",
      maskedNumber: "•••• 4444",
    });
  });

  it("keeps a session to its account and refuses a second submit", async () => {
    const first = await customer("2026-03-02T09:00:00Z");
    const second = await customer("2026-03-02T09:00:00Z");
    const session = await first.api.post<TCardSessionResponse>("/billing/card/session");
    const other = await second.api.get(`/billing/card/session/${session.body.sessionId}`);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("004");
    const page = new URL(session.body.redirectUrl).pathname;
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const payload = `number=${SANDBOX_TEST_CARDS.succeeds}&expiry=12%2F30&holder=Kim&action=register`;
    expect((await t.server.inject({ method: "POST", url: page, headers: form, payload })).statusCode).toBe(303);
    const again = await t.server.inject({ method: "POST", url: page, headers: form, payload });
    expect(again.statusCode).toBe(410);
    expect((await t.server.inject({ method: "GET", url: page })).statusCode).toBe(410);
    const unknown = await t.server.inject({ method: "GET", url: "/sandbox-gateway/card/not-a-session" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toContain("text/html");
  });

  it("removes the card only when no plan is applied and nothing is left to pay (5005)", async () => {
    const { api, owner } = await customer("2026-03-02T09:00:00Z");
    await registerCard(t, owner);
    expect((await apply(api)).status).toBe(200);
    const refused = await api.delete("/billing/card");
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("5005");
    await api.post("/plans/cancel/paid");
    expect((await api.delete("/billing/card")).body).toEqual({ ok: true });
    expect((await api.get<TCardResponse>("/billing/card")).body.card).toBeNull();
    expect((await apply(api)).body.code).toBe("5004");
  });

  it("serves the hosted card page over HTTP in the account's language and returns to /billing-payletter", async () => {
    const { api, owner } = await customer("2026-03-02T09:00:00Z", "en");
    const session = await api.post<TCardSessionResponse>("/billing/card/session");
    const pageUrl = `${origin}${new URL(session.body.redirectUrl).pathname}`;
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="number"');
    expect(html).toContain('name="expiry"');
    expect(html).toContain('name="holder"');
    expect(html).not.toContain("<script");
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(action).toBe(new URL(session.body.redirectUrl).pathname);

    const posted = await fetch(`${origin}${action}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        number: SANDBOX_TEST_CARDS.failsEveryCharge,
        expiry: "09/29",
        holder: "Jane Doe",
        action: "register",
      }),
    });
    expect(posted.status).toBe(303);
    const location = posted.headers.get("location") ?? "";
    expect(location).toBe(`http://parley.test/billing-payletter?sessionId=${session.body.sessionId}`);
    const back = new URL(location);
    const landing = await fetch(`${origin}${back.pathname}${back.search}`);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain("<div id=root>");

    const result = await fetch(`${origin}/api/billing/card/session/${back.searchParams.get("sessionId")}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(await result.json()).toMatchObject({
      result: "success",
      card: { brand: "Visa", maskedNumber: "•••• 0341", expiry: "09/29", holder: "Jane Doe" },
    });
  });

  it("writes the page in Korean for a Korean account", async () => {
    const { api } = await customer("2026-03-02T09:00:00Z", "ko");
    const session = await api.post<TCardSessionResponse>("/billing/card/session");
    const html = (await t.server.inject({ method: "GET", url: new URL(session.body.redirectUrl).pathname })).body;
    expect(html).toContain('<html lang="ko">');
    expect(html).toContain("카드 번호");
  });
});

describe("invoices", () => {
  it("invoices on the 5th, charges once however often the job runs, and downloads as PDF and CSV", async () => {
    const { api, owner, appId } = await customer("2026-01-03T10:00:00Z", "en");
    await api.put(`/apps/${appId}`, { name: '=HYPERLINK("http://evil.example")' });
    await registerCard(t, owner);
    expect((await apply(api)).status).toBe(200);
    await seedUsage(t, appId, "2026-02-01", "2026-02-28", 100_000, 1_000);
    t.clock.set("2026-03-04T00:35:00Z");
    await runBillingDay(t);
    expect((await api.get<{ invoices: TInvoice[] }>("/billing/invoices")).body.invoices).toEqual([]);
    t.clock.set("2026-03-05T00:35:00Z");
    await runBillingDay(t, "first");
    await runBillingDay(t, "second");
    const { invoices } = (await api.get<{ invoices: TInvoice[] }>("/billing/invoices")).body;
    // Feb 2-28: 27 of 28 days, USD. Base $299 x 27/28 = $288.32; 2,700,000 messages - 964,286 included =
    // 1,735,714 x $0.001 = $1,735.71; 27,000 DAU under the 57,857 included. Subtotal $2,024.03, capped at
    // 27,000 x $0.20 / 28 = $192.86, below the base fee, so the fee is the base: $288.32 + VAT $28.83.
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      period: "2026-02",
      periodStart: "2026-02-02",
      periodEnd: "2026-02-28",
      currency: "USD",
      usage: { messages: 2_700_000, cumulativeDau: 27_000, daysInService: 27 },
      capApplied: true,
      fee: 28_832,
      vat: 2_883,
      total: 31_715,
      status: "paid",
      paymentDate: "2026-03-05",
      paidAt: "2026-03-05T00:35:00.000Z",
      failedAttempts: 0,
    });
    expect(invoices[0]?.lines.map((line) => [line.kind, line.quantity, line.amount])).toEqual([
      ["base", 27, 28_832],
      ["messages", 1_735_714, 173_571],
    ]);
    const charges = await t.ctx.database.query<{ n: string }>(
      "select count(*) as n from sandbox_gateway_charges c join payment_attempts a on a.id::text = c.idempotency_key join invoices i on i.id = a.invoice_id where i.id = $1",
      [invoices[0]?.id],
    );
    expect(Number(charges[0]?.n)).toBe(1);

    const pdf = await api.raw(`/billing/invoices/${invoices[0]?.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.rawPayload.subarray(-6).toString()).toContain("%%EOF");
    const text = await pdfText(pdf.rawPayload);
    for (const expected of ["Parley invoice", "2026-02 (2026-02-02 to 2026-02-28)", "Base fee, 27 of 28 days"]) {
      expect(text).toContain(expected);
    }
    for (const expected of ["288.32 USD", "1,735.71 USD", "28.83 USD", "317.15 USD", "Total", "VAT 10%"]) {
      expect(text.replace(/\n/g, "")).toContain(expected);
    }

    const csv = await api.raw(`/billing/invoices/${invoices[0]?.id}/csv`);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines.slice(0, 6)).toEqual([
      "period,item,tier_from,tier_to,quantity,unit_price,amount,currency",
      "2026-02,base,,,27,299.00,288.32,USD",
      "2026-02,messages,964286,10000000,1735714,0.001,1735.71,USD",
      "2026-02,fee_capped,,,,,288.32,USD",
      "2026-02,vat_10,,,,,28.83,USD",
      "2026-02,total,,,,,317.15,USD",
    ]);
    expect(lines).toContain(`2026-02,${appId},"'=HYPERLINK(""http://evil.example"")",2700000,27000`);

    const stranger = await customer("2026-03-05T10:00:00Z");
    expect((await stranger.api.raw(`/billing/invoices/${invoices[0]?.id}/pdf`)).statusCode).toBe(404);
  });

  it("retries a failing card daily, stops after 10 failed days, and a new card pays and restores at once", async () => {
    const { api, owner, server } = await customer("2026-01-02T10:00:00Z");
    await registerCard(t, owner, { number: SANDBOX_TEST_CARDS.failsEveryCharge });
    expect((await apply(api)).status).toBe(200);
    for (let day = 5; day <= 16; day += 1) {
      t.clock.set(`2026-03-${String(day).padStart(2, "0")}T00:35:00Z`);
      await runBillingDay(t);
      await runBillingDay(t);
      t.clock.set(`2026-03-${String(day).padStart(2, "0")}T10:00:00Z`);
      const [invoice] = (await api.get<{ invoices: TInvoice[] }>("/billing/invoices")).body.invoices;
      const failed = Math.min(day - 4, 10);
      expect(invoice).toMatchObject({
        status: "failed",
        failedAttempts: failed,
        lastFailureReason: "declined by the issuer (sandbox test card)",
      });
      expect((await server.get("/users")).status).toBe(day < 14 ? 200 : 402);
      const [notice] = await notices(api);
      expect(notice).toMatchObject({
        type: "CardPaymentFailed",
        params: { failedDays: failed, daysLeft: 10 - failed },
      });
      if (day === 5) {
        expect(notice?.text).toBe(
          "카드 결제에 실패했습니다(declined by the issuer (sandbox test card)). 매일 다시 결제를 시도하며, 9일 안에 결제되지 않으면 서비스가 중지됩니다.",
        );
      }
    }
    expect(await current(api)).toMatchObject({ state: "serviceStopped", stopReason: "paymentFailed" });
    expect((await api.get<TCardResponse>("/billing/card")).body.expectedPaymentDate).toBeNull();
    expect((await apply(api)).body.code).toBe("5003");

    await registerCard(t, owner);
    const [paid] = (await api.get<{ invoices: TInvoice[] }>("/billing/invoices")).body.invoices;
    expect(paid).toMatchObject({ status: "paid", failedAttempts: 10, paidAt: "2026-03-16T10:00:00.000Z" });
    expect((await server.get("/users")).status).toBe(200);
    expect(await current(api)).toMatchObject({ state: "inService", serviceActive: true });
    expect(await notices(api)).toEqual([]);
  });

  it("finishes a charge a crash left unrecorded without charging twice", async () => {
    const { api, owner } = await customer("2026-01-02T10:00:00Z");
    await registerCard(t, owner);
    expect((await apply(api)).status).toBe(200);
    t.clock.set("2026-03-05T00:35:00Z");
    const [{ id: accountId } = { id: "" }] = await t.ctx.database.query<{ id: string }>(
      "select id from accounts where email = $1",
      [owner.email],
    );
    await t.services.billing.cycle.invoiceAccount(accountId, "2026-03-05");
    const [invoice] = await t.ctx.database.query<{ id: string; total: string }>(
      "select id, total from invoices where account_id = $1",
      [accountId],
    );
    const [card] = await t.ctx.database.query<{ gateway_ref: string }>(
      "select gateway_ref from billing_cards where account_id = $1",
      [accountId],
    );
    // The crash: the attempt was stored and the gateway charged, but the answer was never recorded.
    const [attempt] = await t.ctx.database.query<{ id: string }>(
      `insert into payment_attempts (invoice_id, attempt_key, day, card_ref, amount, currency, status, created_at)
       values ($1, 'daily:2026-03-05', '2026-03-05', $2, $3, 'KRW', 'pending', $4) returning id`,
      [invoice?.id, card?.gateway_ref, invoice?.total, new Date("2026-03-05T00:35:00Z")],
    );
    const charged = await t.services.gateway.charge({
      cardRef: card?.gateway_ref ?? "",
      amount: Number(invoice?.total),
      currency: "KRW",
      idempotencyKey: attempt?.id ?? "",
    });
    expect(charged.ok).toBe(true);
    t.clock.set("2026-03-05T00:40:00Z");
    await runBillingDay(t);
    await runBillingDay(t);
    const [after] = (await api.get<{ invoices: TInvoice[] }>("/billing/invoices")).body.invoices;
    expect(after).toMatchObject({ status: "paid", failedAttempts: 0, total: 319_000 });
    const charges = await t.ctx.database.query<{ n: string }>(
      "select count(*) as n from sandbox_gateway_charges where card_ref = $1",
      [card?.gateway_ref],
    );
    expect(Number(charges[0]?.n)).toBe(1);
  });
});
