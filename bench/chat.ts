/**
 * Chat fan-out benchmark: one super group of N connected members, messages sent at a fixed rate through the chat
 * API; measures send-to-receive latency, deliveries per second, the time to open and authenticate every socket and
 * the server's memory per socket, next to a bare `ws` server doing the same fan-out (the ceiling on this machine).
 *
 *   npm run bench:chat [-- --members 1000 --rate 100 --seconds 10 --warmup 2]
 *     [--database pglite|postgres] [--subchannels] [--processes 2] [--receivers 2] [--connect-concurrency 100]
 *     [--mix] [--send api|http|socket]
 *   npm run bench:chat -- --groups 10 [--members 5000 --rate 1000 --seconds 20 --warmup 2] [--database …]
 *
 * Every part runs in a process of its own: the server (`packages/server/src/main.ts`, as production runs it), the
 * bare server (chat-bare.ts), the receivers (chat-receivers.mjs, the sockets split over `--receivers` processes,
 * by default one per 5,000, speaking WebSocket on the bare TCP stream, which costs them a fraction of a client
 * library's CPU) and the sender (chat-sender.mjs). The sender stamps each message with the time it
 * left, and receivers measure against it, so a server that falls behind its sends shows it in the latency. The
 * bare server sends events of the byte size Parley's `message.created` frames had in the same run, framed once
 * and written through Parley's own write window; it signs sockets in without any lookup.
 *
 * - `--database`: `pglite` (the embedded database, in the server's process) unless `--database postgres` or
 *   BENCH_DATABASE_URL is set; PostgreSQL runs on a scratch database created on BENCH_DATABASE_URL (else the
 *   local server) and dropped at the end.
 * - `--subchannels`: the super group has subchannels of at most 3,000 members; messages are sent by one member
 *   per subchannel, the rate spread over them, each reaching its own subchannel. The bare server sends each to a
 *   group of the same size. It needs the subchannel API (`PUT /api/apps/:id/channels/:channelId` with
 *   `subchannel`, `GET /v1/channels/:channelId/subchannels`); without it the run stops saying which call failed.
 * - `--processes N` (PostgreSQL only): after the single-process run, the same members over N server processes
 *   joined by Redis (BENCH_REDIS_URL, else redis://127.0.0.1:6379), sockets and sends spread over them in turn.
 * - `--mix`: Parley's side runs a mixed workload at the same rate: of every 100 operations, 70 messages, 15
 *   reactions, 10 typing starts and 5 edits, spread evenly (see chat-sender.mjs for who does each). Latency and
 *   deliveries are reported per event kind (`parley.kinds`: `message.created`, `reaction.added`, `typing.started`,
 *   `message.updated`) and over all; a typing start reaches every member but the typist. The bare server still
 *   broadcasts messages only, at the same rate: the ceiling the mixed deliveries a second are compared with. Not
 *   with `--subchannels`.
 * - `--send`: how messages are sent: `api` (the default) by the app's server over HTTP with its API key; `http` by
 *   member `u0` over HTTP with their session; `socket` by `u0` on their WebSocket (`message.send`, answered by an
 *   `ack` frame), which skips the HTTP request's parsing, routing and schema passes. With `--subchannels` each
 *   subchannel's sender is a member already: `api` and `http` are the same there. `http` against `socket` compares
 *   the two ways for the same sender, and `parley.cpuPerMessage` says what a message cost the server each way (the
 *   socket's sender hears its channel's events too: one delivery more a message).
 * - `--groups M`: many small channels instead of one super group: the members (5,000 unless `--members` says)
 *   in channels of M members each, one sender per channel sharing the rate (1,000 a second, for 20 s, unless
 *   `--rate`, `--seconds` say), next to a Socket.IO server relaying the same shape to rooms. It reports the CPU a
 *   message costs Parley's server and database against the Socket.IO server's (see chat-groups.ts), deliveries a
 *   second, latency and the sends' answer times; its report goes to `.reports/bench-chat-groups.json` unless
 *   `--out` says. Each group's sender sends on its WebSocket, as the SDK does once its link is open and as the
 *   Socket.IO senders do, or with `--send http` over HTTP with its session. Not with `--subchannels`, `--mix` or
 *   `--processes`.
 *
 * The server runs with its per-second rate limit raised to 100,000 (RATE_LIMIT_PER_SECOND): one sender posts for
 * the whole channel, and every socket signs in from this one address. The limit is still counted, as in production.
 * Memory is `process.memoryUsage()` after a full collection, once a tenth of the sockets have signed in and been idle
 * for 3 s, and once the rest have too: their growth over the rest, per socket. The first tenth's sign-ins compile the
 * code and fill the caches every later sign-in only uses, which is not what a socket holds.
 * The report goes to `--out` (`.reports/bench-chat.json`) and stdout, with the machine's load average at start and
 * end (`load`); progress and the load average to stderr.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { CHAT_API_PREFIX, chatApi, fillPath, TYPING_ANNOUNCE_MS } from "@parley/contract";
import { loadConfig } from "../packages/server/src/config";
import { answerFigures, percentiles, perSocketFigures, round } from "./chat-figures";
import { groupsReport } from "./chat-groups";
import {
  forkReceivers,
  type MeasuredServer,
  type MixedArrivals,
  type MixOptions,
  type ParleyServer,
  type SendOutcome,
  send,
  startBare,
  startParley,
  stopAll,
} from "./chat-processes";
import { type ChatSetup, setUpChannel } from "./chat-setup";
import {
  BENCH_MARKETPLACE_SECRET,
  type CpuPerOperation,
  cpuMeter,
  DEFAULT_ADMIN_URL,
  machine,
  type ScratchDatabase,
  scratchDatabase,
  writeReport,
} from "./support";

const { values } = parseArgs({
  options: {
    /** The defaults of members, rate and seconds depend on the mode: see `DEFAULTS`. */
    members: { type: "string" },
    rate: { type: "string" },
    seconds: { type: "string" },
    /** Members of each channel: the groups mode, in place of the super group. */
    groups: { type: "string" },
    warmup: { type: "string", default: "2" },
    database: { type: "string" },
    subchannels: { type: "boolean", default: false },
    mix: { type: "boolean", default: false },
    send: { type: "string", default: "api" },
    processes: { type: "string", default: "1" },
    receivers: { type: "string" },
    "connect-concurrency": { type: "string", default: "100" },
    out: { type: "string" },
  },
});
const GROUP_SIZE = values.groups === undefined ? null : Number(values.groups);
const DEFAULTS =
  GROUP_SIZE === null
    ? { members: 1000, rate: 100, seconds: 10, out: ".reports/bench-chat.json" }
    : { members: 5000, rate: 1000, seconds: 20, out: ".reports/bench-chat-groups.json" };
const MEMBERS = Number(values.members ?? DEFAULTS.members);
const RATE = Number(values.rate ?? DEFAULTS.rate);
const SECONDS = Number(values.seconds ?? DEFAULTS.seconds);
const OUT = values.out ?? DEFAULTS.out;
/** Seconds sent at the same rate before measuring, whose deliveries are left out. */
const WARMUP = Number(values.warmup);
const PROCESSES = Number(values.processes);
const RECEIVERS = Number(values.receivers ?? Math.max(1, Math.ceil(MEMBERS / 5000)));
/** Sign-ins under way at once, over all receivers. */
const CONNECT_CONCURRENCY = Number(values["connect-concurrency"]);
const DATABASE = values.database ?? (process.env.BENCH_DATABASE_URL ? "postgres" : "pglite");
const REDIS_URL = process.env.BENCH_REDIS_URL || "redis://127.0.0.1:6379";
const RATE_LIMIT_PER_SECOND = 100_000;
/**
 * How long the bench waits, once every send was answered, for deliveries still missing while none arrives: a
 * server (or a receiver) that is behind still delivers, and its backlog must count as late, not as lost.
 */
const DRAIN_MS = 10_000;
const WRITE_WINDOW_MS = loadConfig({ WS_WRITE_WINDOW_MS: process.env.WS_WRITE_WINDOW_MS }).wsWriteWindowMs;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

if (DATABASE !== "pglite" && DATABASE !== "postgres") throw new Error(`--database is pglite or postgres`);
const MIX = values.mix ?? false;
if (MIX && values.subchannels) throw new Error("--mix sends to the whole channel: it does not go with --subchannels");
if (GROUP_SIZE !== null && (MIX || values.subchannels || PROCESSES > 1)) {
  throw new Error("--groups does not go with --mix, --subchannels or --processes");
}
if (GROUP_SIZE !== null && !(Number.isInteger(GROUP_SIZE) && GROUP_SIZE >= 1 && GROUP_SIZE <= MEMBERS)) {
  throw new Error("--groups takes the members of each group: a whole number from 1 to --members");
}
const SEND = values.send ?? "api";
if (SEND !== "api" && SEND !== "http" && SEND !== "socket") throw new Error("--send is api, http or socket");
if (PROCESSES > 1 && DATABASE !== "postgres") {
  throw new Error("--processes above 1 needs --database postgres: the embedded database belongs to one process");
}
const flags = {
  members: MEMBERS,
  rate: RATE,
  seconds: SECONDS,
  processes: PROCESSES,
  receivers: RECEIVERS,
  "connect-concurrency": CONNECT_CONCURRENCY,
};
for (const [flag, value] of Object.entries(flags)) {
  if (!Number.isFinite(value) || value < 1) throw new Error(`--${flag} must be a number of at least 1`);
}
if (!Number.isFinite(WARMUP) || WARMUP < 0) throw new Error("--warmup must be a number of seconds");

interface Memory {
  /** Growth of the resident set per socket signed in after the first tenth, summed over the server's processes. */
  rssBytesPerSocket: number;
  /** Growth of the V8 heap in use per socket signed in after the first tenth. */
  heapBytesPerSocket: number;
  rssBytesBefore: number;
  rssBytesAfterFirst: number;
  rssBytesAfter: number;
  heapBytesBefore: number;
  heapBytesAfterFirst: number;
  heapBytesAfter: number;
  /** The sockets signed in before memory per socket was measured from. */
  firstSockets: number;
}

interface Side {
  serverProcesses: number;
  sockets: number;
  /** From the first socket's connect to the last one's `ready`, over the two rounds of sign-ins (see `measure`). */
  openSeconds: number;
  memory: Memory;
  deliveries: number;
  expected: number;
  seconds: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Measured sends answered other than 2xx, by status (0: no answer). */
  failedSends: number;
  failedSendStatuses: Record<string, number>;
  firstSendError: string | null;
  /**
   * How long the measured sends took to be answered, at the sender: the part of the latency before the fan-out
   * (the send's own work and its waits behind the fan-out's writes).
   */
  sendAnswer: { p50Ms: number; p99Ms: number; maxMs: number };
  /**
   * Measured messages per socket: the fewest and most one socket received, and how many sockets received none,
   * which tells sockets the server left out from deliveries lost here and there.
   */
  perSocket: { min: number; max: number; none: number };
  /** The payload of a measured message's frame as it arrived. */
  payloadBytes: number;
  /**
   * CPU time per message sent, warm-up included, from the first send to the last delivery: the server's process
   * (with one process; PGlite's database runs in it) and the whole machine's.
   */
  cpuPerMessage: CpuPerOperation;
  /** With `--mix`: each event kind's deliveries and latency; the figures above are over all of them. */
  kinds?: Record<MixEvent, KindFigures>;
}

type MixKind = MixOptions["kinds"][number];
type MixEvent = "message.created" | "reaction.added" | "typing.started" | "message.updated";
/** The event each kind of operation is measured by, in the order of chat-receivers.mjs's codes. */
const MIX_EVENTS: Array<[MixKind, MixEvent]> = [
  ["message", "message.created"],
  ["reaction", "reaction.added"],
  ["typing", "typing.started"],
  ["edit", "message.updated"],
];
/** Operations of each kind in every 100 of `--mix`. */
const MIX_SHARES: Array<[MixKind, number]> = [
  ["message", 70],
  ["reaction", 15],
  ["typing", 10],
  ["edit", 5],
];
/**
 * The seconds a typist waits between starts: over the announce period (TYPING_ANNOUNCE_MS), so every start is
 * announced, with room for the sender's schedule slipping.
 */
const TYPIST_REPEAT_SECONDS = TYPING_ANNOUNCE_MS / 1000 + 1;

interface KindFigures {
  deliveries: number;
  expected: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * The kind of each of `total` operations: every 100 hold each kind's share, spread evenly (the n-th of a kind with
 * share w sits at (n + ½) / w of the hundred), and the first of them a message, which reactions and edits need.
 */
function mixKinds(total: number): MixKind[] {
  const hundred = MIX_SHARES.flatMap(([kind, share]) =>
    Array.from({ length: share }, (_, n) => ({ kind, at: (n + 0.5) / share })),
  )
    .sort((a, b) => a.at - b.at || (a.kind === "message" ? -1 : b.kind === "message" ? 1 : 0))
    .map((slot) => slot.kind);
  return Array.from({ length: total }, (_, i) => hundred[i % hundred.length] ?? "message");
}

/**
 * Latencies of a `--mix` run by kind, warm-up left out: messages and edits as receivers measured them; reactions
 * from the time the sender kept for `r<i>`; typing from the typist's latest start before the arrival.
 */
function mixLatencies(arrivals: MixedArrivals[], sent: NonNullable<SendOutcome["mix"]>, warmup: number) {
  const reactionSentAt = new Map(sent.reactions);
  const startsOf = new Map<number, Array<[number, number]>>();
  for (const [typist, i, at] of sent.typing) {
    const list = startsOf.get(typist) ?? [];
    list.push([i, at]);
    startsOf.set(typist, list);
  }
  const byCode: number[][] = MIX_EVENTS.map(() => []);
  for (const { kinds, keys, values } of arrivals) {
    for (let k = 0; k < kinds.length; k++) {
      const code = kinds[k] ?? 0;
      const key = keys[k] ?? 0;
      const value = values[k] ?? 0;
      if (code === 1) {
        const at = reactionSentAt.get(key);
        if (key >= warmup && at !== undefined) byCode[1]?.push(value - at);
      } else if (code === 2) {
        // Processes' clocks agree to well under a millisecond; the slack keeps a start that left a hair after its
        // arrival's reading from being passed over for the one before.
        let latest: [number, number] | undefined;
        for (const start of startsOf.get(key) ?? []) if (start[1] <= value + 1) latest = start;
        if (latest && latest[0] >= warmup) byCode[2]?.push(Math.max(0, value - latest[1]));
      } else {
        byCode[code]?.push(value);
      }
    }
  }
  return byCode.map((latencies) => Float64Array.from(latencies));
}

interface Target {
  url: string;
  token: string | null;
  /** How many sockets a message to this target reaches. */
  reach: number;
}

/**
 * Whether two growths per socket can be compared: memory the server gave back meanwhile (the embedded database's
 * cache, a heap shrinking after the set-up) can make one negative, which says nothing of what a socket costs.
 */
const measurable = (a: number, b: number) => a > 0 && b > 0;

/**
 * How long the sockets sit idle after signing in before memory is read: what an idle socket holds, not what the
 * sign-ins left in the server's short-lived read caches (one second by default, READ_CACHE_MS).
 */
const IDLE_BEFORE_MEMORY_MS = 3000;
/** The share of the sockets signed in before memory per socket is measured from (see `measure`). */
const FIRST_SOCKETS_SHARE = 0.1;

async function memoryOf(servers: MeasuredServer[]) {
  const usages = await Promise.all(servers.map((s) => s.memory()));
  return {
    rss: usages.reduce((n, u) => n + u.rss, 0),
    heap: usages.reduce((n, u) => n + u.heapUsed, 0),
  };
}

/**
 * Signs `sockets` in, reading the servers' memory before and after, then sends the warm-up and `RATE * SECONDS`
 * measured messages over `targets` in turn and waits until every measured delivery arrived, or DRAIN_MS passed
 * without one arriving. The seconds run from the first measured send to the last delivery.
 */
async function measure(
  label: string,
  servers: MeasuredServer[],
  sockets: Array<{ url: string; token: string }>,
  targets: Target[],
  mix?: Omit<MixOptions, "kinds">,
): Promise<Side> {
  process.stderr.write(`bench:chat: ${label}: signing in ${sockets.length} sockets\n`);
  const before = await memoryOf(servers);
  const receivers = forkReceivers(RECEIVERS);
  try {
    // The first sockets' sign-ins also compile the server's code for them and fill its caches once: memory per
    // socket is read over the rest, which pay for what each socket holds.
    const firstCount = Math.max(1, Math.floor(sockets.length * FIRST_SOCKETS_SHARE));
    const first = await receivers.open(sockets.slice(0, firstCount), CONNECT_CONCURRENCY, mix !== undefined);
    await new Promise((resolve) => setTimeout(resolve, IDLE_BEFORE_MEMORY_MS));
    const middle = await memoryOf(servers);
    const rest = await receivers.open(sockets.slice(firstCount), CONNECT_CONCURRENCY, mix !== undefined);
    const openMs = first.openMs + rest.openMs;
    await new Promise((resolve) => setTimeout(resolve, IDLE_BEFORE_MEMORY_MS));
    const after = await memoryOf(servers);
    const measuredSockets = sockets.length - firstCount;
    process.stderr.write(`bench:chat: ${label}: signed in in ${(openMs / 1000).toFixed(1)} s; sending\n`);
    const warmup = RATE * WARMUP;
    const count = RATE * SECONDS;
    const kinds = mix ? mixKinds(warmup + count) : null;
    const reachOf = (i: number) => {
      const reach = targets[i % targets.length]?.reach ?? 0;
      return kinds?.[i] === "typing" ? reach - 1 : reach;
    };
    let expected = 0;
    for (let i = warmup; i < warmup + count; i++) expected += reachOf(i);
    /** What receivers count: with `--mix`, also the warm-up's reactions and typing, which they cannot tell apart. */
    let arriving = expected;
    for (let i = 0; i < warmup; i++) if (kinds?.[i] === "reaction" || kinds?.[i] === "typing") arriving += reachOf(i);
    const meter = await cpuMeter(servers.length === 1 ? servers[0]?.pid : undefined);
    // `via` goes to the sender with the other options, which `send` hands to it whole. The bare server's targets
    // (no token) take HTTP whatever `--send` says.
    const sending = {
      targets: targets.map(({ url, token }) => ({ url, token })),
      rate: RATE,
      count,
      warmup,
      via: SEND === "socket" && targets.every((t) => t.token !== null) ? "socket" : "http",
      ...(mix && kinds ? { mix: { ...mix, kinds } } : {}),
    };
    const sent = await send(sending);
    let received = await receivers.count();
    let lastArrivalAt = performance.now();
    while (received < arriving && performance.now() - lastArrivalAt < DRAIN_MS) {
      await new Promise((r) => setTimeout(r, 100));
      const now = await receivers.count();
      if (now > received) lastArrivalAt = performance.now();
      received = now;
    }
    const cpuPerMessage = await meter.per(warmup + count);
    const seconds = (lastArrivalAt - sent.measuringAt) / 1000;
    const { latencies, perSocket, payloadBytes, mixed } = await receivers.collect();
    const byKind = sent.mix ? mixLatencies(mixed, sent.mix, warmup) : null;
    const summary = percentiles(byKind ?? latencies);
    const kindFigures = byKind
      ? (Object.fromEntries(
          MIX_EVENTS.map(([kind, event], code) => {
            let kindExpected = 0;
            for (let i = warmup; i < warmup + count; i++) if (kinds?.[i] === kind) kindExpected += reachOf(i);
            const { deliveries, p50Ms, p99Ms, maxMs } = percentiles([byKind[code] ?? new Float64Array()]);
            return [event, { deliveries, expected: kindExpected, p50Ms, p99Ms, maxMs }];
          }),
        ) as Record<MixEvent, KindFigures>)
      : undefined;
    return {
      serverProcesses: servers.length,
      sockets: sockets.length,
      openSeconds: round(openMs / 1000),
      memory: {
        rssBytesPerSocket: Math.round((after.rss - middle.rss) / measuredSockets),
        heapBytesPerSocket: Math.round((after.heap - middle.heap) / measuredSockets),
        rssBytesBefore: before.rss,
        rssBytesAfterFirst: middle.rss,
        rssBytesAfter: after.rss,
        heapBytesBefore: before.heap,
        heapBytesAfterFirst: middle.heap,
        heapBytesAfter: after.heap,
        firstSockets: firstCount,
      },
      ...summary,
      expected,
      seconds: round(seconds),
      deliveriesPerSecond: Math.round(summary.deliveries / seconds),
      failedSends: sent.failed,
      failedSendStatuses: sent.statuses,
      firstSendError: sent.firstError,
      sendAnswer: answerFigures(sent.answerMs),
      perSocket: perSocketFigures(perSocket),
      payloadBytes,
      cpuPerMessage,
      ...(kindFigures ? { kinds: kindFigures } : {}),
    };
  } finally {
    await receivers.close();
  }
}

const wsUrl = (base: string) => `${base.replace("http", "ws")}${CHAT_API_PREFIX}${chatApi.ws}`;

/**
 * What a message reaches: with subchannels, one member of each sends in turn to their own subchannel; without,
 * the app's API key sends to the whole channel, or member `u0` with `--send http` or `socket`. Spread over `bases` in
 * turn, as a load balancer would.
 */
function parleyTargets(setup: ChatSetup, bases: string[]): Target[] {
  const route = `${CHAT_API_PREFIX}${fillPath(chatApi.messages, { channelId: setup.channelId })}`;
  const senders = setup.subchannels
    ? setup.subchannels.map((s) => ({ token: s.senderToken, reach: s.memberCount }))
    : [{ token: SEND === "api" ? setup.apiKey : (setup.tokens[0] ?? ""), reach: MEMBERS }];
  return senders.flatMap((s) => bases.map((base) => ({ url: `${base}${route}`, ...s })));
}

/**
 * Who does what in a `--mix` run on the server at `base`: the app's server sends and edits, member `u0` reacts,
 * and members `u0`, `u1`… type in turn, as many as keep each typist's starts `TYPIST_REPEAT_SECONDS` apart.
 */
function mixOptions(setup: ChatSetup, base: string): Omit<MixOptions, "kinds"> | undefined {
  if (!MIX) return undefined;
  const typingPerSecond = (RATE * (MIX_SHARES.find(([kind]) => kind === "typing")?.[1] ?? 0)) / 100;
  const typists = Math.max(1, Math.ceil(typingPerSecond * TYPIST_REPEAT_SECONDS));
  if (typists >= MEMBERS) {
    throw new Error(`--mix at --rate ${RATE} needs more than ${typists} members, who type in turn`);
  }
  return {
    messagesUrl: `${base}${CHAT_API_PREFIX}${fillPath(chatApi.messages, { channelId: setup.channelId })}`,
    apiKey: setup.apiKey,
    reactorToken: setup.tokens[0] ?? "",
    wsUrl: wsUrl(base),
    channelId: setup.channelId,
    typists: setup.tokens.slice(0, typists),
  };
}

/** Parley's environment in every mode, but the database. */
const PARLEY_ENV: Record<string, string> = {
  RATE_LIMIT_PER_SECOND: String(RATE_LIMIT_PER_SECOND),
  // Its set-up calls with the app's API key too, whose own budget is apart from the users'.
  RATE_LIMIT_SERVER_PER_SECOND: String(RATE_LIMIT_PER_SECOND),
  // The bench's account is a marketplace account (see `setUpChannel`), which no trial quota caps.
  MARKETPLACE_SECRET: BENCH_MARKETPLACE_SECRET,
  ...(process.env.WS_WRITE_WINDOW_MS ? { WS_WRITE_WINDOW_MS: process.env.WS_WRITE_WINDOW_MS } : {}),
};

async function parley(database: string) {
  const env = { DATABASE_URL: database, ...PARLEY_ENV };
  process.stderr.write(`bench:chat: Parley on ${DATABASE}: setting up ${MEMBERS} members\n`);
  // The embedded database lives in the data folder, which the measured server must open again.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-bench-chat-"));
  let setup: ChatSetup;
  let single: Side;
  try {
    // Polling jobs often makes the verification mail of the set-up's account arrive sooner; the measured server
    // polls at the production default.
    const setupServer = await startParley(root, { ...env, JOB_POLL_SECONDS: "0.5" }, dataDir);
    try {
      setup = await setUpChannel(setupServer, { members: MEMBERS, subchannels: values.subchannels ?? false });
    } finally {
      await setupServer.stop();
    }
    // Measured on a fresh process, as on the bare side: the set-up's tens of thousands of requests leave a heap
    // and a resident set that shrink while the sockets sign in, and would hide what the sockets cost.
    const server = await startParley(root, env, dataDir);
    try {
      single = await measure(
        "Parley",
        [server],
        setup.tokens.map((token) => ({ url: wsUrl(server.base), token })),
        parleyTargets(setup, [server.base]),
        mixOptions(setup, server.base),
      );
    } finally {
      await server.stop();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  if (PROCESSES === 1) return { setup, single, spread: null };

  // One after the other: each migrates the database at start, and two at once would race for it.
  const servers: ParleyServer[] = [];
  try {
    for (let p = 0; p < PROCESSES; p++) servers.push(await startParley(root, { ...env, REDIS_URL }));
    const spread = await measure(
      `Parley on ${PROCESSES} processes`,
      servers,
      setup.tokens.map((token, i) => ({ url: wsUrl(servers[i % servers.length]?.base ?? ""), token })),
      parleyTargets(
        setup,
        servers.map((s) => s.base),
      ),
      mixOptions(setup, servers[0]?.base ?? ""),
    );
    return { setup, single, spread };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/** The bare server, with groups of the subchannels' sizes if Parley had subchannels. */
async function bare(payloadBytes: number, setup: ChatSetup): Promise<Side> {
  const server = await startBare(root, { payloadBytes, writeWindowMs: WRITE_WINDOW_MS });
  try {
    const groups = setup.subchannels ?? [{ number: 0, memberCount: MEMBERS }];
    const tokens = groups.flatMap((g) => Array.from({ length: g.memberCount }, () => String(g.number)));
    const targets = groups.map((g) => ({
      url: `${server.base}/send${g.number ? `?group=${g.number}` : ""}`,
      token: null,
      reach: g.memberCount,
    }));
    const url = server.base.replace("http", "ws");
    return await measure(
      "bare ws",
      [server],
      tokens.map((token) => ({ url, token })),
      targets,
    );
  } finally {
    await server.stop();
  }
}

/** The super group's run: Parley, then the bare server, with their ratios and goals. */
async function fanOutReport(database: string): Promise<Record<string, unknown>> {
  const measured = await parley(database);
  const rawWs = await bare(measured.single.payloadBytes || 455, measured.setup);
  const parleySide = measured.single;
  const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 3) : null);
  const vsBare = {
    deliveries: ratio(parleySide.deliveriesPerSecond, rawWs.deliveriesPerSecond),
    openSeconds: ratio(parleySide.openSeconds, rawWs.openSeconds),
    rssPerSocket: ratio(parleySide.memory.rssBytesPerSocket, rawWs.memory.rssBytesPerSocket),
    heapPerSocket: ratio(parleySide.memory.heapBytesPerSocket, rawWs.memory.heapBytesPerSocket),
  };
  const processRatio = measured.spread
    ? ratio(measured.spread.deliveriesPerSecond, parleySide.deliveriesPerSecond)
    : null;
  const p99Goal = values.subchannels ? 100 : MEMBERS >= 10_000 ? 250 : 100;
  const goals = [
    { name: "send-to-receive p99", goal: `< ${p99Goal} ms`, value: parleySide.p99Ms, met: parleySide.p99Ms < p99Goal },
    {
      name: "every measured message delivered",
      goal: "= expected",
      value: parleySide.deliveries,
      met: parleySide.deliveries === parleySide.expected && parleySide.failedSends === 0,
    },
    { name: "deliveries vs bare ws", goal: "≥ 0.5", value: vsBare.deliveries, met: (vsBare.deliveries ?? 0) >= 0.5 },
    {
      name: "open and sign in vs bare ws",
      goal: "≤ 2",
      value: vsBare.openSeconds,
      met: (vsBare.openSeconds ?? 0) <= 2,
    },
    {
      name: "RSS per socket vs bare ws",
      goal: "≤ 1.5",
      value: vsBare.rssPerSocket,
      met: measurable(parleySide.memory.rssBytesPerSocket, rawWs.memory.rssBytesPerSocket)
        ? (vsBare.rssPerSocket ?? 0) <= 1.5
        : null,
    },
    {
      name: "heap per socket vs bare ws",
      goal: "≤ 1.5",
      value: vsBare.heapPerSocket,
      met: measurable(parleySide.memory.heapBytesPerSocket, rawWs.memory.heapBytesPerSocket)
        ? (vsBare.heapPerSocket ?? 0) <= 1.5
        : null,
    },
    ...(measured.spread
      ? [
          {
            name: `deliveries on ${PROCESSES} processes vs 1`,
            goal: "≥ 0.9",
            value: processRatio,
            met: (processRatio ?? 0) >= 0.9,
          },
          {
            name: `every measured message delivered on ${PROCESSES} processes`,
            goal: "= expected",
            value: measured.spread.deliveries,
            met: measured.spread.deliveries === measured.spread.expected && measured.spread.failedSends === 0,
          },
        ]
      : []),
    ...Object.entries(parleySide.kinds ?? {}).map(([event, figures]) => ({
      name: `${event} send-to-receive p99`,
      goal: `< ${p99Goal} ms`,
      value: figures.p99Ms,
      met: figures.p99Ms < p99Goal,
    })),
  ];
  return {
    benchmark: "chat-fanout",
    at: new Date().toISOString(),
    machine: machine(),
    database: DATABASE,
    members: MEMBERS,
    ratePerSecond: RATE,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    mix: MIX ? Object.fromEntries(MIX_SHARES) : null,
    send: SEND,
    subchannels: measured.setup.subchannels?.map(({ number, memberCount }) => ({ number, memberCount })) ?? null,
    processes: PROCESSES,
    receiverProcesses: RECEIVERS,
    connectConcurrency: CONNECT_CONCURRENCY,
    wsWriteWindowMs: WRITE_WINDOW_MS,
    rateLimitPerSecond: RATE_LIMIT_PER_SECOND,
    rawWs,
    parley: parleySide,
    parleyProcesses: measured.spread,
    ratio: vsBare.deliveries,
    vsBare,
    processRatio,
    goals,
  };
}

let scratch: ScratchDatabase | null = null;
let report: Record<string, unknown>;
try {
  if (DATABASE === "postgres") scratch = await scratchDatabase(DEFAULT_ADMIN_URL, "parley_bench_chat");
  if (GROUP_SIZE !== null) {
    report = {
      at: new Date().toISOString(),
      machine: machine(),
      ...(await groupsReport({
        root,
        database: DATABASE,
        databaseUrl: scratch?.url ?? "",
        adminUrl: DEFAULT_ADMIN_URL,
        members: MEMBERS,
        groupSize: GROUP_SIZE,
        rate: RATE,
        seconds: SECONDS,
        warmup: WARMUP,
        receivers: RECEIVERS,
        connectConcurrency: CONNECT_CONCURRENCY,
        env: PARLEY_ENV,
        drainMs: DRAIN_MS,
        via: SEND === "http" ? "http" : "socket",
      })),
      rateLimitPerSecond: RATE_LIMIT_PER_SECOND,
    };
  } else {
    report = await fanOutReport(scratch?.url ?? "");
  }
} finally {
  await stopAll();
  await scratch?.drop();
}
await writeReport(OUT, report);
process.exit(0);
