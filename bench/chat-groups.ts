/**
 * `bench:chat --groups M`: many small groups instead of one large one. `--members` sockets (5,000 by default in
 * this mode) signed in, in channels of M members, one sender per channel; the senders share `--rate` messages a
 * second (1,000 by default), so each group gets `rate × M / members` of them. Beside Parley, in the same run, a
 * Socket.IO server doing the same shape (chat-socketio.ts: a room per group, each sender emitting through the
 * server to its room, nothing stored), measured by the same receivers.
 *
 * What judges it is the CPU a message costs: Parley's server process, plus on PostgreSQL the backends serving the
 * bench's database, against the Socket.IO server's process, over the measured window (from the first measured send
 * to the last delivery), read from /proc. On PGlite the database runs inside the server's process, so its CPU is in
 * the server's figure. Every PostgreSQL process on the machine is reported beside the backends (`allPostgresUs`):
 * it adds the WAL writer's and checkpointer's share, and whatever else the server runs.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CHAT_API_PREFIX, chatApi } from "@parley/contract";
import pg from "pg";
import { answerFigures, percentiles, perSocketFigures, round } from "./chat-figures";
import {
  forkReceivers,
  type ReceiverProtocol,
  type SendOutcome,
  send,
  sendOverSocketIo,
  startParley,
  startSocketIo,
} from "./chat-processes";
import { type Group, setUpGroups } from "./chat-setup";
import { cpuUsedMs, loadAverage, postgresPids, processesCpuMs } from "./support";

export interface GroupsOptions {
  root: string;
  database: "pglite" | "postgres";
  /** The scratch database's URL on PostgreSQL, else empty. */
  databaseUrl: string;
  /** The PostgreSQL server's URL to ask which backends serve the scratch database. */
  adminUrl: string;
  members: number;
  groupSize: number;
  rate: number;
  seconds: number;
  warmup: number;
  receivers: number;
  connectConcurrency: number;
  /** Parley's environment on top of the bench's defaults. */
  env: Record<string, string>;
  /** How long to wait, once every send was answered, for missing deliveries while none arrives. */
  drainMs: number;
  /** How Parley's senders send: `POST …/messages`, or `message.send` frames on a socket of their own. */
  via: "http" | "socket";
}

/** The database's share of a message's CPU, and where it was read. */
type DatabaseCpu = "postgres backends of the bench's database" | "in the server process (PGlite)";

export interface GroupsSide {
  sockets: number;
  groups: number;
  openSeconds: number;
  deliveries: number;
  expected: number;
  seconds: number;
  deliveriesPerSecond: number;
  /** What every delivery on time would make: the rate times the sockets a message reaches. */
  expectedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failedSends: number;
  failedSendStatuses: Record<string, number>;
  firstSendError: string | null;
  /** How long the measured sends took to be answered (Socket.IO: acknowledged), at the sender. */
  sendAnswer: { p50Ms: number; p99Ms: number; maxMs: number };
  perSocket: { min: number; max: number; none: number };
  payloadBytes: number;
  /** CPU time per measured message answered, in microseconds, over the measured window. */
  cpuPerMessage: {
    serverUs: number | null;
    /** Null on PGlite (in `serverUs`) and for Socket.IO, which stores nothing. */
    databaseUs: number | null;
    /** Server and database. */
    totalUs: number | null;
    /** Every PostgreSQL process on the machine, on PostgreSQL. */
    allPostgresUs: number | null;
    database: DatabaseCpu | null;
    windowSeconds: number;
    messages: number;
  };
  /** The one-minute load average when the measured sends began and when the last delivery arrived. */
  loadWhileSending: { start: number; end: number };
}

/** Where a side's CPU is read: its server's process and, on PostgreSQL, the database's processes. */
interface CpuProbe {
  serverPid: number;
  /** Asks PostgreSQL which backends serve the bench's database; null when the side has none. */
  backends: (() => Promise<number[]>) | null;
}

interface CpuReading {
  server: Map<number, number>;
  backends: Map<number, number> | null;
  postgres: Map<number, number> | null;
}

async function readCpu(probe: CpuProbe, since?: CpuReading): Promise<CpuReading> {
  if (!probe.backends) return { server: await processesCpuMs([probe.serverPid]), backends: null, postgres: null };
  // Backends gone since the first reading count nothing; those new since count whole (see `cpuUsedMs`).
  const backends = [...(await probe.backends()), ...(since?.backends?.keys() ?? [])];
  const [server, backendCpu, postgres] = await Promise.all([
    processesCpuMs([probe.serverPid]),
    processesCpuMs(backends),
    postgresPids().then(processesCpuMs),
  ]);
  return { server, backends: backendCpu, postgres };
}

interface Side {
  label: string;
  protocol: ReceiverProtocol;
  sockets: Array<{ url: string; token: string }>;
  probe: CpuProbe;
  database: DatabaseCpu | null;
  sendAll(onMeasuring: () => void): Promise<SendOutcome>;
}

/**
 * Opens the side's sockets, sends the warm-up and the measured messages, and waits until every measured delivery
 * arrived or `drainMs` passed without one. CPU is read when the first measured message leaves and at the last
 * delivery.
 */
async function measure(options: GroupsOptions, groups: Group[], side: Side): Promise<GroupsSide> {
  process.stderr.write(`bench:chat: ${side.label}: signing in ${side.sockets.length} sockets\n`);
  const receivers = forkReceivers(options.receivers);
  try {
    const { openMs } = await receivers.open(side.sockets, options.connectConcurrency, false, side.protocol);
    process.stderr.write(`bench:chat: ${side.label}: signed in in ${(openMs / 1000).toFixed(1)} s; sending\n`);
    const warmup = options.rate * options.warmup;
    const count = options.rate * options.seconds;
    let expected = 0;
    for (let i = warmup; i < warmup + count; i++) expected += groups[i % groups.length]?.tokens.length ?? 0;

    const sending: { reading: Promise<CpuReading> | null; load: number } = { reading: null, load: 0 };
    const sent = await side.sendAll(() => {
      sending.load = loadAverage()[0];
      sending.reading = readCpu(side.probe);
    });
    const start = await (sending.reading ?? readCpu(side.probe));
    let end = await readCpu(side.probe, start);
    let received = await receivers.count();
    let lastArrivalAt = performance.now();
    while (received < expected && performance.now() - lastArrivalAt < options.drainMs) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await receivers.count();
      if (now > received) {
        lastArrivalAt = performance.now();
        end = await readCpu(side.probe, start);
      }
      received = now;
    }
    const loadAtEnd = loadAverage()[0];
    const seconds = (lastArrivalAt - sent.measuringAt) / 1000;
    const { latencies, perSocket, payloadBytes } = await receivers.collect();
    const summary = percentiles(latencies);
    const messages = count - sent.failed;
    const perMessage = (ms: number | null) =>
      ms === null || messages <= 0 ? null : Math.round((ms * 1000) / messages);
    // A server whose /proc could not be read has no figure, rather than a free one.
    const serverUs = end.server.size > 0 ? perMessage(cpuUsedMs(start.server, end.server)) : null;
    const databaseUs = start.backends && end.backends ? perMessage(cpuUsedMs(start.backends, end.backends)) : null;
    return {
      sockets: side.sockets.length,
      groups: groups.length,
      openSeconds: round(openMs / 1000),
      ...summary,
      expected,
      seconds: round(seconds),
      deliveriesPerSecond: Math.round(summary.deliveries / seconds),
      expectedPerSecond: Math.round((expected / count) * options.rate),
      failedSends: sent.failed,
      failedSendStatuses: sent.statuses,
      firstSendError: sent.firstError,
      sendAnswer: answerFigures(sent.answerMs),
      perSocket: perSocketFigures(perSocket),
      payloadBytes,
      cpuPerMessage: {
        serverUs,
        databaseUs,
        totalUs: serverUs === null ? null : serverUs + (databaseUs ?? 0),
        allPostgresUs: start.postgres && end.postgres ? perMessage(cpuUsedMs(start.postgres, end.postgres)) : null,
        database: side.database,
        windowSeconds: round(seconds),
        messages,
      },
      loadWhileSending: { start: sending.load, end: loadAtEnd },
    };
  } finally {
    await receivers.close();
  }
}

/** The backends serving `databaseUrl`'s database, asked of the server at `adminUrl` over one connection. */
async function backendsOf(adminUrl: string, databaseUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  return {
    list: async () =>
      (await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [name])).rows.map(
        (row) => row.pid,
      ),
    close: () => admin.end(),
  };
}

async function parleySide(options: GroupsOptions) {
  const env = { DATABASE_URL: options.databaseUrl, ...options.env };
  process.stderr.write(
    `bench:chat: Parley on ${options.database}: setting up ${options.members} members in groups of ` +
      `${options.groupSize}\n`,
  );
  // The embedded database lives in the data folder, which the measured server must open again.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-bench-chat-"));
  try {
    const setupServer = await startParley(options.root, { ...env, JOB_POLL_SECONDS: "0.5" }, dataDir);
    const setup = await setUpGroups(setupServer, { members: options.members, groupSize: options.groupSize }).finally(
      () => setupServer.stop(),
    );
    // A fresh process, as in the other modes: the set-up's requests would otherwise weigh on the measured window.
    const server = await startParley(options.root, env, dataDir);
    const backends = options.database === "postgres" ? await backendsOf(options.adminUrl, options.databaseUrl) : null;
    try {
      const wsUrl = `${server.base.replace("http", "ws")}${CHAT_API_PREFIX}${chatApi.ws}`;
      const side = await measure(options, setup.groups, {
        label: "Parley",
        protocol: "parley",
        sockets: setup.groups.flatMap((g) => g.tokens.map((token) => ({ url: wsUrl, token }))),
        probe: { serverPid: server.pid, backends: backends?.list ?? null },
        database: backends ? "postgres backends of the bench's database" : "in the server process (PGlite)",
        sendAll: (onMeasuring) =>
          send(
            {
              targets: setup.groups.map((g) => ({ url: `${server.base}${g.messagesRoute}`, token: g.tokens[0] ?? "" })),
              rate: options.rate,
              count: options.rate * options.seconds,
              warmup: options.rate * options.warmup,
              via: options.via,
            },
            onMeasuring,
          ),
      });
      return { setup, side };
    } finally {
      await backends?.close();
      await server.stop();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function socketIoSide(options: GroupsOptions, groups: Group[], payloadBytes: number): Promise<GroupsSide> {
  const server = await startSocketIo(options.root, { payloadBytes });
  try {
    const url = `${server.base.replace("http", "ws")}/socket.io/?EIO=4&transport=websocket`;
    return await measure(options, groups, {
      label: "Socket.IO",
      protocol: "socket.io",
      sockets: groups.flatMap((g) => g.tokens.map(() => ({ url, token: String(g.number) }))),
      probe: { serverPid: server.pid, backends: null },
      database: null,
      sendAll: (onMeasuring) =>
        sendOverSocketIo(
          {
            url: server.base,
            groups: groups.map((g) => String(g.number)),
            rate: options.rate,
            count: options.rate * options.seconds,
            warmup: options.rate * options.warmup,
          },
          onMeasuring,
        ),
    });
  } finally {
    await server.stop();
  }
}

/** Parley and then the Socket.IO reference, with the ratio and goals; the caller adds the load and writes it. */
export async function groupsReport(options: GroupsOptions): Promise<Record<string, unknown>> {
  const { setup, side: parley } = await parleySide(options);
  const socketIo = await socketIoSide(options, setup.groups, parley.payloadBytes || 455);
  const parleyUs = parley.cpuPerMessage.totalUs;
  const socketIoUs = socketIo.cpuPerMessage.serverUs;
  const cpuRatio = parleyUs !== null && socketIoUs ? round(parleyUs / socketIoUs, 3) : null;
  const deliveriesRatio = socketIo.deliveriesPerSecond
    ? round(parley.deliveriesPerSecond / socketIo.deliveriesPerSecond, 3)
    : null;
  const allDelivered = parley.deliveries === parley.expected && parley.failedSends === 0;
  const goals = [
    {
      name: `${options.database}: server + database CPU per message vs Socket.IO`,
      goal: "≤ 1.0",
      value: cpuRatio,
      met: cpuRatio === null ? null : cpuRatio <= 1,
    },
    { name: "send-to-receive p99", goal: "< 100 ms", value: parley.p99Ms, met: parley.p99Ms < 100 },
    { name: "every measured message delivered", goal: "= expected", value: parley.deliveries, met: allDelivered },
  ];
  return {
    benchmark: "chat-groups",
    database: options.database,
    members: options.members,
    groupSize: options.groupSize,
    groups: setup.groups.length,
    senders: setup.groups.length,
    sendVia: options.via,
    ratePerSecond: options.rate,
    seconds: options.seconds,
    warmupSeconds: options.warmup,
    receiverProcesses: options.receivers,
    connectConcurrency: options.connectConcurrency,
    parley,
    socketIo,
    cpuRatio,
    deliveriesRatio,
    goals,
  };
}
