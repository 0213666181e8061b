/**
 * The data importer on PostgreSQL: a generated Stream JSONL file (100,000 users, 10,000 channels of 10 members,
 * 1,000,000 messages of Korean and English text with some replies, a few thousand reactions) imported through the
 * dashboard API of a server process (`packages/server/src/main.ts`, as production runs it, jobs on): upload, wait
 * for `ready` (the analysis: reading, the dry run and the plan), start, wait for `completed` (the write). Then the
 * same rows, exported from the import's database as it wrote them, are loaded with PostgreSQL's `COPY` into the same
 * tables of a second fresh database migrated the same way (triggers on, as the import pays for them too): the ratio
 * of the import's write to that `COPY` is one goal (≤ 5), the whole import (upload to completed) the other (≤ 5 min).
 *
 * CPU is read from /proc (user and system time): the server process, the PostgreSQL backends serving the bench's
 * database, and every PostgreSQL process on the machine (adds the WAL writer and checkpointer, and anything else).
 * `COPY … FROM` a file is read by the database server itself, so it must run on this machine with the files in a
 * folder it can read, as the local server does.
 *
 *   npm run bench:import [-- --quick | --users 100000 --channels 10000 --messages 1000000 --reactions 5000]
 */

import { execFileSync } from "node:child_process";
import { createWriteStream, openAsBlob } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { API_PREFIX, dataImportApi, fillPath, type TDataImport } from "@parley/contract";
import pg from "pg";
import {
  appWithKey,
  BENCH_MARKETPLACE_SECRET,
  call,
  cpuUsedMs,
  DEFAULT_ADMIN_URL,
  loadAverage,
  MAX_START_LOAD,
  machine,
  marketplaceSession,
  postgresPids,
  processesCpuMs,
  type ScratchDatabase,
  scratchDatabase,
  writeReport,
} from "./support";
import { type BenchServer, startServer, stopServers } from "./web-server";

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    users: { type: "string" },
    channels: { type: "string" },
    messages: { type: "string" },
    reactions: { type: "string" },
    "members-per-channel": { type: "string", default: "10" },
    /** One message in this many is a reply in a thread. */
    "reply-every": { type: "string", default: "20" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
    out: { type: "string", default: ".reports/bench-import.json" },
  },
});

const scale = args.quick ? 100 : 1;
const whole = (flag: string, given: string | undefined, full: number, min: number) => {
  const value = given === undefined ? Math.max(min, Math.round(full / scale)) : Number(given);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${flag} must be a whole number of at least ${min}`);
  return value;
};
const SIZES = {
  users: whole("users", args.users, 100_000, 1),
  channels: whole("channels", args.channels, 10_000, 1),
  messages: whole("messages", args.messages, 1_000_000, 1),
  reactions: whole("reactions", args.reactions, 5_000, 0),
  membersPerChannel: whole("members-per-channel", args["members-per-channel"], 10, 1),
  replyEvery: whole("reply-every", args["reply-every"], 20, 2),
};
if (SIZES.membersPerChannel > SIZES.users) throw new Error("--members-per-channel must not exceed --users");
if (SIZES.reactions > SIZES.messages) throw new Error("--reactions must not exceed --messages");

/**
 * The kinds of row the generated file has, and that rows a second counts: the importer's own list (`IMPORT_KINDS`)
 * may grow kinds this file has none of.
 */
const KINDS = ["users", "channels", "members", "messages", "reactions"] as const;

/**
 * The commit the run measured, and the files of the server that differ from it: the importer changes under
 * benchmarks, and a figure says little without the code it came from. Null outside a git checkout.
 */
function codeVersion(): { commit: string; changed: string[] } | null {
  try {
    const git = (...argv: string[]) => execFileSync("git", argv, { cwd: root, encoding: "utf8" }).trimEnd();
    const changed = git("status", "--porcelain", "--", "packages/server/src", "packages/contract/src");
    return { commit: git("rev-parse", "HEAD"), changed: changed ? changed.split("\n").map((l) => l.slice(3)) : [] };
  } catch {
    return null;
  }
}

const GOALS = { ratioToCopyAtMost: 5, totalSecondsAtMost: 300 };
const POLL_MS = 250;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// ---------------------------------------------------------------------------------------------------------------
// The Stream file
// ---------------------------------------------------------------------------------------------------------------

/** A small seeded generator (mulberry32), so every run imports the same file. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// biome-ignore format: word lists read better packed
const KOREAN = [
  "안녕하세요", "오늘", "회의", "일정", "확인", "부탁드립니다", "감사합니다", "내일", "프로젝트", "배포", "서버", "문제가",
  "해결했습니다", "점심", "같이", "먹을까요", "네", "좋아요", "알겠습니다", "자료", "공유", "드릴게요", "검토", "완료",
  "수정", "요청", "고객", "문의", "답변", "주세요", "지금", "바로", "확인해", "볼게요", "혹시", "시간", "괜찮으세요",
  "다음", "주에", "진행", "상황", "정리해서", "보내드릴게요", "수고하셨습니다", "ㅋㅋㅋ", "진짜", "대박", "그럼",
];
// biome-ignore format: word lists read better packed
const ENGLISH = [
  "hey", "thanks", "the", "meeting", "is", "at", "3pm", "can", "you", "check", "this", "deploy", "went", "fine",
  "please", "review", "my", "PR", "when", "have", "a", "moment", "lunch", "today", "sounds", "good", "I'll", "send",
  "notes", "later", "customer", "asked", "about", "pricing", "we", "should", "fix", "bug", "before", "release",
  "great", "work", "everyone", "see", "tomorrow", "ok", "lol", "on", "it", "done",
];
const EMOJI = ["👍", "🙏", "😂", "🎉", "🔥", "✅"];
const REACTIONS = ["like", "love", "haha", "wow", "sad", "👍"];

/** A chat line of realistic length: mostly short, some long; Korean, English or both. */
function textOf(next: () => number): string {
  const r = next();
  const words =
    r < 0.6 ? 2 + Math.floor(next() * 8) : r < 0.95 ? 10 + Math.floor(next() * 20) : 30 + Math.floor(next() * 60);
  const lang = next();
  const parts: string[] = [];
  for (let i = 0; i < words; i++) {
    const korean = lang < 0.5 || (lang < 0.65 && next() < 0.5);
    const list = korean ? KOREAN : ENGLISH;
    parts.push(list[Math.floor(next() * list.length)] as string);
  }
  if (next() < 0.1) parts.push(EMOJI[Math.floor(next() * EMOJI.length)] as string);
  return parts.join(" ");
}

interface Generated {
  file: string;
  bytes: number;
  lines: number;
  replies: number;
  seconds: number;
}

const userId = (u: number) => `u${u}`;
const channelId = (c: number) => `c${c}`;
/** Channel c's members: `membersPerChannel` users in a row, wrapping round, so each user is in about as many. */
const memberOf = (c: number, k: number) => (c * SIZES.membersPerChannel + k) % SIZES.users;

/** Writes the Stream import file into `dir`. */
async function generate(dir: string): Promise<Generated> {
  const started = performance.now();
  const file = path.join(dir, "stream-import.jsonl");
  const out = createWriteStream(file);
  let chunk: string[] = [];
  let lines = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    const text = `${chunk.join("\n")}\n`;
    chunk = [];
    if (!out.write(text)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  };
  const line = async (type: string, item: object) => {
    chunk.push(JSON.stringify({ type, item }));
    lines += 1;
    if (chunk.length >= 10_000) await flush();
  };
  const base = Date.parse("2024-01-01T00:00:00Z");
  const next = random(20_240_101);
  for (let u = 0; u < SIZES.users; u++) {
    const korean = u % 2 === 0;
    await line("user", { id: userId(u), name: korean ? `사용자 ${u}` : `User ${u}` });
  }
  for (let c = 0; c < SIZES.channels; c++) {
    await line("channel", {
      id: channelId(c),
      type: "messaging",
      name: c % 2 === 0 ? `채널 ${c}` : `Channel ${c}`,
      created_by: userId(memberOf(c, 0)),
      created_at: new Date(base + c * 1000).toISOString(),
    });
  }
  for (let c = 0; c < SIZES.channels; c++) {
    for (let k = 0; k < SIZES.membersPerChannel; k++) {
      await line("member", { channel_type: "messaging", channel_id: channelId(c), user_id: userId(memberOf(c, k)) });
    }
  }
  // Messages over the year after the channels, in time order; every `replyEvery`th one replies to the channel's
  // latest message that is not itself a reply.
  const span = 365 * 86_400_000;
  const lastTopLevel = new Map<number, number>();
  let replies = 0;
  for (let m = 0; m < SIZES.messages; m++) {
    const c = Math.floor(next() * SIZES.channels);
    const parent = m % SIZES.replyEvery === SIZES.replyEvery - 1 ? lastTopLevel.get(c) : undefined;
    const item: Record<string, unknown> = {
      id: `m${m}`,
      channel_type: "messaging",
      channel_id: channelId(c),
      user: userId(memberOf(c, Math.floor(next() * SIZES.membersPerChannel))),
      text: textOf(next),
      created_at: new Date(base + 86_400_000 + Math.floor((m / SIZES.messages) * span)).toISOString(),
    };
    if (parent !== undefined) {
      item.type = "reply";
      item.parent_id = `m${parent}`;
      replies += 1;
    } else lastTopLevel.set(c, m);
    await line("message", item);
  }
  // Reactions spread evenly over the messages, by one of the message's channel's members each.
  for (let r = 0; r < SIZES.reactions; r++) {
    const m = Math.floor((r * SIZES.messages) / Math.max(1, SIZES.reactions));
    await line("reaction", {
      message_id: `m${m}`,
      type: REACTIONS[r % REACTIONS.length],
      user_id: userId(Math.floor(next() * SIZES.users)),
    });
  }
  await flush();
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  const { size } = await fs.stat(file);
  return { file, bytes: size, lines, replies, seconds: round((performance.now() - started) / 1000) };
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------------------------

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/** Peak and current resident memory of a process, in MB, from /proc; null where there is none. */
async function memoryMb(pid: number | undefined): Promise<{ peakMb: number; nowMb: number } | null> {
  if (pid === undefined) return null;
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? Number.NaN);
    return { peakMb: Math.round(kb("VmHWM") / 1024), nowMb: Math.round(kb("VmRSS") / 1024) };
  } catch {
    return null;
  }
}

/** Asks PostgreSQL which backends serve `databaseUrl`'s database, over one admin connection. */
async function backendsOf(adminUrl: string, databaseUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  return {
    admin,
    list: async () =>
      (await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [name])).rows.map(
        (row) => row.pid,
      ),
    close: () => admin.end(),
  };
}
type Backends = Awaited<ReturnType<typeof backendsOf>>;

interface CpuReading {
  at: number;
  server: Map<number, number>;
  backends: Map<number, number>;
  postgres: Map<number, number>;
}

async function readCpu(serverPid: number | undefined, backends: Backends, since?: CpuReading): Promise<CpuReading> {
  // Backends gone since the first reading count nothing; those new since count whole (see `cpuUsedMs`).
  const pids = [...(await backends.list()), ...(since?.backends.keys() ?? [])];
  const [server, backendCpu, postgres] = await Promise.all([
    processesCpuMs(serverPid === undefined ? [] : [serverPid]),
    processesCpuMs(pids),
    postgresPids().then(processesCpuMs),
  ]);
  return { at: performance.now(), server, backends: backendCpu, postgres };
}

interface PhaseFigures {
  seconds: number;
  /** CPU seconds over the phase: the server process, its database's backends, every PostgreSQL process. */
  cpuSeconds: { server: number | null; databaseBackends: number; allPostgres: number };
  /** The one-minute load average at the phase's start and end. */
  load: { start: number; end: number };
}

function phase(start: CpuReading, end: CpuReading, loadStart: number): PhaseFigures {
  return {
    seconds: round((end.at - start.at) / 1000),
    cpuSeconds: {
      server: end.server.size === 0 ? null : round(cpuUsedMs(start.server, end.server) / 1000),
      databaseBackends: round(cpuUsedMs(start.backends, end.backends) / 1000),
      allPostgres: round(cpuUsedMs(start.postgres, end.postgres) / 1000),
    },
    load: { start: loadStart, end: loadAverage()[0] },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The import through the dashboard API
// ---------------------------------------------------------------------------------------------------------------

const importPath = (appId: string, route: string, importId = "") =>
  `${API_PREFIX}${fillPath(route, importId ? { id: appId, importId } : { id: appId })}`;

/** The longest a poll of the import's state waited for its answer, by phase: how long the server stopped answering. */
const slowestPollMs = { analysis: 0, write: 0 };

/**
 * Polls the import every `POLL_MS` until it is `done`. A poll the server does not answer within 10 minutes fails
 * the run; a slower answer than the usual one is what a person watching the dashboard would see, so it is kept.
 */
async function waitFor(
  base: string,
  token: string,
  appId: string,
  importId: string,
  done: TDataImport["status"],
  phaseName: keyof typeof slowestPollMs,
): Promise<TDataImport> {
  let lastProgress = -1;
  for (;;) {
    const asked = performance.now();
    const response = await fetch(`${base}${importPath(appId, dataImportApi.import, importId)}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(600_000),
    });
    const text = await response.text();
    slowestPollMs[phaseName] = Math.max(slowestPollMs[phaseName], Math.round(performance.now() - asked));
    if (!response.ok) throw new Error(`GET the import answered ${response.status}: ${text}`);
    const { import: row } = JSON.parse(text) as { import: TDataImport };
    if (row.status === done) return row;
    if (row.status === "failed" || row.status === "canceled") {
      throw new Error(`the import ${row.status}: ${row.errorCode ?? ""} ${row.errorReason ?? ""}`);
    }
    const progress = Math.floor(row.progress * 10);
    if (progress !== lastProgress && row.status === "running") {
      process.stderr.write(`import: writing, ${Math.round(row.progress * 100)}%\n`);
      lastProgress = progress;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The rows of each table the import writes to, in the app `appId`. */
async function countRows(databaseUrl: string, appId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [row] = (
      await client.query<Record<(typeof KINDS)[number], number>>(
        `select
          (select count(*)::int from chat_users where app_id = $1) as users,
          (select count(*)::int from channels where app_id = $1) as channels,
          (select count(*)::int from channel_members m join channels c on c.id = m.channel_id where c.app_id = $1)
            as members,
          (select count(*)::int from messages where app_id = $1) as messages,
          (select count(*)::int from message_reactions r join messages m on m.id = r.message_id where m.app_id = $1)
            as reactions`,
        [appId],
      )
    ).rows;
    if (!row) throw new Error("counting the imported rows returned nothing");
    return row;
  } finally {
    await client.end();
  }
}

async function runImport(file: Generated, database: ScratchDatabase, server: BenchServer) {
  const session = await marketplaceSession(server.base);
  const { appId } = await appWithKey(server.base, session.sessionToken, "Import bench");
  const token = session.sessionToken;
  const backends = await backendsOf(args["admin-url"], database.url);
  try {
    // Each timed phase starts from a database with nothing left to write out, as the COPY's does.
    await backends.admin.query("checkpoint");
    const loadAtUpload = loadAverage()[0];
    const atUpload = await readCpu(server.pid, backends);
    const form = new FormData();
    form.append("source", "stream");
    form.append("file", await openAsBlob(file.file, { type: "application/x-ndjson" }), "stream-import.jsonl");
    const response = await fetch(`${server.base}${importPath(appId, dataImportApi.upload)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(600_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`the upload answered ${response.status}: ${text}`);
    const uploadSeconds = round((performance.now() - atUpload.at) / 1000);
    const { import: created } = JSON.parse(text) as { import: TDataImport };
    process.stderr.write(`import: uploaded ${file.bytes} bytes in ${uploadSeconds} s, analysing\n`);
    const ready = await waitFor(server.base, token, appId, created.id, "ready", "analysis");
    const atReady = await readCpu(server.pid, backends, atUpload);
    const analysis = {
      ...phase(atUpload, atReady, loadAtUpload),
      uploadSeconds,
      slowestPollMs: slowestPollMs.analysis,
      memory: await memoryMb(server.pid),
    };
    process.stderr.write(
      `import: ready after ${analysis.seconds} s; dry run ${JSON.stringify(ready.dryRun?.counts)}\n`,
    );

    await backends.admin.query("checkpoint");
    const loadAtStart = loadAverage()[0];
    const atStart = await readCpu(server.pid, backends);
    await call(server.base, "POST", importPath(appId, dataImportApi.start, created.id), token);
    const completed = await waitFor(server.base, token, appId, created.id, "completed", "write");
    const atCompleted = await readCpu(server.pid, backends, atStart);
    const write = {
      ...phase(atStart, atCompleted, loadAtStart),
      slowestPollMs: slowestPollMs.write,
      memory: await memoryMb(server.pid),
    };
    process.stderr.write(`import: completed after ${write.seconds} s of writing\n`);

    const rows = await countRows(database.url, appId);
    const planned = Object.fromEntries(completed.kinds.map((k) => [k.kind, k.total]));
    const rowsWritten = KINDS.reduce((sum, kind) => sum + rows[kind], 0);
    return {
      appId,
      dryRun: ready.dryRun ? { counts: ready.dryRun.counts, refusedTotal: ready.dryRun.refusedTotal } : null,
      planned,
      rows,
      rowsWritten,
      analysis,
      write,
      totalSeconds: round((atCompleted.at - atUpload.at) / 1000),
      rowsPerSecond: Math.round(rowsWritten / write.seconds),
    };
  } finally {
    await backends.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The COPY reference
// ---------------------------------------------------------------------------------------------------------------

/** The tables the import writes, in the order it writes them (and the order their keys need). */
const TABLES = ["chat_users", "channels", "channel_members", "messages", "message_reactions"] as const;

/** What selects one app's rows of each table, as `t`. */
const OF_APP: Record<(typeof TABLES)[number], string> = {
  chat_users: "chat_users t where t.app_id = $app",
  channels: "channels t where t.app_id = $app",
  channel_members: "channel_members t join channels c on c.id = t.channel_id where c.app_id = $app",
  messages: "messages t where t.app_id = $app",
  message_reactions: "message_reactions t join messages m on m.id = t.message_id where m.app_id = $app",
};

/** A table's columns that a row is written with (not generated ones), in their order. */
async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' and identity_generation is null
     order by ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name);
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Writes the app's rows of every table the import wrote, as they are (their IDs, counters and all, the app's ID
 * changed to `toAppId`), into CSV files of `dir` that the database server writes and will read back.
 */
async function exportRows(databaseUrl: string, appId: string, toAppId: string, dir: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const files: Record<string, { file: string; columns: string[] }> = {};
    for (const table of TABLES) {
      const columns = await columnsOf(client, table);
      const select = columns
        .map((c) => (c === "app_id" ? `${quoteLiteral(toAppId)}::uuid as app_id` : `t.${quoteIdent(c)}`))
        .join(", ");
      const file = path.join(dir, `${table}.csv`);
      const from = OF_APP[table].replaceAll("$app", `${quoteLiteral(appId)}::uuid`);
      await client.query(`copy (select ${select} from ${from}) to ${quoteLiteral(file)} with (format csv)`);
      files[table] = { file, columns };
    }
    return files;
  } finally {
    await client.end();
  }
}

/** Loads the exported files into the database of `databaseUrl` with one `COPY … FROM` a table, in one transaction. */
async function copyRows(
  adminUrl: string,
  databaseUrl: string,
  files: Awaited<ReturnType<typeof exportRows>>,
  sizes: Record<string, number>,
) {
  const backends = await backendsOf(adminUrl, databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await backends.admin.query("checkpoint");
    const loadAtStart = loadAverage()[0];
    const start = await readCpu(undefined, backends);
    const tables: Record<string, { rows: number; seconds: number }> = {};
    await client.query("begin");
    for (const table of TABLES) {
      const entry = files[table];
      if (!entry) throw new Error(`no exported file for ${table}`);
      const began = performance.now();
      const done = await client.query(
        `copy ${table} (${entry.columns.map(quoteIdent).join(", ")}) from ${quoteLiteral(entry.file)} with (format csv)`,
      );
      tables[table] = { rows: done.rowCount ?? 0, seconds: round((performance.now() - began) / 1000) };
    }
    await client.query("commit");
    const end = await readCpu(undefined, backends, start);
    const figures = phase(start, end, loadAtStart);
    const rows = Object.values(tables).reduce((sum, t) => sum + t.rows, 0);
    for (const [table, kind] of [
      ["chat_users", "users"],
      ["channels", "channels"],
      ["channel_members", "members"],
      ["messages", "messages"],
      ["message_reactions", "reactions"],
    ] as const) {
      if (tables[table]?.rows !== sizes[kind]) {
        throw new Error(`COPY loaded ${tables[table]?.rows} rows into ${table}; the import wrote ${sizes[kind]}`);
      }
    }
    return { ...figures, rows, rowsPerSecond: Math.round(rows / figures.seconds), tables };
  } finally {
    await client.end().catch(() => {});
    await backends.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------------------

const serverEnv = (database: ScratchDatabase) => ({
  DATABASE_URL: database.url,
  LOG_LEVEL: "warn",
  RATE_LIMIT_PER_SECOND: "0",
  MARKETPLACE_SECRET: BENCH_MARKETPLACE_SECRET,
});

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-bench-import-"));
// The database server writes the exported files here and reads them back.
await fs.chmod(dir, 0o777);
const databases: ScratchDatabase[] = [];
let report: object;
try {
  process.stderr.write(
    `import: generating ${SIZES.users} users, ${SIZES.channels} channels of ${SIZES.membersPerChannel}, ` +
      `${SIZES.messages} messages, ${SIZES.reactions} reactions\n`,
  );
  const file = await generate(dir);
  process.stderr.write(`import: ${file.lines} lines, ${file.bytes} bytes in ${file.seconds} s\n`);

  const importDb = await scratchDatabase(args["admin-url"], "parley_bench_import");
  databases.push(importDb);
  const server = await startServer(root, { name: "import", env: serverEnv(importDb) });
  let imported: Awaited<ReturnType<typeof runImport>>;
  try {
    imported = await runImport(file, importDb, server);
  } finally {
    await server.stop();
  }

  // The second database, migrated and given an app by a server started on it once, stopped before the COPY.
  const copyDb = await scratchDatabase(args["admin-url"], "parley_bench_copy");
  databases.push(copyDb);
  const copyServer = await startServer(root, { name: "import-copy", env: serverEnv(copyDb) });
  let copyAppId: string;
  try {
    const session = await marketplaceSession(copyServer.base);
    copyAppId = (await appWithKey(copyServer.base, session.sessionToken, "Import bench COPY")).appId;
  } finally {
    await copyServer.stop();
  }
  const files = await exportRows(importDb.url, imported.appId, copyAppId, dir);
  await importDb.drop();
  databases.splice(databases.indexOf(importDb), 1);
  process.stderr.write("import: loading the same rows with COPY\n");
  const copy = await copyRows(args["admin-url"], copyDb.url, files, imported.rows);
  process.stderr.write(`import: COPY took ${copy.seconds} s\n`);

  const ratio = round(imported.write.seconds / copy.seconds, 1);
  const loadAtStart = imported.analysis.load.start;
  const judged = loadAtStart <= MAX_START_LOAD;
  const notJudged = judged
    ? undefined
    : `load average ${loadAtStart} at the upload, above ${MAX_START_LOAD}: the machine was shared`;
  const full = SIZES.users >= 100_000 && SIZES.messages >= 1_000_000;
  const sizeNote = full ? undefined : "not the goal's size (100,000 users, 1,000,000 messages)";
  const goals = [
    {
      name: "import write vs COPY of the same rows",
      goal: `≤ ${GOALS.ratioToCopyAtMost}`,
      value: ratio,
      met: judged && full ? ratio <= GOALS.ratioToCopyAtMost : null,
      ...(notJudged || sizeNote ? { notJudged: notJudged ?? sizeNote } : {}),
    },
    {
      name: "whole import, upload to completed",
      goal: `≤ ${GOALS.totalSecondsAtMost} s`,
      value: imported.totalSeconds,
      met: judged && full ? imported.totalSeconds <= GOALS.totalSecondsAtMost : null,
      ...(notJudged || sizeNote ? { notJudged: notJudged ?? sizeNote } : {}),
    },
  ];
  const figures = [
    {
      name: "users, channels, members, messages, reactions",
      value: KINDS.map((k) => imported.rows[k]).join(", "),
    },
    { name: "file", value: round(file.bytes / 1e6, 1), unit: "MB" },
    { name: "analysis (upload to ready)", value: imported.analysis.seconds, unit: "s" },
    { name: "of which the upload", value: imported.analysis.uploadSeconds, unit: "s" },
    { name: "write (start to completed)", value: imported.write.seconds, unit: "s" },
    { name: "whole import", value: imported.totalSeconds, unit: "s" },
    { name: "rows a second written", value: imported.rowsPerSecond, unit: "/s" },
    { name: "COPY of the same rows", value: copy.seconds, unit: "s" },
    { name: "COPY rows a second", value: copy.rowsPerSecond, unit: "/s" },
    { name: "server CPU, analysis", value: imported.analysis.cpuSeconds.server, unit: "s" },
    { name: "server CPU, write", value: imported.write.cpuSeconds.server, unit: "s" },
    { name: "database backends' CPU, write", value: imported.write.cpuSeconds.databaseBackends, unit: "s" },
    { name: "database backends' CPU, COPY", value: copy.cpuSeconds.databaseBackends, unit: "s" },
    { name: "server peak memory", value: imported.write.memory?.peakMb ?? null, unit: "MB" },
    { name: "slowest poll answer while analysing", value: imported.analysis.slowestPollMs, unit: "ms" },
    {
      name: "load average at upload, at start of write, at COPY",
      value: `${imported.analysis.load.start}, ${imported.write.load.start}, ${copy.load.start}`,
    },
  ];
  report = {
    benchmark: "import",
    at: new Date().toISOString(),
    machine: machine(),
    database: "postgres",
    code: codeVersion(),
    sizes: SIZES,
    pageRows: Number(process.env.IMPORT_PAGE_ROWS || 5000),
    file: { bytes: file.bytes, lines: file.lines, replies: file.replies, generateSeconds: file.seconds },
    import: imported,
    copy,
    ratio,
    loadAverageNow: loadAverage(),
    goals,
    figures,
  };
} finally {
  await stopServers();
  for (const database of databases) await database.drop().catch(() => {});
  await fs.rm(dir, { recursive: true, force: true });
}
await writeReport(args.out, report);
process.exit(0);
