/**
 * Waiting for the machine to settle between benchmarks. A benchmark keeps both cores busy, and the one-minute load
 * average it leaves behind falls by about a factor of e a minute: a benchmark started straight after another starts
 * at a load of 2 or more, and its goals cannot be judged (`MAX_START_LOAD`). Waiting for the load to fall first
 * costs a minute or so per benchmark and gives each the machine to itself.
 */

export interface QuietOptions {
  /** The one-minute load average to wait for; the wait ends as soon as the load is under it. */
  below: number;
  /** The longest wait: on a machine that other work keeps busy, the benchmark runs anyway and is not judged. */
  maxSeconds: number;
  pollSeconds?: number;
  load: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Milliseconds, for the time waited. */
  now?: () => number;
  /** Called once, when the load at the first look is not under `below`. */
  onWait?: (load: number) => void;
}

export interface QuietOutcome {
  /** Whole seconds waited, 0 when the machine was quiet already. */
  waitedSeconds: number;
  /** The load when the wait ended: under `below`, unless `maxSeconds` ran out first. */
  load: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitForQuiet(options: QuietOptions): Promise<QuietOutcome> {
  const { below, maxSeconds, pollSeconds = 5, load, sleep = defaultSleep, now = Date.now } = options;
  const started = now();
  let current = load();
  if (current < below) return { waitedSeconds: 0, load: current };
  options.onWait?.(current);
  while (current >= below && now() - started < maxSeconds * 1000) {
    await sleep(Math.min(pollSeconds * 1000, maxSeconds * 1000 - (now() - started)));
    current = load();
  }
  return { waitedSeconds: Math.round((now() - started) / 1000), load: current };
}
