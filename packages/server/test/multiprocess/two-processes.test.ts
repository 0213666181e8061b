import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!databaseUrl || !redisUrl) throw new Error("set TEST_DATABASE_URL and REDIS_URL to run the multi-process tests");

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dbName = `parley_mp_${randomBytes(4).toString("hex")}`;
const processes: ChildProcess[] = [];
let dataDir: string;
let urls: string[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function start(port: number): Promise<string> {
  const url = new URL(databaseUrl as string);
  url.pathname = `/${dbName}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      JOB_POLL_SECONDS: "0.5",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  processes.push(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return base;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
) {
  const res = await fetch(`${base}${url}`, {
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
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-mp-"));
  await admin((c) => c.query(`create database ${dbName}`));
  // The first process migrates; the second starts once the schema exists, as a rolling deploy would.
  const first = await start(19_081);
  urls = [first, await start(19_082)];
});

afterAll(async () => {
  for (const child of processes) child.kill("SIGTERM");
  await Promise.all(processes.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once("exit", r)))));
  await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("two server processes sharing PostgreSQL and Redis", () => {
  it("delivers a message sent through one process to a socket held by the other", async () => {
    const [a, b] = urls as [string, string];
    const email = `mp.${Date.now()}@example.com`;
    await call(a, "POST", "/api/auth/signup", {
      email,
      password: "Parley-2026-ok",
      name: "Multi",
      contact: "01012345678",
      companyName: "Scale",
      companyHomepage: "",
      companyAddress: { postalCode: "", address: "", detail: "" },
      marketingConsent: false,
      language: "en",
    });
    await call(b, "POST", "/api/auth/email/verification/confirm", { email, code: await verificationCode(email) });
    const { sessionToken } = await call<{ sessionToken: string }>(b, "POST", "/api/auth/login", {
      email,
      password: "Parley-2026-ok",
    });
    const { app } = await call<{ app: { id: string } }>(a, "POST", "/api/apps", { name: "Scale" }, sessionToken);
    const { secret } = await call<{ secret: string }>(
      b,
      "POST",
      `/api/apps/${app.id}/api-keys`,
      { label: "s" },
      sessionToken,
    );
    const session = async (base: string, userId: string) => {
      await call(base, "POST", "/v1/users", { userId, nickname: userId }, secret);
      const { token } = await call<{ token: string }>(base, "POST", `/v1/users/${userId}/token`, {}, secret);
      return (await call<{ sessionToken: string }>(base, "POST", "/v1/auth/login", { appId: app.id, userId, token }))
        .sessionToken;
    };
    const kim = await session(a, "kim");
    const lee = await session(b, "lee");
    const { channel } = await call<{ channel: { id: string } }>(
      a,
      "POST",
      "/v1/channels",
      { name: "Across", userIds: ["lee"] },
      kim,
    );

    const ws = new WebSocket(`${b.replace("http", "ws")}/v1/ws`);
    const received = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no event on the other process")), 15_000);
      ws.on("message", (raw) => {
        const frame = JSON.parse(raw.toString());
        if (frame.type === "ready") {
          void call(a, "POST", `/v1/channels/${channel.id}/messages`, { text: "from process A" }, kim);
        }
        if (frame.type === "event" && frame.event.type === "message.created") {
          clearTimeout(timer);
          resolve(frame.event.message.text);
        }
      });
    });
    ws.on("open", () => ws.send(JSON.stringify({ type: "auth", token: lee })));
    expect(await received).toBe("from process A");
    ws.close();
  });

  it("runs each queued job once: one verification mail per signup across both processes", async () => {
    const [a] = urls as [string, string];
    const email = `once.${Date.now()}@example.com`;
    await call(a, "POST", "/api/auth/signup", {
      email,
      password: "Parley-2026-ok",
      name: "Once",
      contact: "01012345678",
      companyName: "Scale",
      companyHomepage: "",
      companyAddress: { postalCode: "", address: "", detail: "" },
      marketingConsent: false,
      language: "ko",
    });
    await verificationCode(email);
    await new Promise((r) => setTimeout(r, 2000));
    const url = new URL(databaseUrl as string);
    url.pathname = `/${dbName}`;
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from sent_mail where recipient = $1", [
      email,
    ]);
    await db.end();
    const sent = rows[0]?.n;
    expect(sent).toBe(1);
    const files = (await fs.readdir(path.join(dataDir, "mail"))).filter((f) => f.endsWith(".json"));
    const mine = [];
    for (const f of files)
      if (JSON.parse(await fs.readFile(path.join(dataDir, "mail", f), "utf8")).to === email) mine.push(f);
    expect(mine).toHaveLength(1);
  });
});
