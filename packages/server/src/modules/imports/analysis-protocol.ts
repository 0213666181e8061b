/** The messages between an import's analysis worker and the thread that started it. */
import type { ErrorCode, TImportKind, TImportSource } from "@parley/contract";
import type { PlannedKind } from "./analysis-plan";
import type { DryRunReport } from "./dry-run";
import type { ImportSource, ParsedImport } from "./model";

export interface WorkerSetup {
  appId: string;
  source: ImportSource;
  /** ISO time standing in for one the source does not give. */
  now: string;
  copyFiles: boolean;
  pageRows: number;
}

/** The source to analyse: an uploaded file's bytes (moved to the worker, not copied), or records already pulled. */
export type AnalysisInput =
  | { source: Exclude<TImportSource, "talkplus">; bytes: Uint8Array; name: string }
  | { parsed: ParsedImport };

export type ToAnalysis =
  | ({ type: "input" } & AnalysisInput)
  | { type: "existing"; userIds: string[]; channelIds: string[] }
  | { type: "stored" };

export type FromAnalysis =
  | { type: "ids"; userIds: string[]; channelIds: string[] }
  | { type: "page"; kind: TImportKind; index: number; json: string }
  | { type: "done"; report: DryRunReport; kinds: PlannedKind[] }
  | { type: "refused"; code: ErrorCode; reason: string | null }
  | { type: "failed"; message: string };
