import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call as callAt,
  confirmEmail,
  createDataDir,
  createScratchDatabase,
  leaseLapsed,
  logIn,
  PORTS,
  removeDir,
  type ScratchDatabase,
  type ServerProcess,
  signUp,
  startServer,
} from "./support";

const PORT = PORTS.campaignCrash;
const BASE = `http://127.0.0.1:${PORT}`;
const RECIPIENTS = 2000;
let db: ScratchDatabase;
let dataDir: string;
let server: ServerProcess | null = null;

/** A server process with a short lease, so a dead holder's send is taken over within seconds. */
async function start(): Promise<void> {
  server = await startServer({
    port: PORT,
    databaseUrl: db.url,
    dataDir,
    env: { CAMPAIGN_LEASE_SECONDS: "2", CAMPAIGN_BATCH_SIZE: "20" },
  });
}

async function kill(): Promise<void> {
  await server?.kill();
}

const call = <T = Record<string, unknown>>(method: string, url: string, body?: unknown, token?: string) =>
  callAt<T>(BASE, method, url, body, token);
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => db.sql<T>(text, params);

beforeAll(async () => {
  dataDir = await createDataDir("parley-crash");
  db = await createScratchDatabase("parley_crash");
  await start();
});

afterAll(async () => {
  await kill();
  await db?.drop();
  await removeDir(dataDir);
});

describe("a bulk message send killed midway", () => {
  it("resumes after a restart and leaves exactly one message per recipient", async () => {
    const email = `crash.${Date.now()}@example.com`;
    await signUp(BASE, email, "ko");
    await confirmEmail(BASE, dataDir, email);
    await sql("update accounts set notice_feature_enabled = true where email = $1", [email]);
    const sessionToken = await logIn(BASE, email);
    const { app } = await call<{ app: { id: string } }>("POST", "/api/apps", { name: "Crash" }, sessionToken);
    // Users straight into the table: two thousand signups through the API would only slow the test down.
    await sql(
      `insert into chat_users (app_id, user_id, nickname, created_at)
       select $1, 'user' || n, '사용자' || n, now() from generate_series(1, $2) as n`,
      [app.id, RECIPIENTS],
    );
    const base = `/api/apps/${app.id}/notice`;
    const { brand } = await call<{ brand: { id: string } }>(
      "POST",
      `${base}/brands`,
      { name: "Crash Brand" },
      sessionToken,
    );
    const { campaign } = await call<{ campaign: { id: string } }>(
      "POST",
      `${base}/campaigns`,
      { brandId: brand.id, title: "Crash", content: "{{user.name}}님 안녕하세요" },
      sessionToken,
    );
    const csv = `userId\n${Array.from({ length: RECIPIENTS }, (_, i) => `user${i + 1}`).join("\n")}\n`;
    const form = new FormData();
    form.append("file", new Blob([csv], { type: "text/csv" }), "recipients.csv");
    const uploaded = await fetch(`${BASE}${base}/campaigns/${campaign.id}/recipients`, {
      method: "POST",
      headers: { authorization: `Bearer ${sessionToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    await call("POST", `${base}/campaigns/${campaign.id}/confirm`, {}, sessionToken);

    const progress = async () =>
      (
        await sql<{ n: number }>(
          "select count(*)::int as n from campaign_recipients where campaign_id = $1 and state <> 'pending'",
          [campaign.id],
        )
      )[0]?.n ?? 0;
    const deadline = Date.now() + 60_000;
    while ((await progress()) < RECIPIENTS / 10) {
      if (Date.now() > deadline) throw new Error("the send did not start");
      await new Promise((r) => setTimeout(r, 20));
    }
    await kill();
    const atKill = await progress();
    expect(atKill).toBeLessThan(RECIPIENTS);

    await leaseLapsed(db, "campaigns", campaign.id);
    await start();
    const finishBy = Date.now() + 120_000;
    for (;;) {
      const [row] = await sql<{ status: string }>("select status from campaigns where id = $1", [campaign.id]);
      if (row?.status === "sent") break;
      if (Date.now() > finishBy) throw new Error(`the send did not finish after the restart: ${row?.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const perChannel = await sql<{ n: number }>(
      `select count(m.id)::int as n from channels c left join messages m on m.channel_id = c.id
       where c.brand_id = $1 group by c.id`,
      [brand.id],
    );
    expect(perChannel).toHaveLength(RECIPIENTS);
    expect(perChannel.filter((row) => row.n !== 1)).toEqual([]);
    const [counts] = await sql<{ succeeded_count: number; failed_count: number }>(
      "select succeeded_count, failed_count from campaigns where id = $1",
      [campaign.id],
    );
    expect(counts).toEqual({ succeeded_count: RECIPIENTS, failed_count: 0 });
  });
});
