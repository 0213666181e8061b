import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error("set TEST_DATABASE_URL to run the crash tests");

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dbName = `parley_crash_${randomBytes(4).toString("hex")}`;
const dbUrl = (() => {
  const url = new URL(databaseUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const PORT = 19_091;
const BASE = `http://127.0.0.1:${PORT}`;
const RECIPIENTS = 2000;
let dataDir: string;
let server: ChildProcess | null = null;

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = [], url = dbUrl): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A server process with a short lease, so a dead holder's send is taken over within seconds. */
async function start(): Promise<void> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      REDIS_URL: "",
      PUBLIC_URL: BASE,
      LOG_LEVEL: "warn",
      JOB_POLL_SECONDS: "0.5",
      CAMPAIGN_LEASE_SECONDS: "2",
      CAMPAIGN_BATCH_SIZE: "20",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  server = child;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function kill(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGKILL");
  await exited;
}

async function call<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function verificationCode(email: string): Promise<string> {
  const dir = path.join(dataDir, "mail");
  const deadline = Date.now() + 20_000;
  for (;;) {
    for (const file of (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith(".json"))) {
      const mail = JSON.parse(await fs.readFile(path.join(dir, file), "utf8"));
      const code = /[?&]code=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      if (mail.to === email && code) return code;
    }
    if (Date.now() > deadline) throw new Error("no verification mail");
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-crash-"));
  await sql(`create database ${dbName}`, [], databaseUrl);
  await start();
});

afterAll(async () => {
  await kill();
  await sql(`drop database if exists ${dbName} with (force)`, [], databaseUrl);
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("a bulk message send killed midway", () => {
  it("resumes after a restart and leaves exactly one message per recipient", async () => {
    const email = `crash.${Date.now()}@example.com`;
    await call("POST", "/api/auth/signup", {
      email,
      password: "Parley-2026-ok",
      name: "Crash",
      contact: "01012345678",
      companyName: "Crash",
      companyHomepage: "",
      companyAddress: { postalCode: "", address: "", detail: "" },
      marketingConsent: false,
      language: "ko",
    });
    await call("POST", "/api/auth/email/verification/confirm", { email, code: await verificationCode(email) });
    await sql("update accounts set notice_feature_enabled = true where email = $1", [email]);
    const { sessionToken } = await call<{ sessionToken: string }>("POST", "/api/auth/login", {
      email,
      password: "Parley-2026-ok",
    });
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
