/**
 * The first draws `bench:offline` times in Chromium (bench/offline.ts): what the page answers for one load, and the
 * medians a kind of load (from the network, from the store, from the store offline) is reported with.
 */

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** What `bench/offline-page/main.ts` answers for one load (its `DrawResult`). */
export interface DrawResult {
  drawnMs: number;
  source: "store" | "network";
  drawn: number;
  steps: Record<Step, number | null>;
}

/**
 * The steps of a load the page times, in the order it meets them (`DrawSteps` in the page): the HTML received, the
 * script received (from the HTTP cache or the server) and begun (compiled), the SDK's modules run and the client
 * made, the storage opened, the session index and the copy read, `GET /v1/me` ended, `resume` answered, the
 * server's channel list received.
 */
const STEPS = [
  "html",
  "scriptFetched",
  "scriptStarted",
  "clientMade",
  "storageOpened",
  "sessionRead",
  "copyRead",
  "meEnded",
  "resumed",
  "channelsFetched",
] as const;
type Step = (typeof STEPS)[number];

export interface LoadStats {
  samples: number;
  /** From the start of the navigation to the list drawn. */
  p50Ms: number;
  p90Ms: number;
  minMs: number;
  maxMs: number;
  /**
   * From the moment the page's script began to run (compiled, before the SDK's modules run) to the list drawn: the
   * app's and the SDK's own work, without the page's and the script's load, which both paths share.
   */
  fromScriptP50Ms: number;
  fromScriptP90Ms: number;
  /** The median of when each step ended (null where no load took it): where the time went. */
  stepsP50Ms: Record<Step, number | null>;
  sources: Record<string, number>;
}

/** Nearest rank. */
function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

export function loadStats(results: DrawResult[]): LoadStats {
  const drawn = results.map((r) => r.drawnMs);
  const median = (values: number[]) => round(percentile(values, 0.5));
  const fromScript = results.map((r) => r.drawnMs - (r.steps.scriptStarted ?? 0));
  const steps = {} as Record<Step, number | null>;
  for (const step of STEPS) {
    const ended = results.flatMap((r) => (r.steps[step] === null ? [] : [r.steps[step] ?? 0]));
    steps[step] = ended.length > 0 ? median(ended) : null;
  }
  const sources: Record<string, number> = {};
  for (const r of results) sources[r.source] = (sources[r.source] ?? 0) + 1;
  return {
    samples: results.length,
    p50Ms: median(drawn),
    p90Ms: round(percentile(drawn, 0.9)),
    minMs: round(Math.min(...drawn)),
    maxMs: round(Math.max(...drawn)),
    fromScriptP50Ms: median(fromScript),
    fromScriptP90Ms: round(percentile(fromScript, 0.9)),
    stepsP50Ms: steps,
    sources,
  };
}

/** One load's steps on one line, for the log. */
export function describeSteps(result: DrawResult): string {
  const taken = STEPS.flatMap((step) => {
    const at = result.steps[step];
    return at === null ? [] : [`${step} ${at.toFixed(1)}`];
  });
  return taken.join(", ");
}
