import type { TLiveEvent } from "@parley/contract";
import { useEffect, useRef, useState } from "react";
import { isApiError } from "@/lib/api-client";
import { type LiveTailFilters, openLiveTail } from "../api/open-live-tail";

/** Rows the screen keeps, newest first; older ones fall off the end. */
export const LIVE_ROWS_KEPT = 500;
/** Events are gathered this long before the table renders again: fifty a second must not mean fifty renders. */
const FLUSH_MS = 100;
/** Waits before opening the tail again after it broke off, growing with each failure in a row. */
const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];
/** Refusals a new attempt would only repeat. */
const FINAL_CODES = ["300", "1001", "1023", "3003", "3120"];

export interface LiveRow {
  /** Unique on this screen, whatever the event's own id. */
  key: number;
  event: TLiveEvent;
}

export type LiveTailStatus = "connecting" | "live" | "reconnecting" | "failed";

interface TailState {
  rows: LiveRow[];
  /** What arrived while paused, newest first, shown on resume. */
  held: LiveRow[];
  /** Events the server left out beyond its per-second bound, since the tail opened. */
  dropped: number;
  status: LiveTailStatus;
  error: unknown;
}

const initialState: TailState = { rows: [], held: [], dropped: 0, status: "connecting", error: null };

/**
 * The app's live tail as rows: opens the stream for the filters, reopens it after a break (not after a refusal),
 * holds new rows back while `isPaused`, and counts what the server dropped. `retry` opens a refused tail again.
 */
export function useLiveTail(appId: string, filters: LiveTailFilters, isPaused: boolean) {
  const [state, setState] = useState<TailState>(initialState);
  const [attempt, setAttempt] = useState(0);
  const isPausedRef = useRef(isPaused);
  useEffect(() => {
    isPausedRef.current = isPaused;
    if (!isPaused) {
      setState((s) =>
        s.held.length === 0 ? s : { ...s, rows: [...s.held, ...s.rows].slice(0, LIVE_ROWS_KEPT), held: [] },
      );
    }
  }, [isPaused]);

  const { group, channelId, userId } = filters;
  // `attempt` is a dependency on purpose: `retry` bumps it to open the tail again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let pending: TLiveEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    let nextKey = 0;
    setState(initialState);

    const flush = () => {
      timer = null;
      const arrived = pending.reverse().map((event) => ({ key: nextKey++, event }));
      pending = [];
      setState((s) =>
        isPausedRef.current
          ? { ...s, held: [...arrived, ...s.held].slice(0, LIVE_ROWS_KEPT) }
          : { ...s, rows: [...arrived, ...s.rows].slice(0, LIVE_ROWS_KEPT) },
      );
    };
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const done = setTimeout(resolve, ms);
        signal.addEventListener("abort", () => clearTimeout(done), { once: true });
      });

    void (async () => {
      let failures = 0;
      while (!signal.aborted) {
        try {
          for await (const frame of openLiveTail(appId, { group, channelId, userId }, signal)) {
            if (frame.kind === "ready") {
              failures = 0;
              setState((s) => ({ ...s, status: "live", error: null }));
            } else if (frame.kind === "dropped") {
              setState((s) => ({ ...s, dropped: s.dropped + frame.count }));
            } else {
              pending.push(frame.event);
              timer ??= setTimeout(flush, FLUSH_MS);
            }
          }
        } catch (error) {
          if (signal.aborted) return;
          if (isApiError(error, ...FINAL_CODES)) {
            setState((s) => ({ ...s, status: "failed", error }));
            return;
          }
        }
        if (signal.aborted) return;
        setState((s) => ({ ...s, status: "reconnecting" }));
        await wait(RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)] ?? 30_000);
        failures += 1;
      }
    })();

    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [appId, group, channelId, userId, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
