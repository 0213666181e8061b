/**
 * Writes docs/benchmarks.md from bench/results.json: each benchmark's latest recorded figures and goals, with what it
 * measures and how to run it again, from the descriptions below. `npm run bench` records its benchmarks in that file
 * (bench/all.ts); runs it does not make are entered there from the bench's own report.
 *
 *   node --import tsx scripts/bench-page.ts [--check]
 *
 * `--check` writes nothing and exits 1 when docs/benchmarks.md is not what the results make of it.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** One goal as bench/all.ts judges it. */
export interface BenchGoal {
  name: string;
  goal: string;
  value: number | string | null;
  /** Null when not measured, or not judged because the machine was busy at the benchmark's start. */
  met: boolean | null;
  /** Why `met` is null although the value was measured. */
  notJudged?: string;
}

/** A figure a benchmark reports beside its goals (bench/benches.ts), with its unit. */
export interface BenchFigure {
  name: string;
  value: number | string | null;
  unit?: string;
}

export interface BenchResult {
  /** When the benchmark ran: an ISO date, with the time when `npm run bench` recorded it. */
  at: string;
  /** The one-minute load average at its start; null when the run did not record it. */
  loadAtStart: number | null;
  /** The one-minute load average when its report was written; absent from older records. */
  loadAtEnd?: number | null;
  goals: BenchGoal[];
  figures?: BenchFigure[];
}

export interface BenchResults {
  machine: { cpus: number; node: string };
  benchmarks: Record<string, BenchResult>;
}

interface Description {
  /** The key in bench/results.json. */
  name: string;
  title: string;
  /** The command that runs it again. */
  command: string;
  /** Whether `npm run bench` runs it (and so records it). */
  inBenchAll: boolean;
  measures: string;
  goals: string;
}

/** Every benchmark the page shows, in its order. */
export const BENCHMARKS: readonly Description[] = [
  {
    name: "chat",
    title: "Chat fan-out",
    command: "npm run bench:chat",
    inBenchAll: true,
    measures:
      "One super group of 1,000 connected members; messages are sent through `POST /v1/channels/{id}/messages` at 100 a second for 10 s after 2 s of warm-up, and every member's socket records the time from send to receipt. Beside it, in the same run, a bare `ws` server does the same work on the way out: frames of the byte size Parley's `message.created` frame had, built once and written through Parley's own write window. Parley, the bare server, the sender and the receivers are each a process of their own; the sender stamps each message and the receivers measure against that stamp, so a server that falls behind shows it in its latency. Both sides also report the time to open and sign in every socket, memory per socket (RSS and heap after a full collection, once the sockets have been idle 3 s, grown over the last nine tenths of the sockets: the first tenth's sign-ins also compile the code and fill the caches the rest only use) and how long the sends took to be answered (`sendAnswer`, the part of the latency before the fan-out). It runs on PostgreSQL when `BENCH_DATABASE_URL` is set (`--database pglite|postgres`). Options: `--members`, `--rate`, `--seconds`, `--subchannels`, `--processes N`, `--mix`; `--groups M` is the small-groups run below.",
    goals:
      "p99 from send to receipt under 100 ms; every message reaches every socket; at least half the bare server's deliveries a second; opening and signing in every socket within 2× the bare server's time; memory per socket within 1.5× the bare server's. The bare server's own tail in the same run says how much of a tail is the machine's: when it is near the goal itself, the run measured the machine.",
  },
  {
    name: "chat-10000",
    title: "Chat fan-out at 10,000 members",
    command: "npm run bench:chat -- --members 10000 --rate 10 --database postgres",
    inBenchAll: false,
    measures:
      "The chat fan-out with 10,000 members at 10 messages a second. Set-up goes through the public API (three chat calls per member, invites of 100) and takes about three minutes; the receivers run one process per 5,000 sockets.",
    goals: "p99 under 250 ms; the other goals as in the default run.",
  },
  {
    name: "chat-subchannels",
    title: "Chat fan-out in subchannels",
    command: "npm run bench:chat -- --members 10000 --rate 30 --subchannels --database postgres",
    inBenchAll: false,
    measures:
      "10,000 members in a super group split into subchannels of 3,000 (3,000 + 3,000 + 3,000 + 1,000), one sender per subchannel, the 30 messages a second spread over them; the bare server sends each message to a group of the same size. Every message must reach exactly its own subchannel's sockets.",
    goals:
      "p99 under 100 ms; the other goals as in the default run. At about 7.5 messages a second per subchannel a 25 ms write window seldom holds two frames for one socket, so each delivery is a system call on both servers, and the machine's state moves the tail by tens of milliseconds: the ratio to the bare server's p99 is the steadier figure.",
  },
  {
    name: "chat-processes",
    title: "Chat fan-out over two processes",
    command: "npm run bench:chat -- --members 10000 --rate 10 --processes 2 --database postgres",
    inBenchAll: false,
    measures:
      "The 10,000 members and their sessions spread over two Parley processes joined by Redis (`BENCH_REDIS_URL`, else the local server), after the same run on one process. `processRatio` is the two processes' deliveries a second over the one process's.",
    goals:
      "at least 0.9 of one process's deliveries a second, every message to every socket; the one-process run's goals as at 10,000 members.",
  },
  {
    name: "chat-mix",
    title: "Mixed chat workload",
    command: "npm run bench:chat -- --mix --database postgres",
    inBenchAll: false,
    measures:
      "The default run's members and rate, with Parley's side a mix: of every 100 operations, 70 messages, 15 reactions, 10 typing starts and 5 edits, spread evenly. Messages and edits come from the app's API key, reactions from one member (to the newest answered message with fewer than 10), typing from members in turn on sockets of the sender's own, each typist's starts 4 s apart so every one is announced. Messages and edits carry their send time; for reactions and typing the sender keeps the time each left and the receivers report arrivals, on the one machine's clock. The bare server still broadcasts plain messages at the same rate: the ceiling the mixed deliveries a second are compared with.",
    goals: "at least half the bare deliveries a second, and p99 under 100 ms for each kind of event.",
  },
  {
    name: "chat-groups",
    title: "Chat in small groups",
    command: "npm run bench:chat -- --groups 10",
    inBenchAll: true,
    measures:
      "5,000 connected members in 500 channels of 10, on the embedded database (PGlite); one member of each channel sends, the 500 senders sharing 1,000 messages a second for 20 s after 2 s of warm-up, so 10,000 deliveries a second are expected. Each sender sends on its WebSocket (`message.send`, answered by an `ack` frame), as the SDK does once its link is open and as a Socket.IO client emits on its own; `--send http` sends through `POST /v1/channels/{id}/messages` instead. Beside it, in the same run, a Socket.IO 4.8 server in a process of its own does the same shape as a Socket.IO chat relay does it: a room per channel, each sender emitting through the server to its room, which stores nothing; its events are padded to the byte size of Parley's `message.created` frame, and the same receivers (speaking each protocol on the bare TCP stream) measure both. The figure that judges it is the CPU a message costs, read from /proc over the measured window (first measured send to last delivery): Parley's server process (with PGlite, the database runs inside it) against the Socket.IO server's. Also reported: deliveries a second against the expected, p50 and p99 from send to receipt, the sends' answer p99, and the load average at start and end. Options: `--members`, `--groups` (members of each channel), `--rate`, `--seconds`, `--send`.",
    goals:
      "Parley's server and database at most the Socket.IO server's CPU per message; p99 from send to receipt under 100 ms; every message to every member.",
  },
  {
    name: "chat-groups-postgres",
    title: "Chat in small groups on PostgreSQL",
    command: "npm run bench:chat -- --groups 10 --database postgres",
    inBenchAll: true,
    measures:
      "The same run on PostgreSQL (a scratch database on `BENCH_DATABASE_URL`, else the local server). The database's CPU per message is the sum over the backends serving the bench's database (found by `pg_stat_activity`), added to the server's; every PostgreSQL process's, WAL writer and checkpointer included, is reported beside it.",
    goals: "as on PGlite, with the database's CPU counted in Parley's.",
  },
  {
    name: "campaign",
    title: "Bulk messages",
    command: "npm run bench:campaign",
    inBenchAll: true,
    measures:
      "One campaign to 100,000 recipients, on the embedded database and on PostgreSQL. The recipient file has a BOM, CRLF line ends and Korean text in a second column (2.7 MB); the upload time covers reading the multipart request, checking every row against the app's users and storing the recipients and exclusions. The send runs through the message pipeline in batches of 1,000, each in one transaction; on PostgreSQL the next two batches are read while one is stored. Each recipient costs what a chat message costs: a brand channel and its member, the message with its events for real time, webhooks and push, the day's counters and the recipient's mark. The floor is a plain `insert … select` of as many rows into `messages`, 5,000 per statement, in the same database and run; it pays for the search grams too. `--csv-only` measures the upload alone.",
    goals:
      "the file checked in under 2 s on both databases; on PostgreSQL the whole send under 20 s and at most 8× the plain insert. The embedded database's send is reported, not judged. The floor grew with the search grams, so the send's time says more than its ratio.",
  },
  {
    name: "send",
    title: "Many senders",
    command: "npm run bench:send",
    inBenchAll: true,
    measures:
      "200 chat users each send in their own channel of 5 members, in a closed loop (the next send when the previous one is answered) for 20 s after a 3 s warm-up, on PostgreSQL, next to the same database's raw capacity from as many clients through a pool of the server's size: a plain single-row insert of a message-like row, the same insert plus one shared per-app counter row, and the same rows gathered into multi-row inserts as Parley's send path gathers concurrent sends (those waiting when a statement can start, at most 200, one statement at a time). The senders speak HTTP/1.1 over `node:net` themselves, which takes a fraction of what `node:http` would from the cores being measured; `senderCeiling` is the same senders against a bare HTTP server. The report also times the senders at a fixed 3,000 sends a second once the closed loop reaches that rate, and gives the CPU a message costs (`cpuPerMessage`: the server's and the whole machine's), which moves far less from run to run than the rate. The closed loop then runs again with 20 moderation rules switched on (14 keyword rules holding 1,000 keywords, a deny list of 100 domains, mentions, capitals, a new-user rule, and a repeat and a flood rule, none of which fires on the bench's texts), then the fixed rate with them on, and the closed loop once more with them off; `rulesCpuRatio` is the server's CPU per message in the rules' loop over the mean of the two loops without them, before and after, so that what changes over the minute between the loops (the table's size, the machine's other work) weighs on both sides, and `rulesCpuRatioAtRate` (reported) is the same at the fixed rate, where fewer sends share each statement.",
    goals:
      "at least half the raw insert's rate; at least 0.3 of the batched insert's with the server's CPU at most 150 µs a message; the rules' CPU per message at most 1.2 times none; p99 under 50 ms in the closed loop and at the fixed rate. With 200 senders in a closed loop the mean wait is 200 over the rate (Little's law), so a closed-loop p99 under 50 ms needs more than about 6,000 sends a second; the fixed rate shows what a user waits at a set load.",
  },
  {
    name: "api",
    title: "API",
    command: "npm run bench:api",
    inBenchAll: true,
    measures:
      "An authenticated `GET /api/apps/:id` on PostgreSQL against a bare Fastify server with one route answering the same 129-byte body, in the same run: autocannon with 50 connections, 2 s of warm-up left out, then 10 s measured, first the bare server, then Parley, each in a process of its own. The account's rate limit is off, and any answer other than 2xx fails the run. Options: `--connections`, `--seconds`, `--warmup`, `--database-url`.",
    goals:
      "at least 30 % of the bare route's requests a second, and p99 under 10 ms at 50 connections. With 50 requests always in flight the mean latency is 50 over the rate, so the p99 follows the machine's speed.",
  },
  {
    name: "web",
    title: "Web first load",
    command: "npm run bench:web",
    inBenchAll: true,
    measures:
      "The built web app served by the real server: `/intro` logged out and `/dashboard` logged in, each loaded in a fresh browser until the network is idle. It reports the JS and CSS bytes (as transferred, compressed where the server compresses) and Lighthouse's desktop performance and accessibility scores (median of three runs), with FCP, LCP, TBT and CLS. It keeps an ordinary account and the production rate limit, as a new customer meets them.",
    goals:
      "the home page's gzipped JS at most 90 KB; the dashboard's gzipped JS requested before its first contentful paint (the boot screen; paint timing and resource timing in the page) at most 250 KB, whatever loads after it reported beside; Lighthouse performance and accessibility at least 95 on desktop for both pages.",
  },
  {
    name: "ws-flood",
    title: "WebSocket flood",
    command: "npm run bench:ws-flood",
    inBenchAll: true,
    measures:
      "While a dashboard view's 4 sockets each send bursts of 5,000 `subscribe` frames for made-up channels (each would be a database lookup) and reconnect at once whenever they are closed, `GET /api/health` is probed every 20 ms, open loop, and its p99 compared with the same probe on the idle server just before. The server runs in its own process on PostgreSQL with the production rate limit (20 a second): the limit is what is measured. The first 2 s of the flood are reported on their own and left out. `--unlimited` floods a second server with the limit off, for comparison.",
    goals: "the health check's p99 under 100 ms during the flood.",
  },
  {
    name: "reports",
    title: "Usage reports",
    command: "npm run bench:reports",
    inBenchAll: true,
    measures:
      "An app with a year of daily counters totalling 10^9 messages, seeded with one SQL insert, on the embedded database and on PostgreSQL; the server runs in the bench's process with its jobs and the rate limit off. Timed 200 times each after 20: the app's report for the year over HTTP and as the service call alone, and the account's overview of every app over HTTP. Before timing, the bench checks that the table's sum and both reports' totals are exactly 10^9; it also records the reports of a second app totalling 2^31 − 1 + 365 messages, past what a 32-bit sum holds.",
    goals: "a year's report in under 20 ms (p99) on both databases, with exact totals.",
  },
  {
    name: "unread",
    title: "Unread counts",
    command: "npm run bench:unread",
    inBenchAll: true,
    measures:
      "One reader in 1,000 channels holding 10^6 messages, on the embedded database and on PostgreSQL. Set-up goes through the chat API except the messages, which are inserted with SQL while the counters are moved as the product's store statement moves them; the reader then marks every other channel read halfway through the API, and every channel's counts are checked before anything is timed. Timed 200 times each after 20: each page of `GET /v1/channels?scope=mine&limit=100`, the walk of all 10 pages (reported, not judged) and `GET /v1/me/unread`.",
    goals: "p99 under 50 ms for each request.",
  },
  {
    name: "calls",
    title: "Calls",
    command: "npm run bench:calls",
    inBenchAll: true,
    measures:
      "Two Chromium pages with a fake camera and microphone, signed in as guests of one app (PGlite unless `--database postgres`): page A calls B with video twenty times after two left out; B accepts at once, and A hangs up once B has painted A's first frame. Set-up is from `accept()` on B to that first frame: B's media, the ICE servers, offer, answer and candidates through the server, ICE and DTLS, the first decoded frame. Signalling is 1,000 `call.signal` frames of 3,000 bytes (an SDP's size), one at a time between the parties of an accepted call, after 200 left out, next to a bare `ws` relay in a process of its own that forwards the same frames.",
    goals:
      "call set-up p99 under 1 s on loopback; signalling p99 within 2× the bare relay's. Most of the set-up is the browsers' own work; the signalling is what is in Parley's hands.",
  },
  {
    name: "search",
    title: "Message search",
    command: "npm run bench:search -- --messages 10000000",
    inBenchAll: false,
    measures:
      "Two apps made through the product's APIs (50 senders, 200 channels each), their messages written with SQL (3 to 10 words each, about two in three Korean, common words more often; the product's trigger makes each message's n-grams), the GIN index built after the fill; then the dashboard's `GET /api/apps/{id}/messages/search?q=` is timed 200 times after 20 for three queries: a common two-syllable Korean word, part of an English word in another case, and a rare word (one message in 100,000). The second app holds a tenth as many messages of the same words, so both apps' grams share the index. Every answer is checked to hold only the app's messages containing the query. PostgreSQL only. The fill and the index build load the machine themselves, so the report also records the load when the queries start (`loadAtQueries`); at 10^7 messages the fill takes about half an hour.",
    goals: "p99 under 300 ms, stated at 10^7 messages; smaller runs report against it without judging it.",
  },
  {
    name: "offline",
    title: "SDK offline layer",
    command: "npm run bench:offline",
    inBenchAll: true,
    measures:
      "The SDK's offline entry. Outbox drain: one user queues 1,000 messages over 20 channels while a TCP proxy in front of the server is cut, then the proxy is restored and the time until every item is stored is set against the same client sending 1,000 messages online one after another (the outbox sends one at a time, in order), with the server's CPU time per message for each; every message is checked stored once, in order. First draw in Chromium: a page that resumes a session with `offline({ storage: indexedDbStorage() })` and draws the user's 50 channels (50 messages each) from `watchChannels`; the time from navigation to the list drawn on a first visit (from the network), on reloads (from the store) and on reloads with the browser offline. Beside it, the same draws timed from the moment the page's script begins to run (fetched and compiled, before the SDK's modules run), and the time before that moment: the page's and the script's own load, which both paths share and which bounds the ratio from navigation. Bundle sizes: the client alone and with the offline layer, minified and gzipped.",
    goals:
      "From the store under 100 ms and at least 3 times faster than from the network; the outbox drain at least 0.8 of online sends; every message once.",
  },
  {
    name: "sdk-size",
    title: "SDK size",
    command: "npm run size:compare -w packages/sdk",
    inBenchAll: false,
    measures:
      "What the SDK adds to a web app: the package installed from its packed tarball into an empty folder, a one-line import of its client bundled by esbuild (bundle, minify, ESM, browser) and gzipped at level 9. The same command measures `stream-chat` and `@sendbird/chat`, installed from the registry, the same way for comparison; KB here are 1,024 bytes.",
    goals: "at most 20 KB gzipped, which `packages/sdk/test/published-package.test.ts` holds on every test run.",
  },
];

const numbers = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });

/**
 * A goal's value in the unit its goal names: bench/all.ts keeps times in milliseconds (also for goals stated in
 * seconds; CPU per operation in microseconds) and sizes in bytes of 1,000.
 */
export function formatValue(goal: BenchGoal): string {
  const { value } = goal;
  if (value === null) return "–";
  if (typeof value === "string") return value;
  if (/ µs$/.test(goal.goal)) return `${numbers.format(value)} µs`;
  if (/ ms$/.test(goal.goal)) return `${numbers.format(value)} ms`;
  if (/ s$/.test(goal.goal)) return `${numbers.format(value / 1000)} s`;
  if (/ KB$/.test(goal.goal)) return `${numbers.format(value / 1000)} KB`;
  return numbers.format(value);
}

/** A reported figure's value with its unit. */
export function formatFigure(figure: BenchFigure): string {
  const { value, unit } = figure;
  if (value === null) return "–";
  if (typeof value === "string") return value;
  return unit ? `${numbers.format(value)} ${unit}` : numbers.format(value);
}

export function verdict(goal: BenchGoal): string {
  if (goal.notJudged) return `not judged: ${goal.notJudged}`;
  if (goal.met === null) return "not measured";
  return goal.met ? "met" : "**missed**";
}

const loads = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 2 });
const loadText = (load: number | null) => (load === null ? "not recorded" : loads.format(load));

/** A word that would turn a wrapped line into a list item, a heading, a quote or a table row. */
const BLOCK_START = /^([-+*>|]|#+|\d+[.)])$/;

/** Breaks a paragraph into lines of at most `width` characters, as the other docs are written. */
export function wrapParagraph(text: string, width = 120): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && `${line} ${word}`.length > width && !BLOCK_START.test(word)) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines.join("\n");
}

/** A Markdown table with its columns padded, as the other docs write them. */
function table(header: string[], rows: string[][]): string {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const all = [header, ...rows].map((row) => row.map(cell));
  const widths = header.map((_, i) => Math.max(3, ...all.map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const [head = [], ...body] = all;
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

function counts(result: BenchResult) {
  const judged = (g: BenchGoal) => !g.notJudged;
  return {
    met: result.goals.filter((g) => judged(g) && g.met === true).length,
    missed: result.goals.filter((g) => judged(g) && g.met === false).length,
    notJudged: result.goals.filter((g) => g.notJudged).length,
  };
}

function section(description: Description, result: BenchResult | undefined): string {
  const lines = [`## ${description.title}`, "", wrapParagraph(description.measures), ""];
  lines.push(
    wrapParagraph(
      `Run it again: \`${description.command}\`${description.inBenchAll ? " (also part of `npm run bench`)" : ""}.`,
    ),
    "",
  );
  if (result) {
    const atEnd = typeof result.loadAtEnd === "number" ? `, ${loadText(result.loadAtEnd)} at end` : "";
    const load =
      result.loadAtStart === null
        ? "load average not recorded"
        : `load average ${loadText(result.loadAtStart)} at start${atEnd}`;
    lines.push(`Last recorded run: ${result.at.slice(0, 10)}, ${load}.`);
    lines.push("");
    lines.push(
      table(
        ["figure", "goal", "value", "verdict"],
        result.goals.map((g) => [g.name, g.goal, formatValue(g), verdict(g)]),
      ),
    );
    if (result.figures && result.figures.length > 0) {
      lines.push("", "Reported beside the goals:", "");
      lines.push(
        table(
          ["figure", "value"],
          result.figures.map((f) => [f.name, formatFigure(f)]),
        ),
      );
    }
  } else {
    lines.push("No run recorded yet.");
  }
  lines.push("", wrapParagraph(`Goals: ${description.goals}`));
  return lines.join("\n");
}

const INTRO = [
  "`npm run bench` runs the benchmarks below that say so, each as its own process, and before each waits for the machine's one-minute load to fall under 1.0 (at most 300 s). Each writes its report to `.reports/bench-<name>.json`, and the run writes `.reports/bench.json` with every report and its goals, each met, missed or not judged, and prints a table of them. `npm run bench -- --only api,reports` runs some of them; `--quick` is a smoke run with small sizes, written under `.reports/quick/`, whose figures only show that the benchmarks work. `BENCH_DATABASE_URL` names the PostgreSQL server (never a database) on which each benchmark makes its scratch databases and drops them at the end.",
  "A full run also records each benchmark that ran to its end in `bench/results.json`, and `npm run bench:page` writes this page from that file; a test fails when the two disagree. Runs that `npm run bench` does not make (the chat fan-out's larger sizes, the search at 10^7 messages, the SDK's size) are entered in `bench/results.json` from the bench's own report, then the page is written again.",
  "The figures come from a development machine whose two cores the server, PostgreSQL and the load generators share, and whose speed changes from day to day as much as a change in the code does. So each benchmark runs a bare baseline beside Parley in the same minute (a bare `ws` server, a bare Fastify route, the database's raw insert, a bare relay), and the ratio to it is the figure to compare across runs; where a report gives the CPU time an operation costs (the server's and the whole machine's), that moves far less than a rate and shows a change best. Every report records the load average at its start and end. A goal whose benchmark started with a one-minute load above 1.5 is not judged: other work already held most of the machine. Its value is still shown.",
  "How the figures came to be what they are, round by round: [benchmarks-history.md](benchmarks-history.md). Why the code is shaped as it is: [decisions](decisions/README.md).",
];

export function renderBenchmarksPage(results: BenchResults): string {
  const unknown = Object.keys(results.benchmarks).filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length > 0) {
    throw new Error(`bench/results.json holds ${unknown.join(", ")}, which scripts/bench-page.ts does not describe`);
  }
  const summary = table(
    ["benchmark", "last run", "load at start", "met", "missed", "not judged"],
    BENCHMARKS.map((b) => {
      const result = results.benchmarks[b.name];
      if (!result) return [b.title, "–", "–", "–", "–", "–"];
      const c = counts(result);
      return [
        b.title,
        result.at.slice(0, 10),
        loadText(result.loadAtStart),
        String(c.met),
        String(c.missed),
        String(c.notJudged),
      ];
    }),
  );
  const { cpus, node } = results.machine;
  return [
    "# Benchmarks",
    "",
    "<!-- Written by scripts/bench-page.ts from bench/results.json (npm run bench:page); edit those, not this page. -->",
    "",
    ...INTRO.flatMap((paragraph) => [wrapParagraph(paragraph), ""]),
    `The last recorded run of each, on ${cpus} cores and Node ${node}:`,
    "",
    summary,
    "",
    ...BENCHMARKS.flatMap((b) => [section(b, results.benchmarks[b.name]), ""]),
  ].join("\n");
}

function readResults(file: string): BenchResults {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  const shaped = parsed as Partial<BenchResults>;
  if (!shaped.machine || !shaped.benchmarks || typeof shaped.benchmarks !== "object") {
    throw new Error(`${file} has no machine or benchmarks`);
  }
  for (const [name, result] of Object.entries(shaped.benchmarks)) {
    if (typeof result?.at !== "string" || !Array.isArray(result.goals)) {
      throw new Error(`${file}: ${name} needs an "at" date and a "goals" list`);
    }
  }
  return shaped as BenchResults;
}

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const RESULTS_FILE = path.join(root, "bench/results.json");
export const PAGE_FILE = path.join(root, "docs/benchmarks.md");

/** The page as the results make it. */
export const expectedPage = () => renderBenchmarksPage(readResults(RESULTS_FILE));

function main(args: string[]): number {
  const page = expectedPage();
  if (args.includes("--check")) {
    const current = fs.existsSync(PAGE_FILE) ? fs.readFileSync(PAGE_FILE, "utf8") : "";
    if (current === page) return 0;
    process.stderr.write("docs/benchmarks.md is not what bench/results.json makes of it: run npm run bench:page\n");
    return 1;
  }
  fs.writeFileSync(PAGE_FILE, page);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
