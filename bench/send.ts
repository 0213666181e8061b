/**
 * Many-senders benchmark: messages a second and latency of `POST /v1/channels/{id}/messages` when many chat users
 * send at once, each in a channel of its own, next to what the same PostgreSQL database does with the same rows
 * from as many clients through a pool of as many connections: inserted one by one, and gathered into multi-row
 * inserts. The ratios of Parley's rate to both, Parley's p99 and the server's CPU per message are the figures.
 *
 *   npm run bench:send [-- --senders 200 --members 5 --seconds 20 --warmup 3 --pool 10 --rate 3000]
 *
 * Setup goes through the product's own APIs: a marketplace account (no trial quota, see `benchMarketplaceSignup`),
 * an app and an API key over the dashboard API, then `senders × members` chat users and `senders` channels of
 * `members` users each over the server API, and one chat session per sender. Each sender sends in its own channel
 * in a closed loop (its next message when the last is answered), from a worker thread through keep-alive
 * connections; the server runs `packages/server/src/main.ts` in its own process. No socket is connected, so the
 * figure is the send's own cost, without fan-out (bench:chat measures that).
 *
 * The references run first, on fresh tables in the same database, with as many closed-loop clients through a pg
 * pool of the server's size (`--pool`, passed to the server as DATABASE_POOL_SIZE): a single-row insert of a row
 * like a message (same columns and indexes, no foreign keys), and the same insert with one per-app counter row,
 * shared by every client, updated in the same statement; the second shows what a row every send writes costs. The
 * third gathers the same clients' rows as Parley's send path gathers concurrent sends (messages/direct-store.ts):
 * the rows waiting when a statement can start go in one multi-row insert, at most 200, one statement at a time,
 * those arriving meanwhile in the next. A send that gathers pays a fraction of a round trip and a commit, so this
 * is the ceiling for a send path shaped like Parley's, as the single-row insert is for one that does not gather.
 *
 * In a closed loop, latency is senders over rate (Little's law): 200 senders at 3,000 a second wait 67 ms on average
 * however the time is spent, so the closed loop's p99 can be under 50 ms only above 4,000 a second. The latency a
 * user sees at a given load is measured next, on the same server: the same senders sharing `--rate` sends a second
 * on a fixed schedule (open loop; 3,000 a second is 15 a second per sender, inside the production rate limit). It
 * runs only when the closed loop reached that rate, since below it the queue, and the latency, would only grow.
 *
 * Last, the senders' own ceiling: the same senders against a bare `node:http` server in this process that answers
 * every send at once with a message-sized body. The machine's two cores are shared by the senders and the server, so
 * this says how far the load generator itself could go; a Parley figure near it is the client's limit, not Parley's.
 *
 * The server's rate limit of 20 requests a second per chat user is raised to 100,000 (RATE_LIMIT_PER_SECOND): a
 * closed loop sends as fast as the server answers, and the figure is the send's cost, not the limit's; the limiter
 * still runs on every request, so its cost is in the figure. Any answer other than 200 fails the bench.
 *
 * Each phase also reports the CPU time a message cost (`cpuPerMessage`): the server process's and the whole machine's
 * (server, PostgreSQL and the senders), over the phase's warm-up and measured seconds, divided by the sends answered
 * in them. The rate moves with whatever else the machine runs; the CPU a send costs moves much less, so it is the
 * figure that shows a change to the server from one run to the next.
 *
 * Without `--database-url`, everything runs in a scratch database created on `--admin-url` (BENCH_DATABASE_URL,
 * else the local server) and dropped at the end.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { API_PREFIX, api, CHAT_API_PREFIX, chatApi, fillPath, type TModerationRuleInput } from "@parley/contract";
import pg from "pg";
import { createMessageTable, gatheredInsert, insertMessage } from "./send-references";
import {
  appWithKey,
  BENCH_MARKETPLACE_SECRET,
  type CpuPerOperation,
  call,
  cpuMeter,
  databaseOptions,
  givenDatabase,
  pool as inParallel,
  machine,
  marketplaceSession,
  type ScratchDatabase,
  scratchDatabase,
  summarizeTimings,
  type Timings,
  wholeNumbers,
  writeReport,
} from "./support";
import { startServer, stopServers } from "./web-server";

const { values: args } = parseArgs({
  options: {
    senders: { type: "string", default: "200" },
    /** Members of each sender's channel, the sender included; the app has `senders × members` chat users. */
    members: { type: "string", default: "5" },
    seconds: { type: "string", default: "20" },
    /** Seconds of the same load before each measurement, left out: JIT, caches and connection pools settle. */
    warmup: { type: "string", default: "3" },
    /** PostgreSQL connections of the server's pool and of the references' pool. */
    pool: { type: "string", default: "10" },
    /** Sends a second, shared by the senders on a fixed schedule, for the latency at that load; 0 skips it. */
    rate: { type: "string", default: "3000" },
    ...databaseOptions("send"),
  },
});
const {
  senders: SENDERS,
  members: MEMBERS,
  seconds: SECONDS,
  warmup: WARMUP,
  pool: POOL,
  rate: RATE,
} = wholeNumbers(args, ["senders", "members", "seconds", "warmup", "pool", "rate"], { warmup: 0, rate: 0 });
const RATE_LIMIT = 100_000;
/**
 * The batched insert's goal goes with the server's CPU per message: the rate on this shared machine moves from run
 * to run, the CPU a send costs much less.
 */
const GOALS = {
  ratioAtLeast: 0.5,
  p99MsBelow: 50,
  batchedRatioAtLeast: 0.3,
  serverCpuUsPerMessageAtMost: 150,
  /** The server's CPU per message with the moderation rules on, over the same loop without them. */
  rulesCpuRatioAtMost: 1.2,
};

/**
 * Twenty moderation rules of the kinds an app runs, none of which fires on the bench's texts: fourteen keyword rules
 * holding 1,000 keywords between them, a deny list of 100 domains, mentions, capitals, a new-user rule, and a repeat
 * and a flood rule, which read the sender's recent messages in the channel on every send.
 */
function benchRules(): TModerationRuleInput[] {
  const base = { enabled: true, channelTypes: [] };
  const keywordRules = Array.from({ length: 14 }, (_, r) => ({
    ...base,
    name: `Keywords ${r + 1}`,
    condition: {
      kind: "keywords" as const,
      matchMode: r % 2 === 0 ? ("exact" as const) : ("contains" as const),
      keywords: Array.from({ length: r < 13 ? 71 : 77 }, (_, k) => `banned${r}x${k}`),
      regexes: [],
    },
    action: { kind: "mask" as const },
  }));
  return [
    ...keywordRules,
    {
      ...base,
      name: "No spam links",
      condition: {
        kind: "links",
        mode: "deny",
        domains: Array.from({ length: 100 }, (_, d) => `spam${d}.example`),
      },
      action: { kind: "block" },
    },
    { ...base, name: "Mentions", condition: { kind: "mentions", max: 10 }, action: { kind: "flag" } },
    { ...base, name: "Shouting", condition: { kind: "caps", percent: 80, minLength: 12 }, action: { kind: "flag" } },
    {
      ...base,
      name: "New accounts",
      condition: { kind: "newUser", firstMessages: 1 },
      action: { kind: "flag" },
    },
    { ...base, name: "Repeats", condition: { kind: "repeat", count: 5, seconds: 60 }, action: { kind: "block" } },
    {
      ...base,
      name: "Flood",
      condition: { kind: "flood", count: 100, seconds: 1 },
      action: { kind: "mute", minutes: 5 },
    },
  ];
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface Throughput extends Timings {
  messagesPerSecond: number;
}

const throughput = (durations: number[]): Throughput => ({
  messagesPerSecond: Math.round(durations.length / SECONDS),
  ...summarizeTimings(durations),
});

/**
 * `clients` closed loops of `send` for the warm-up and then the measured seconds; as for the senders, the measured
 * sends are those answered inside the measured window.
 */
async function closedLoop(clients: number, send: (client: number, n: number) => Promise<unknown>) {
  const from = performance.now() + WARMUP * 1000;
  const until = from + SECONDS * 1000;
  const durations: number[] = [];
  let answered = 0;
  const meter = await cpuMeter();
  let utilization: ReturnType<typeof performance.eventLoopUtilization> | null = null;
  const measuring = setTimeout(() => {
    utilization = performance.eventLoopUtilization();
  }, WARMUP * 1000);
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = 1; performance.now() < until; n++) {
        const sentAt = performance.now();
        await send(client, n);
        answered++;
        const at = performance.now();
        if (at >= from && at <= until) durations.push(at - sentAt);
      }
    }),
  );
  clearTimeout(measuring);
  const busy = utilization ? performance.eventLoopUtilization(utilization).utilization : null;
  return {
    ...throughput(durations),
    clientThreadUtilization: busy === null ? null : Number(busy.toFixed(3)),
    cpuPerMessage: await meter.per(answered),
  };
}

/** The three references, each on its own new table, through a pool of the server's size. */
async function references(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL });
  pool.on("error", () => {});
  try {
    await pool.query(
      `${createMessageTable("bench_send_raw")}
       ${createMessageTable("bench_send_counted")}
       ${createMessageTable("bench_send_batched")}
       create table bench_send_app_counters (app_id uuid primary key, message_count bigint not null default 0);`,
    );
    const appId = randomUUID();
    await pool.query("insert into bench_send_app_counters (app_id) values ($1)", [appId]);
    // Each client sends as one sender in one channel, so it numbers its messages itself.
    const clients = Array.from({ length: SENDERS }, () => ({ channelId: randomUUID(), senderId: randomUUID() }));
    const row = (client: number, n: number) => {
      const { channelId, senderId } = clients[client] as (typeof clients)[number];
      return [appId, channelId, n, `message ${n} from sender ${client}`, senderId, { n: String(n) }];
    };

    process.stderr.write(`send: raw insert, ${SENDERS} clients, pool of ${POOL}\n`);
    const rawInsert = await closedLoop(SENDERS, (client, n) =>
      pool.query(insertMessage("bench_send_raw"), row(client, n)),
    );
    process.stderr.write(`send: raw insert with a shared counter row\n`);
    // Data-modifying statements in WITH run once whether or not the outer statement reads them.
    const withCounter = `with inserted as (${insertMessage("bench_send_counted")} returning 1)
      update bench_send_app_counters set message_count = message_count + 1 where app_id = $1`;
    const rawInsertSharedCounter = await closedLoop(SENDERS, (client, n) => pool.query(withCounter, row(client, n)));
    process.stderr.write(`send: batched insert, the same clients' rows gathered into multi-row statements\n`);
    const insertGathered = gatheredInsert(pool, "bench_send_batched");
    const batchedInsert = await closedLoop(SENDERS, (client, n) => insertGathered(row(client, n)));
    return { rawInsert, rawInsertSharedCounter, batchedInsert };
  } finally {
    await pool.end();
  }
}

interface SenderStats {
  durations: number[];
  statusCodes: Record<string, number>;
  errors: Record<string, number>;
  senderThreadUtilization: number | null;
}

/**
 * The warm-up and the measured seconds of closed-loop sends, or of `rate` sends a second on a schedule, on the
 * senders' worker thread.
 */
async function runSenders(
  senders: Array<{ url: string; token: string }>,
  rate?: number,
  serverPid?: number,
): Promise<SenderStats & { cpuPerMessage: CpuPerOperation }> {
  const meter = await cpuMeter(serverPid);
  const worker = new Worker(new URL("./send-worker.mjs", import.meta.url), {
    workerData: { senders, warmupSeconds: WARMUP, seconds: SECONDS, rate },
  });
  try {
    const message = (type: string) =>
      new Promise<unknown>((resolve, reject) => {
        worker.once("error", reject);
        worker.on("message", (m: { type: string; stats?: unknown }) => m.type === type && resolve(m.stats));
      });
    await message("ready");
    const done = message("done");
    worker.postMessage({ type: "start" });
    const stats = (await done) as SenderStats;
    const answered = Object.values(stats.statusCodes).reduce((sum, count) => sum + count, 0);
    return { ...stats, cpuPerMessage: await meter.per(answered) };
  } finally {
    await worker.terminate();
  }
}

/** The senders against a server that does nothing but answer: how many sends a second the client can make here. */
async function senderCeiling() {
  const body = JSON.stringify({
    message: {
      id: randomUUID(),
      channelId: randomUUID(),
      seq: 1,
      type: "text",
      text: "message 1 from sender 0",
      sender: { userId: "u0", nickname: "User 0", profileImageUrl: "" },
      metadata: { n: "1" },
      file: null,
      createdAt: new Date().toISOString(),
    },
  });
  const server = http.createServer((request, response) => {
    request.resume();
    request.once("end", () => response.writeHead(200, { "content-type": "application/json" }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    process.stderr.write(`send: the senders against a bare HTTP server\n`);
    const stats = await runSenders(
      Array.from({ length: SENDERS }, (_, s) => ({
        url: `http://127.0.0.1:${port}/v1/channels/${s}/messages`,
        token: "bare",
      })),
    );
    return {
      ...throughput(stats.durations),
      senderThreadUtilization: stats.senderThreadUtilization,
      cpuPerMessage: stats.cpuPerMessage,
    };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

type Phase = ReturnType<typeof phase>;

/** Whether a phase ran: the fixed rate is skipped, or not asked for, when the closed loop stayed below it. */
const ran = (p: Phase | { skipped: string } | null): p is Phase => p !== null && "statusCodes" in p;

const phase = (stats: SenderStats & { cpuPerMessage: CpuPerOperation }) => ({
  ...throughput(stats.durations),
  statusCodes: stats.statusCodes,
  errors: stats.errors,
  senderThreadUtilization: stats.senderThreadUtilization,
  cpuPerMessage: stats.cpuPerMessage,
});

async function parley(databaseUrl: string) {
  const server = await startServer(root, {
    name: "send",
    env: {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(POOL),
      RATE_LIMIT_PER_SECOND: String(RATE_LIMIT),
      // The set-up creates its thousand users with the app's API key, whose own budget would answer some with 429.
      RATE_LIMIT_SERVER_PER_SECOND: String(RATE_LIMIT),
      MARKETPLACE_SECRET: BENCH_MARKETPLACE_SECRET,
      LOG_LEVEL: "warn",
      // The production default, so background job polling costs what it costs in production.
      JOB_POLL_SECONDS: "2",
    },
  });
  try {
    const base = server.base;
    const v1 = (route: string) => `${CHAT_API_PREFIX}${route}`;
    const session = await marketplaceSession(base);
    const { appId, apiKey } = await appWithKey(base, session.sessionToken, "Bench");

    process.stderr.write(`send: ${SENDERS * MEMBERS} chat users, ${SENDERS} channels of ${MEMBERS}\n`);
    const userId = (i: number) => `u${i}`;
    await inParallel(SENDERS * MEMBERS, 10, async (i) => {
      await call(base, "POST", v1(chatApi.users), apiKey, {
        userId: userId(i),
        nickname: `User ${i}`,
        profileImageUrl: "",
      });
    });
    const senders: Array<{ url: string; token: string }> = [];
    await inParallel(SENDERS, 10, async (s) => {
      const members = Array.from({ length: MEMBERS }, (_, k) => userId(s * MEMBERS + k));
      const { channel } = await call<{ channel: { id: string } }>(base, "POST", v1(chatApi.channels), apiKey, {
        name: `Channel ${s}`,
        imageUrl: "",
        type: "public",
        userIds: members,
      });
      const sender = userId(s * MEMBERS);
      const { token } = await call<{ token: string }>(
        base,
        "POST",
        v1(fillPath(chatApi.userToken, { userId: sender })),
        apiKey,
        {},
      );
      const login = await call<{ sessionToken: string }>(base, "POST", v1(chatApi.login), "", {
        appId,
        userId: sender,
        token,
      });
      senders[s] = {
        url: `${base}${v1(fillPath(chatApi.messages, { channelId: channel.id }))}`,
        token: login.sessionToken,
      };
    });

    process.stderr.write(`send: ${SENDERS} senders, closed loop, ${WARMUP} s warm-up and ${SECONDS} s measured\n`);
    const closed = phase(await runSenders(senders, undefined, server.pid));
    let atRate: Phase | { skipped: string } | null = null;
    if (RATE > 0 && closed.messagesPerSecond < RATE) {
      atRate = { skipped: `the closed loop reached ${closed.messagesPerSecond} a second, below ${RATE}` };
    } else if (RATE > 0) {
      process.stderr.write(`send: ${SENDERS} senders sharing ${RATE} sends a second on a schedule\n`);
      atRate = phase(await runSenders(senders, RATE, server.pid));
    }

    // The same closed loop with the app's moderation rules on: what the rules cost a send, on the same server.
    const rules = benchRules();
    for (const rule of rules) {
      await call(
        base,
        "POST",
        `${API_PREFIX}${fillPath(api.apps.moderationRules, { id: appId })}`,
        session.sessionToken,
        rule,
      );
    }
    const switchRules = (enabled: boolean) =>
      call(
        base,
        "PUT",
        `${API_PREFIX}${fillPath(api.apps.moderationRulesSettings, { id: appId })}`,
        session.sessionToken,
        { enabled },
      );
    await switchRules(true);
    process.stderr.write(`send: the closed loop again, with ${rules.length} moderation rules on\n`);
    const withRules = phase(await runSenders(senders, undefined, server.pid));
    // And at the fixed rate, beside the fixed rate without them: a send's share of each statement's own cost grows as
    // fewer sends come at once, so what the rules cost at a set load is not what they cost at the closed loop's.
    let withRulesAtRate: Phase | null = null;
    if (ran(atRate)) {
      process.stderr.write(`send: ${SENDERS} senders sharing ${RATE} sends a second, with the rules on\n`);
      withRulesAtRate = phase(await runSenders(senders, RATE, server.pid));
    }
    // And once more with them off: the rules' loop is judged against the loops on either side of it, since a loop a
    // minute later runs on a larger table and on whatever else the machine then does, which moved the ratio of the
    // same code from 1.07 to 1.35 between runs when only the loop before it was the reference.
    await switchRules(false);
    process.stderr.write("send: the closed loop again, with the rules off\n");
    const afterRules = phase(await runSenders(senders, undefined, server.pid));

    // Every send answered 200 must be a stored message: the answer is not taken on trust.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const stored = await db
      .query<{ count: string }>("select count(*)::text as count from messages where app_id = $1 and type = 'text'", [
        appId,
      ])
      .finally(() => db.end());
    const phases = [closed, atRate, withRules, withRulesAtRate, afterRules].filter(ran);
    return {
      closed,
      atRate,
      withRules,
      withRulesAtRate,
      afterRules,
      rules: rules.length,
      phases,
      answered200: phases.reduce((sum, p) => sum + (p.statusCodes["200"] ?? 0), 0),
      storedMessages: Number(stored.rows[0]?.count),
    };
  } finally {
    await server.stop();
  }
}

const database: ScratchDatabase = args["database-url"]
  ? givenDatabase(args["database-url"])
  : await scratchDatabase(args["admin-url"], "parley_bench_send");
let report: Record<string, unknown>;
let failure: string | null = null;
try {
  const { rawInsert, rawInsertSharedCounter, batchedInsert } = await references(database.url);
  const {
    closed: measured,
    atRate,
    withRules,
    withRulesAtRate,
    afterRules,
    rules,
    phases,
    answered200,
    storedMessages,
  } = await parley(database.url);
  const ceiling = await senderCeiling();
  const refused = phases.filter(
    (p) => Object.keys(p.statusCodes).some((status) => status !== "200") || Object.keys(p.errors).length > 0,
  );
  if (refused.length > 0) {
    failure =
      `answers other than 200 or connection errors under load (` +
      `${refused.map((p) => `${JSON.stringify(p.statusCodes)}, errors ${JSON.stringify(p.errors)}`).join("; ")}` +
      `): the figures are not those of the send`;
  } else if (storedMessages !== answered200) {
    failure = `${answered200} sends answered 200 but ${storedMessages} messages are stored`;
  }
  const ratio = Number((measured.messagesPerSecond / rawInsert.messagesPerSecond).toFixed(3));
  const ratioToBatchedInsert = Number((measured.messagesPerSecond / batchedInsert.messagesPerSecond).toFixed(3));
  const serverUs = measured.cpuPerMessage.serverUs;
  const rulesServerUs = withRules.cpuPerMessage.serverUs;
  const afterServerUs = afterRules.cpuPerMessage.serverUs;
  const rulesCpuRatio =
    serverUs === null || rulesServerUs === null || afterServerUs === null
      ? null
      : Number((rulesServerUs / ((serverUs + afterServerUs) / 2)).toFixed(3));
  const atRateServerUs = ran(atRate) ? atRate.cpuPerMessage.serverUs : null;
  const rulesAtRateServerUs = withRulesAtRate?.cpuPerMessage.serverUs ?? null;
  const rulesCpuRatioAtRate =
    atRateServerUs === null || rulesAtRateServerUs === null
      ? null
      : Number((rulesAtRateServerUs / atRateServerUs).toFixed(3));
  report = {
    benchmark: "send",
    at: new Date().toISOString(),
    machine: machine(),
    database: "postgres",
    route: `POST ${CHAT_API_PREFIX}${chatApi.messages}`,
    senders: SENDERS,
    membersPerChannel: MEMBERS,
    chatUsers: SENDERS * MEMBERS,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    poolSize: POOL,
    account: "marketplace (no trial quota)",
    rateLimit: { setting: `RATE_LIMIT_PER_SECOND=${RATE_LIMIT}`, production: "20 a second per chat user" },
    parley: { ...measured, answered200, storedMessages },
    rate: RATE,
    parleyAtRate: atRate,
    /** The closed loop again, with the app's moderation rules on (`rules` of them, none firing). */
    parleyWithRules: { rules, ...withRules },
    /** The closed loop once more, with the rules off again. */
    parleyAfterRules: afterRules,
    /** The rules' loop's server CPU per message over the mean of the loops without them before and after it. */
    rulesCpuRatio,
    /** The senders at the fixed rate with the rules on. */
    parleyWithRulesAtRate: withRulesAtRate,
    /** Its server CPU per message over the fixed rate's without the rules. */
    rulesCpuRatioAtRate,
    rawInsert,
    rawInsertSharedCounter,
    batchedInsert,
    senderCeiling: ceiling,
    ratio,
    ratioToSharedCounter: Number((measured.messagesPerSecond / rawInsertSharedCounter.messagesPerSecond).toFixed(3)),
    ratioToBatchedInsert,
    /** The closed loop's server CPU per message, in microseconds. */
    serverCpuUsPerMessage: serverUs,
    goals: GOALS,
    goal:
      `≥ ${GOALS.batchedRatioAtLeast} of the batched insert, ` +
      `with server CPU per message ≤ ${GOALS.serverCpuUsPerMessageAtMost} µs`,
    goalsMet: {
      ratio: ratio >= GOALS.ratioAtLeast,
      p99: measured.p99Ms < GOALS.p99MsBelow,
      batchedRatio: ratioToBatchedInsert >= GOALS.batchedRatioAtLeast,
      serverCpu: serverUs === null ? null : serverUs <= GOALS.serverCpuUsPerMessageAtMost,
      rulesCpu: rulesCpuRatio === null ? null : rulesCpuRatio <= GOALS.rulesCpuRatioAtMost,
    },
    failure,
  };
} finally {
  await stopServers();
  await database.drop();
}
await writeReport(args.out, report);
if (failure) {
  process.stderr.write(`bench:send failed: ${failure}\n`);
  process.exit(1);
}
process.exit(0);
