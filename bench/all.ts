/**
 * Every benchmark of bench/benches.ts in turn (chat fan-out, chat in small groups on PGlite and on PostgreSQL, bulk
 * messages, web first load, API, WebSocket flood, usage reports, many senders, unread counts, calls, the SDK's
 * offline layer), each as its own process as its own script runs it, then one report: `.reports/bench.json` with
 * each benchmark's report, its goals and whether each is met, and a short table on stdout (the benchmarks' progress
 * goes to stderr). Each benchmark still writes its own `.reports/bench-*.json`.
 *
 *   npm run bench [-- --quick] [-- --only api,reports]
 *
 * `--quick` is a smoke run: small sizes and short runs, written under `.reports/quick/` so that it does not
 * overwrite the figures of a full run. Its figures say the benches work, not whether the goals are met, since the
 * goals are set for the full sizes. A benchmark that fails is recorded as failed and the rest still run; the exit
 * code is then 1. The environment passes through: BENCH_DATABASE_URL names the PostgreSQL server every benchmark
 * creates its scratch databases on.
 *
 * A goal is judged only from a run that had the machine to itself: when the one-minute load average at a
 * benchmark's start (its report's `load.start`, else the load when it was started) is above 1.5, its goals are
 * reported "not judged" with that load, never "met", since other work shared the cores the figures depend on.
 * Before each benchmark the run waits for the one-minute load to fall under `SETTLE_LOAD` (1.0), at most
 * `--settle-seconds` (300; 0 with `--quick`): otherwise every benchmark after the first would start on the load the
 * one before left, and be judged on none of its goals.
 *
 * A full run (not `--quick`) also records each benchmark that ran to its end in `bench/results.json`, which is
 * committed and from which `npm run bench:page` writes docs/benchmarks.md: its date, its load at start and at end,
 * its goals and the figures it reports beside them (`figures` in bench/benches.ts).
 * A benchmark that failed keeps the figures of its last good run there, and so do the benchmarks `--only` left out.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { BENCHES, type Bench, type Figure, type Goal } from "./benches";
import { waitForQuiet } from "./quiet";
import { loadAverage, loadReport, MAX_START_LOAD, machine } from "./support";

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    /** Comma-separated names of the benchmarks to run, in the usual order. */
    only: { type: "string" },
    /** Longest wait, before each benchmark, for the machine's load to settle. */
    "settle-seconds": { type: "string" },
  },
});
/** The one-minute load each benchmark waits for, with room under `MAX_START_LOAD` for its own start-up. */
const SETTLE_LOAD = 1.0;
const settleSeconds = Number(args["settle-seconds"] ?? (args.quick ? 0 : 300));
if (!(settleSeconds >= 0)) throw new Error(`--settle-seconds takes a number of seconds, not ${args["settle-seconds"]}`);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = args.quick ? ".reports/quick" : ".reports";

interface Outcome {
  /** When the benchmark started. */
  at: string;
  status: "ok" | "failed";
  exitCode: number | null;
  seconds: number;
  /** One-minute load average when the benchmark started, from its report when it gives one. */
  loadAtStart: number;
  /** One-minute load average when its report was written, when the report gives it. */
  loadAtEnd: number | null;
  /** Seconds waited before it for the load to settle. */
  waitedSeconds: number;
  out: string;
  report: unknown;
  goals: Goal[];
  figures: Figure[];
  error: string | null;
}

/** Runs one bench; its stdout (its report again) is dropped, its progress and logs pass on stderr. */
async function runBench(bench: Bench): Promise<Outcome> {
  const out = path.join(outDir, `bench-${bench.name}.json`);
  const argv = [
    "--import",
    "tsx",
    bench.script,
    bench.outFlag,
    out,
    ...(bench.args ?? []),
    ...(args.quick ? bench.quick : []),
  ];
  process.stderr.write(`\n== ${bench.name}: node ${argv.join(" ")}\n`);
  // The load the wait ended on is the one the benchmark is spawned at.
  const { waitedSeconds, load: loadAtSpawn } = await waitForQuiet({
    below: SETTLE_LOAD,
    maxSeconds: settleSeconds,
    load: () => loadAverage()[0],
    onWait: (load) =>
      process.stderr.write(
        `load average ${load}: waiting up to ${settleSeconds} s for it to fall under ${SETTLE_LOAD}\n`,
      ),
  });
  const started = Date.now();
  const child = spawn(process.execPath, argv, { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  const exitCode = await new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const seconds = Math.round((Date.now() - started) / 1000);
  // A report older than this run is a previous run's: it says nothing about this one.
  const written = await fs.stat(path.join(root, out)).catch(() => null);
  const report: unknown =
    written && written.mtimeMs >= started ? JSON.parse(await fs.readFile(path.join(root, out), "utf8")) : null;
  let goals: Goal[] = [];
  let figures: Figure[] = [];
  let error: string | null = exitCode === 0 ? null : `exited with code ${exitCode}`;
  if (report) {
    try {
      goals = bench.goals(report);
      figures = bench.figures?.(report) ?? [];
    } catch (err) {
      error = `its report could not be read for goals: ${err instanceof Error ? err.message : String(err)}`;
    }
  } else {
    error ??= "wrote no report";
  }
  const load = (report as { load?: { start?: number[]; end?: number[] } } | null)?.load;
  const reported = load?.start?.[0];
  const loadAtStart = typeof reported === "number" ? reported : loadAtSpawn;
  const loadAtEnd = load?.end?.[0] ?? null;
  if (loadAtStart > MAX_START_LOAD) goals = goals.map((g) => notJudged(g, loadAtStart));
  const at = new Date(started).toISOString();
  return {
    at,
    status: error ? "failed" : "ok",
    exitCode,
    seconds,
    loadAtStart,
    loadAtEnd,
    waitedSeconds,
    out,
    report,
    goals,
    figures,
    error,
  };
}

/** Merges the benchmarks that ran to their end into `bench/results.json`, keeping the entries of the others. */
async function recordResults(ran: Record<string, Outcome>): Promise<void> {
  const file = path.join(root, "bench/results.json");
  const previous: { benchmarks?: Record<string, unknown> } = await fs.readFile(file, "utf8").then(
    (text) => JSON.parse(text),
    () => ({}),
  );
  const latest = Object.entries(ran)
    .filter(([, o]) => o.status === "ok")
    .map(([name, { at, loadAtStart, loadAtEnd, goals, figures }]) => [
      name,
      { at, loadAtStart, loadAtEnd, goals, ...(figures.length > 0 ? { figures } : {}) },
    ]);
  const benchmarks = { ...previous.benchmarks, ...Object.fromEntries(latest) };
  await fs.writeFile(file, `${JSON.stringify({ machine: machine(), benchmarks }, null, 2)}\n`);
}

/** A goal measured on a busy machine: its value stays, but it is neither met nor missed. */
function notJudged(goal: Goal, load: number): Goal {
  if (goal.met === null) return goal;
  const was = goal.met ? "met" : "missed";
  return { ...goal, met: null, notJudged: `load average ${load} at start (> ${MAX_START_LOAD}); it would be ${was}` };
}

const selected = args.only ? args.only.split(",").map((name) => name.trim()) : BENCHES.map((b) => b.name);
const unknown = selected.filter((name) => !BENCHES.some((b) => b.name === name));
if (unknown.length > 0) throw new Error(`unknown benchmarks ${unknown.join(", ")}`);

const started = Date.now();
await fs.mkdir(path.join(root, outDir), { recursive: true });
const outcomes: Record<string, Outcome> = {};
for (const bench of BENCHES.filter((b) => selected.includes(b.name))) outcomes[bench.name] = await runBench(bench);

const goals = Object.values(outcomes).flatMap((o) => o.goals);
const summary = {
  benchmarks: Object.keys(outcomes).length,
  failed: Object.entries(outcomes)
    .filter(([, o]) => o.status === "failed")
    .map(([name]) => name),
  goalsMet: goals.filter((g) => g.met === true).length,
  goalsMissed: goals.filter((g) => g.met === false).length,
  goalsNotMeasured: goals.filter((g) => g.met === null && !g.notJudged).length,
  goalsNotJudged: goals.filter((g) => g.notJudged).length,
};
const report = {
  benchmark: "all",
  at: new Date().toISOString(),
  machine: machine(),
  quick: args.quick,
  seconds: Math.round((Date.now() - started) / 1000),
  summary,
  benchmarks: outcomes,
  load: loadReport(),
};
await fs.writeFile(path.join(root, outDir, "bench.json"), `${JSON.stringify(report, null, 2)}\n`);
if (!args.quick) await recordResults(outcomes);

const rows = Object.entries(outcomes).flatMap(([name, o]) =>
  o.status === "failed"
    ? [[name, o.error ?? "failed", "", "", "FAILED"]]
    : o.goals.map((g) => [
        name,
        g.name,
        g.goal,
        String(g.value ?? "–"),
        g.notJudged ? `not judged: load ${o.loadAtStart} at start` : g.met === null ? "–" : g.met ? "met" : "missed",
      ]),
);
const header = ["bench", "figure", "goal", "value", "met"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
process.stdout.write(
  `${args.quick ? "Quick run: small sizes, so the goals' own conditions are not met; the figures check that the benches work.\n" : ""}` +
    `${[line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n")}\n` +
    `\n${path.join(outDir, "bench.json")}: ${summary.goalsMet} goals met, ${summary.goalsMissed} missed, ` +
    `${summary.goalsNotMeasured} not measured, ${summary.goalsNotJudged} not judged (load average above ` +
    `${MAX_START_LOAD} at start), ${summary.failed.length} benchmarks failed\n`,
);
process.exit(summary.failed.length > 0 ? 1 : 0);
