/**
 * The benchmarks `npm run bench` runs (bench/all.ts), in their order: each one's script, its options for a full and
 * a `--quick` run, and how its report is read into goals and the figures recorded beside them.
 */
import type { LighthouseResult } from "./web-lighthouse";
import type { PageWeight } from "./web-weight";

export interface Goal {
  name: string;
  goal: string;
  value: number | string | null;
  /** Null when not measured, or not judged because the machine was busy at the benchmark's start. */
  met: boolean | null;
  /** Why `met` is null although the value was measured. */
  notJudged?: string;
}

/** A figure a benchmark reports beside its goals, recorded with them for docs/benchmarks.md. */
export interface Figure {
  name: string;
  value: number | string | null;
  /** The value's unit, after it: "µs", "ms", "/s"; none for a ratio or a count. */
  unit?: string;
}

interface ChatReport {
  ratio: number | null;
  parley: { p99Ms: number } | null;
  goals?: Goal[];
}
interface GroupsSideReport {
  deliveriesPerSecond: number;
  expectedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  sendAnswer: { p99Ms: number };
  cpuPerMessage: { serverUs: number | null; databaseUs: number | null; allPostgresUs: number | null };
  loadWhileSending: { start: number; end: number };
}
interface ChatGroupsReport {
  members: number;
  groupSize: number;
  ratePerSecond: number;
  /** How Parley's senders sent (a report from before the choice was made sent over HTTP). */
  sendVia?: "http" | "socket";
  parley: GroupsSideReport;
  socketIo: GroupsSideReport;
  goals: Goal[];
  load: { start: number[]; end: number[] };
}
interface CampaignReport {
  results: Array<{ database: string; recipients: number; csvCheckMs: number; sendMs: number; ratio: number }>;
}
interface WebReport {
  pages: Array<{ name: string; weight: PageWeight; lighthouse: LighthouseResult | null }>;
}
interface UnreadReport {
  results: Array<{ database: string; timed: Array<{ name: string; judged: boolean; timings: { p99Ms: number } }> }>;
}
interface ApiReport {
  ratio: number;
  parley: { p99Ms: number };
}
interface WsFloodReport {
  p99Ratio: number;
  flood: { health: { p99Ms: number }; failedProbes: number };
}
interface SendReport {
  senders: number;
  ratio: number;
  /** Reports before the batched insert was added lack these two. */
  ratioToBatchedInsert?: number;
  serverCpuUsPerMessage?: number | null;
  parley: { p99Ms: number };
  rate: number;
  parleyAtRate: { p99Ms?: number; skipped?: string } | null;
  /** Reports before the moderation rules lack it. */
  rulesCpuRatio?: number | null;
}
interface CallsReport {
  setup: { p99Ms: number };
  signalling: { p99Ratio: number };
}
interface OfflineReport {
  outbox: {
    ratio: number;
    drain: { stored: { exactlyOnce: boolean; inOrder: boolean; missing: number; duplicated: number } };
  };
  pages: { storeFirstDrawMs: number; networkVsStore: number; networkVsStoreFromScript: number } & Record<
    "network" | "store" | "storeOffline",
    { p50Ms: number; fromScriptP50Ms: number; stepsP50Ms: { scriptStarted: number } }
  >;
  bundle: Record<"client" | "withOffline", { gzipBytes: number }>;
}
interface BulkSide {
  usersPerSecond: number;
  cpuUsPerUser: number;
}
interface BulkReport {
  results: Array<{ engine: string; single: BulkSide; bulk: BulkSide; ratio: number }>;
}
interface ImportReport {
  goals: Goal[];
  figures: Figure[];
}
interface ReportsReport {
  results: Array<{
    database: string;
    totals: { addUp: boolean; appReport: number };
    timed: Array<{ name: string; timings: { p99Ms: number } }>;
  }>;
}

const atLeast = (value: number | null | undefined, goal: number) => (typeof value === "number" ? value >= goal : null);
const below = (value: number | null | undefined, goal: number) => (typeof value === "number" ? value < goal : null);

export interface Bench {
  name: string;
  script: string;
  /** The flag that names the bench's own report file. */
  outFlag: string;
  /** Options the bench always runs with, before `quick`'s. */
  args?: string[];
  quick: string[];
  goals(report: unknown): Goal[];
  /** Figures to record beside the goals. */
  figures?(report: unknown): Figure[];
}

/** The `--groups` mode of bench/chat.ts on `database`, at its defaults. */
function chatGroups(name: string, database: "pglite" | "postgres"): Bench {
  return {
    name,
    script: "bench/chat.ts",
    outFlag: "--out",
    args: ["--groups", "10", "--database", database],
    quick: ["--members", "200", "--rate", "100", "--seconds", "3", "--warmup", "1"],
    goals: (report) => (report as ChatGroupsReport).goals,
    figures(report) {
      const r = report as ChatGroupsReport;
      const side = (label: string, s: GroupsSideReport): Figure[] => [
        { name: `${label} deliveries a second`, value: s.deliveriesPerSecond, unit: "/s" },
        { name: `${label} p50 send to receive`, value: s.p50Ms, unit: "ms" },
        { name: `${label} p99 send to receive`, value: s.p99Ms, unit: "ms" },
        { name: `${label} send answer p99`, value: s.sendAnswer.p99Ms, unit: "ms" },
        { name: `${label} server CPU per message`, value: s.cpuPerMessage.serverUs, unit: "µs" },
      ];
      const inServer = "in the server's figure (PGlite)";
      return [
        {
          name: "members, group size, messages a second",
          value: `${r.members}, ${r.groupSize}, ${r.ratePerSecond}`,
        },
        { name: "Parley's senders send", value: r.sendVia === "socket" ? "on their WebSocket" : "over HTTP" },
        { name: "deliveries a second expected", value: r.parley.expectedPerSecond, unit: "/s" },
        ...side("Parley", r.parley),
        { name: "Parley database CPU per message", value: r.parley.cpuPerMessage.databaseUs ?? inServer, unit: "µs" },
        {
          name: "every PostgreSQL process's CPU per message",
          value: r.parley.cpuPerMessage.allPostgresUs ?? inServer,
          unit: "µs",
        },
        ...side("Socket.IO", r.socketIo),
        {
          name: "load average at start, at end",
          value: `${r.load.start[0] ?? "–"}, ${r.load.end[0] ?? "–"}`,
        },
      ];
    },
  };
}

export const BENCHES: Bench[] = [
  {
    name: "chat",
    script: "bench/chat.ts",
    outFlag: "--out",
    quick: ["--members", "100", "--rate", "50", "--seconds", "3", "--warmup", "1"],
    goals(report) {
      const r = report as ChatReport;
      // The bench judges its own goals, which depend on its options (10,000 members, subchannels, processes,
      // memory and sign-in next to bare ws); an older report without them gets the two it always had.
      if (r.goals) return r.goals;
      return [
        { name: "deliveries vs bare ws", goal: "≥ 0.5", value: r.ratio, met: atLeast(r.ratio, 0.5) },
        {
          name: "send-to-receive p99",
          goal: "< 100 ms",
          value: r.parley?.p99Ms ?? null,
          met: below(r.parley?.p99Ms, 100),
        },
      ];
    },
  },
  chatGroups("chat-groups", "pglite"),
  chatGroups("chat-groups-postgres", "postgres"),
  {
    name: "campaign",
    script: "bench/campaign.ts",
    outFlag: "--out",
    quick: ["--recipients", "2000"],
    goals(report) {
      return (report as CampaignReport).results.flatMap((r) => [
        {
          name: `${r.database}: ${r.recipients} recipients file checked`,
          goal: "< 2 s",
          value: r.csvCheckMs,
          met: r.csvCheckMs < 2000,
        },
        // The send's goals are set for PostgreSQL at 100,000 recipients; the embedded database's are reported only.
        ...(r.database === "postgres" && r.recipients >= 100_000
          ? [
              { name: `${r.database}: whole send`, goal: "< 20 s", value: r.sendMs, met: below(r.sendMs, 20_000) },
              {
                name: `${r.database}: send vs plain bulk insert`,
                goal: "≤ 8",
                value: r.ratio,
                met: typeof r.ratio === "number" ? r.ratio <= 8 : null,
              },
            ]
          : []),
      ]);
    },
  },
  {
    name: "web",
    script: "bench/web.ts",
    outFlag: "--out",
    quick: ["--runs", "1"],
    goals(report) {
      const { pages } = report as WebReport;
      const home = pages.find((p) => p.name === "home");
      const beforePaint = pages.find((p) => p.name === "dashboard")?.weight.beforeFirstPaint?.js.gzipBytes ?? null;
      const goals: Goal[] = [
        {
          name: "home page JS gzipped",
          goal: "≤ 90 KB",
          value: home?.weight.js.gzipBytes ?? null,
          met: home ? home.weight.js.gzipBytes <= 90_000 : null,
        },
        {
          name: "dashboard JS before first paint gzipped",
          goal: "≤ 250 KB",
          value: beforePaint,
          met: beforePaint === null ? null : beforePaint <= 250_000,
        },
      ];
      for (const page of pages) {
        for (const score of ["performance", "accessibility"] as const) {
          const value = page.lighthouse?.[score] ?? null;
          goals.push({ name: `${page.name} Lighthouse ${score}`, goal: "≥ 95", value, met: atLeast(value, 95) });
        }
      }
      return goals;
    },
    figures(report) {
      const dashboard = (report as WebReport).pages.find((p) => p.name === "dashboard");
      if (!dashboard) return [];
      const { js, beforeFirstPaint, afterFirstPaint } = dashboard.weight;
      const kb = (bytes: number | undefined) => (bytes === undefined ? null : Math.round(bytes / 100) / 10);
      const metrics = dashboard.lighthouse?.metrics;
      return [
        { name: "dashboard JS gzipped, whole first load", value: kb(js.gzipBytes), unit: "KB" },
        { name: "dashboard JS files, whole first load", value: js.files },
        { name: "dashboard JS files before first paint", value: beforeFirstPaint?.js.files ?? null },
        { name: "dashboard JS gzipped after first paint", value: kb(afterFirstPaint?.js.gzipBytes), unit: "KB" },
        { name: "dashboard Lighthouse runs", value: dashboard.lighthouse?.runs.join(", ") ?? null },
        { name: "dashboard FCP", value: metrics?.fcpMs ?? null, unit: "ms" },
        { name: "dashboard LCP", value: metrics?.lcpMs ?? null, unit: "ms" },
        { name: "dashboard TBT", value: metrics?.tbtMs ?? null, unit: "ms" },
        { name: "dashboard CLS", value: metrics?.cls ?? null },
      ];
    },
  },
  {
    name: "api",
    script: "bench/api.ts",
    outFlag: "--out",
    quick: ["--seconds", "3", "--warmup", "1"],
    goals(report) {
      const r = report as ApiReport;
      return [
        { name: "req/s vs bare Fastify", goal: "≥ 0.3", value: r.ratio, met: atLeast(r.ratio, 0.3) },
        { name: "GET /api/apps/:id p99", goal: "< 10 ms", value: r.parley.p99Ms, met: below(r.parley.p99Ms, 10) },
      ];
    },
  },
  {
    name: "ws-flood",
    script: "bench/ws-flood.ts",
    outFlag: "--out",
    quick: ["--seconds", "3", "--frames", "1000"],
    goals(report) {
      const r = report as WsFloodReport;
      return [
        {
          name: "health p99 during a frame flood",
          goal: "< 100 ms",
          value: r.flood.health.p99Ms,
          met: r.flood.failedProbes === 0 && below(r.flood.health.p99Ms, 100),
        },
      ];
    },
  },
  {
    name: "reports",
    script: "bench/reports.ts",
    outFlag: "--out",
    quick: ["--iterations", "20", "--warmup", "5"],
    goals(report) {
      return (report as ReportsReport).results.flatMap((r) => [
        { name: `${r.database}: year totals`, goal: "= 10^9", value: r.totals.appReport, met: r.totals.addUp },
        ...r.timed.map((t) => ({
          name: `${r.database}: ${t.name} p99`,
          goal: "< 20 ms",
          value: t.timings.p99Ms,
          met: below(t.timings.p99Ms, 20),
        })),
      ]);
    },
  },
  {
    name: "send",
    script: "bench/send.ts",
    outFlag: "--out",
    quick: ["--senders", "50", "--seconds", "3", "--warmup", "1", "--rate", "100"],
    goals(report) {
      const r = report as SendReport;
      return [
        { name: "messages/s vs raw insert", goal: "≥ 0.5", value: r.ratio, met: atLeast(r.ratio, 0.5) },
        {
          name: "messages/s vs batched insert",
          goal: "≥ 0.3",
          value: r.ratioToBatchedInsert ?? null,
          met: atLeast(r.ratioToBatchedInsert, 0.3),
        },
        {
          name: "server CPU per message",
          goal: "≤ 150 µs",
          value: r.serverCpuUsPerMessage ?? null,
          met: typeof r.serverCpuUsPerMessage === "number" ? r.serverCpuUsPerMessage <= 150 : null,
        },
        {
          name: "server CPU per message with 20 moderation rules vs none",
          goal: "≤ 1.2×",
          value: r.rulesCpuRatio ?? null,
          met: typeof r.rulesCpuRatio === "number" ? r.rulesCpuRatio <= 1.2 : null,
        },
        {
          name: `send p99, ${r.senders} senders`,
          goal: "< 50 ms",
          value: r.parley.p99Ms,
          met: below(r.parley.p99Ms, 50),
        },
        {
          // What a user waits at a set load; the closed loop's p99 is bound to senders over rate (Little's law).
          name: `send p99 at ${r.rate}/s on a schedule`,
          goal: "< 50 ms",
          value: r.parleyAtRate?.p99Ms ?? r.parleyAtRate?.skipped ?? null,
          met: below(r.parleyAtRate?.p99Ms, 50),
        },
      ];
    },
  },
  {
    name: "unread",
    script: "bench/unread.ts",
    outFlag: "--out",
    quick: ["--messages", "100000", "--iterations", "20", "--warmup", "5"],
    goals(report) {
      return (report as UnreadReport).results.flatMap((r) =>
        r.timed
          .filter((t) => t.judged)
          .map((t) => ({
            name: `${r.database}: ${t.name} p99`,
            goal: "< 50 ms",
            value: t.timings.p99Ms,
            met: below(t.timings.p99Ms, 50),
          })),
      );
    },
  },
  {
    name: "calls",
    script: "bench/calls.ts",
    outFlag: "--out",
    quick: ["--calls", "3", "--warmup", "1", "--signals", "50"],
    goals(report) {
      const r = report as CallsReport;
      return [
        { name: "call set-up p99", goal: "< 1000 ms", value: r.setup.p99Ms, met: below(r.setup.p99Ms, 1000) },
        {
          name: "signalling p99 vs bare ws relay",
          goal: "≤ 2",
          value: r.signalling.p99Ratio,
          met: typeof r.signalling.p99Ratio === "number" ? r.signalling.p99Ratio <= 2 : null,
        },
      ];
    },
  },
  {
    name: "offline",
    script: "bench/offline.ts",
    outFlag: "--out",
    quick: [
      "--messages",
      "100",
      "--warmup",
      "20",
      "--channels",
      "10",
      "--channel-messages",
      "10",
      "--network-loads",
      "2",
      "--store-loads",
      "2",
    ],
    goals(report) {
      const { outbox, pages } = report as OfflineReport;
      const stored = outbox.drain.stored;
      return [
        {
          name: "store first draw",
          goal: "< 100 ms",
          value: pages.storeFirstDrawMs,
          met: below(pages.storeFirstDrawMs, 100),
        },
        { name: "store vs network", goal: "≥ 3", value: pages.networkVsStore, met: atLeast(pages.networkVsStore, 3) },
        { name: "outbox drain vs online sends", goal: "≥ 0.8", value: outbox.ratio, met: atLeast(outbox.ratio, 0.8) },
        {
          name: "every queued message stored once, in order",
          goal: "= expected",
          value:
            stored.exactlyOnce && stored.inOrder
              ? "all"
              : `${stored.missing} missing, ${stored.duplicated} duplicated${stored.inOrder ? "" : ", out of order"}`,
          met: stored.exactlyOnce && stored.inOrder,
        },
      ];
    },
    figures(report) {
      const { pages, bundle } = report as OfflineReport;
      const loads = Object.entries({
        "from the network": pages.network,
        "from the store": pages.store,
        "from the store, offline": pages.storeOffline,
      });
      const ms = (name: string, value: number) => ({ name, value, unit: "ms" });
      return [
        ...loads.map(([name, l]) => ms(`first draw ${name}, from navigation`, l.p50Ms)),
        ...loads.map(([name, l]) => ms(`first draw ${name}, from script start`, l.fromScriptP50Ms)),
        ...loads.map(([name, l]) =>
          ms(`page and script load before the script starts, ${name}`, l.stepsP50Ms.scriptStarted),
        ),
        { name: "store vs network from script start", value: pages.networkVsStoreFromScript },
        { name: "SDK client bundle, gzipped", value: bundle.client.gzipBytes, unit: "B" },
        { name: "with the offline layer, gzipped", value: bundle.withOffline.gzipBytes, unit: "B" },
      ];
    },
  },
  {
    name: "bulk",
    script: "bench/bulk.ts",
    outFlag: "--out",
    quick: ["--single", "200", "--bulk", "2000"],
    goals(report) {
      return (report as BulkReport).results.map((r) => ({
        name: `${r.engine}: users a second, bulk vs single calls`,
        goal: "≥ 20",
        value: r.ratio,
        met: atLeast(r.ratio, 20),
      }));
    },
    figures(report) {
      return (report as BulkReport).results.flatMap((r) => [
        { name: `${r.engine}: single calls`, value: r.single.usersPerSecond, unit: "/s" },
        { name: `${r.engine}: bulk calls of 100`, value: r.bulk.usersPerSecond, unit: "/s" },
        { name: `${r.engine}: CPU per user, single`, value: r.single.cpuUsPerUser, unit: "µs" },
        { name: `${r.engine}: CPU per user, bulk`, value: r.bulk.cpuUsPerUser, unit: "µs" },
      ]);
    },
  },
  {
    // The bench judges its own goals (only at the goal's size, on a machine quiet at the upload).
    name: "import",
    script: "bench/import.ts",
    outFlag: "--out",
    quick: ["--quick"],
    goals: (report) => (report as ImportReport).goals,
    figures: (report) => (report as ImportReport).figures,
  },
];
