/**
 * Runs an import's analysis on a worker thread (see `analysis-worker.ts`): this thread only moves the source's bytes
 * over, answers which IDs the app already has, and stores each page of the plan the worker hands it, so the server
 * keeps answering while a large file is parsed and planned.
 */
import fs from "node:fs";
import { Worker } from "node:worker_threads";
import type { TImportKind } from "@parley/contract";
import { AppError } from "../../errors";
import type { PlannedKind } from "./analysis-plan";
import type { AnalysisInput, FromAnalysis, ToAnalysis, WorkerSetup } from "./analysis-protocol";
import type { DryRunReport, ExistingIds } from "./dry-run";

export type { AnalysisInput } from "./analysis-protocol";

/** What the analysis needs of the server: the app's IDs among the file's, and a place for each page of the plan. */
export interface AnalysisIo {
  existing: (userIds: string[], channelIds: string[]) => Promise<ExistingIds>;
  storePage: (kind: TImportKind, index: number, json: string) => Promise<unknown>;
}

/** The analysis ended before it finished because its run was told to stop (the lease was lost). */
export class AnalysisStopped extends Error {}

/** The worker's module in the built server, which `scripts/build-server.ts` names the same. */
export const BUILT_ANALYSIS_WORKER = "import-analysis-worker";

/**
 * The built server (`scripts/build-server.ts`) has the worker as a module of its own beside its entry, run by plain
 * `node`; the source tree loads the TypeScript worker through tsx.
 */
const BUILT_WORKER_URL = new URL(`./${BUILT_ANALYSIS_WORKER}.js`, import.meta.url);
const WORKER_URL = fs.existsSync(BUILT_WORKER_URL)
  ? BUILT_WORKER_URL
  : new URL("./analysis-thread.mjs", import.meta.url);

/**
 * Analyses `input` off the event loop; resolves with the dry run and the plan's kinds once every page is stored.
 * A refusal of the source rejects with its AppError (3172); `signal` ends the worker at once.
 */
export function analyzeOffLoop(
  input: AnalysisInput,
  setup: WorkerSetup,
  io: AnalysisIo,
  signal: AbortSignal,
): Promise<{ report: DryRunReport; kinds: PlannedKind[] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: setup });
    let settled = false;
    const finish = (error: Error | null, value?: { report: DryRunReport; kinds: PlannedKind[] }) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", stop);
      void worker.terminate();
      if (error) reject(error);
      else if (value) resolve(value);
    };
    const stop = () => finish(new AnalysisStopped("the analysis's run no longer holds its import"));
    if (signal.aborted) return stop();
    signal.addEventListener("abort", stop);
    const post = (message: ToAnalysis, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
    const answer = (work: Promise<ToAnalysis>) =>
      work.then(
        (message) => {
          if (!settled) post(message);
        },
        (err: unknown) => finish(err instanceof Error ? err : new Error(String(err))),
      );

    worker.on("message", (message: FromAnalysis) => {
      switch (message.type) {
        case "ids":
          return answer(
            io.existing(message.userIds, message.channelIds).then((existing) => ({
              type: "existing",
              userIds: [...existing.userIds],
              channelIds: [...existing.channelIds],
            })),
          );
        case "page":
          return answer(io.storePage(message.kind, message.index, message.json).then(() => ({ type: "stored" })));
        case "done":
          return finish(null, { report: message.report, kinds: message.kinds });
        case "refused":
          return finish(new AppError(message.code, message.reason === null ? undefined : { reason: message.reason }));
        case "failed":
          return finish(new Error(`the import's analysis failed: ${message.message}`));
      }
    });
    worker.on("error", (err) => finish(err));
    worker.on("exit", (code) => finish(new Error(`the import's analysis worker exited (${code}) before it finished`)));

    if ("bytes" in input) {
      // The bytes move to the worker rather than being copied; a view of a shared pool is copied out first.
      const own =
        input.bytes.byteOffset === 0 && input.bytes.byteLength === input.bytes.buffer.byteLength
          ? input.bytes
          : new Uint8Array(input.bytes);
      post({ type: "input", ...input, bytes: own }, [own.buffer as ArrayBuffer]);
    } else post({ type: "input", ...input });
  });
}
