import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDataDir,
  createScratchDatabase,
  PORTS,
  removeDir,
  request,
  type ScratchDatabase,
  type ServerProcess,
  setClock,
  startServer,
  waitFor,
} from "./support";

const PORT = PORTS.billingCrash;
const ACCOUNTS = 800;
/** The plans start on the 1st of this month; its invoice is written and charged on the 5th of the next. */
const PERIOD = "2026-11";
const INVOICE_DAY = "2026-12-05";

let db: ScratchDatabase;
let dataDir: string;
let server: ServerProcess | null = null;

/** A process whose clock the test sets to the invoice day: billing reads the app clock, not the real one. */
async function start(at: string): Promise<string> {
  server = await startServer({ port: PORT, databaseUrl: db.url, dataDir, env: { TESTING_ENDPOINTS: "true" } });
  await setClock(server.base, at);
  return server.base;
}

/**
 * Starts the daily billing job in the process without waiting for it: the request answers when the job is done,
 * or fails when the process is killed under it.
 */
function runBilling(base: string): Promise<number> {
  return request(base, "POST", "/api/testing/jobs/billing.daily").then(
    (res) => res.status,
    () => 0,
  );
}

const SLOW_TEST_MS = 180_000;

const count = async (text: string) => (await db.sql<{ n: number }>(text))[0]?.n ?? 0;
const invoicesWritten = () => count("select count(*)::int as n from invoices");
const attemptsStarted = () => count("select count(*)::int as n from payment_attempts");

/** Waits until `progress` is past zero and short of ACCOUNTS, then kills the process: the job is half done. */
async function killMidway(what: string, progress: () => Promise<number>): Promise<number> {
  const atKill = await waitFor(
    what,
    async () => {
      const n = await progress();
      if (n >= ACCOUNTS) throw new Error(`the job finished ${what} before it could be killed`);
      return n > ACCOUNTS / 10 ? n : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 10 },
  );
  await server?.kill();
  return atKill;
}

beforeAll(async () => {
  dataDir = await createDataDir("parley-billing-crash");
  db = await createScratchDatabase("parley_billing_crash");
});

afterAll(async () => {
  await server?.kill();
  await db?.drop();
  await removeDir(dataDir);
});

describe("the daily billing job killed midway", () => {
  // Three server starts, two of them after a SIGKILL: on a machine busy with the browser tests beside it, this takes
  // longer than the other tests' limit.
  it(
    "leaves one invoice per account and month and charges each account at most once across two SIGKILLs",
    async () => {
      let base = await start(`${INVOICE_DAY}T00:40:00Z`);
      // Accounts with a running paid plan and a card, straight into the tables: what applying through the dashboard
      // would leave, without a thousand sign-ups.
      await db.sql(
        `insert into accounts (email, password_hash, name, contact, company_name, language, payment_currency,
         password_changed_at, email_verified_at, created_at)
       select 'billing' || n || '@example.com', 'unused', 'Billing ' || n, '01012345678', 'Billing', 'ko', 'KRW',
         now(), now(), now()
       from generate_series(1, $1) as n`,
        [ACCOUNTS],
      );
      await db.sql(
        `insert into paid_plans (account_id, plan_type, start_date, end_date, applied_at)
       select id, 'PlanC', $1::date, null, now() from accounts`,
        [`${PERIOD}-01`],
      );
      await db.sql(
        `insert into sandbox_gateway_cards (ref, behaviour, last4, created_at)
       select 'sbx_card_' || replace(id::text, '-', ''), 'succeeds', '4242', now() from accounts`,
      );
      await db.sql(
        `insert into billing_cards (account_id, gateway_ref, brand, last4, exp_month, exp_year, holder, registered_at)
       select id, 'sbx_card_' || replace(id::text, '-', ''), 'Visa', '4242', 12, 2030, 'BILLING', now() from accounts`,
      );

      // First crash: while the invoices are being written.
      void runBilling(base);
      await killMidway("invoices to be written", invoicesWritten);
      expect(await invoicesWritten()).toBeLessThan(ACCOUNTS);
      expect(await attemptsStarted()).toBe(0);

      // Second crash: the run after the restart finishes the invoices, and dies while charging them.
      base = await start(`${INVOICE_DAY}T00:45:00Z`);
      void runBilling(base);
      await killMidway("charges to be attempted", attemptsStarted);
      expect(await invoicesWritten()).toBe(ACCOUNTS);

      // Later that day the job runs once more and finishes; attempts the crash left pending are finished by asking
      // the gateway again under the same idempotency key.
      base = await start(`${INVOICE_DAY}T01:00:00Z`);
      expect(await runBilling(base)).toBe(200);

      const perAccount = await db.sql<{ invoices: number; period: string | null }>(
        `select count(i.id)::int as invoices, min(i.period) as period
       from accounts a left join invoices i on i.account_id = a.id group by a.id`,
      );
      expect(perAccount).toHaveLength(ACCOUNTS);
      expect(perAccount.filter((row) => row.invoices !== 1 || row.period !== PERIOD)).toEqual([]);

      const charges = await db.sql<{ account_id: string; charges: number; attempts: number; paid: boolean }>(
        `select a.id as account_id,
         (select count(*)::int from sandbox_gateway_charges c
          where c.card_ref = b.gateway_ref and c.kind = 'charge' and c.status = 'succeeded') as charges,
         (select count(*)::int from payment_attempts p where p.invoice_id = i.id) as attempts,
         i.paid_at is not null and i.charge_id = (
           select c.id from sandbox_gateway_charges c where c.idempotency_key = (
             select p.id::text from payment_attempts p where p.invoice_id = i.id and p.status = 'succeeded'))
           as paid
       from accounts a join billing_cards b on b.account_id = a.id join invoices i on i.account_id = a.id`,
      );
      expect(charges).toHaveLength(ACCOUNTS);
      expect(charges.filter((row) => row.charges !== 1 || row.attempts !== 1 || !row.paid)).toEqual([]);
    },
    SLOW_TEST_MS,
  );
});
