/**
 * The analysis of an import as one pure computation over its parsed records: the IDs to look up in the app, then the
 * dry run and the plan cut into pages. It runs in the analysis worker; it opens no database and touches no storage.
 */
import { IMPORT_KINDS, type TImportKind } from "@parley/contract";
import { type DryRunReport, type ExistingIds, review } from "./dry-run";
import { importedChannelId } from "./ids";
import type { ImportSource, ParsedImport } from "./model";
import { buildPlan, firstReplyPart, type Plan, planPages } from "./plan";

/** What the analysis is for: the app, the source, the time standing in for one the source lacks, the page size. */
export interface AnalysisOptions {
  appId: string;
  source: ImportSource;
  now: Date;
  copyFiles: boolean;
  pageRows: number;
}

/** One kind of the plan as the import's state records it. */
export interface PlannedKind {
  kind: TImportKind;
  total: number;
  parts: number;
  firstReplyPart?: number;
}

export type PlanPages = { [K in TImportKind]: Plan[K][] };

/** The IDs of the file's users, and the Parley IDs of every channel it names, for the lookup of what the app has. */
export function idsToLookUp(parsed: ParsedImport, options: Pick<AnalysisOptions, "appId" | "source">) {
  const keys = new Set<string>();
  for (const channel of parsed.channels) keys.add(channel.sourceKey);
  for (const message of parsed.messages) keys.add(message.channelKey);
  const userIds = new Set<string>();
  for (const user of parsed.users) userIds.add(user.userId);
  return {
    userIds: [...userIds],
    channelIds: [...keys].map((key) => importedChannelId(options.appId, options.source, key)),
  };
}

/**
 * The dry run and the plan's pages of `parsed` into an app that has the `existing` IDs. The parsed records and the
 * whole plan are let go before this returns: only the pages stay.
 */
export function analyzeParsed(
  parsed: ParsedImport,
  existing: ExistingIds,
  options: AnalysisOptions,
): { report: DryRunReport; pages: PlanPages; kinds: PlannedKind[] } {
  const { report, accepted } = review(parsed, existing, options.appId);
  const pages = planPages(
    buildPlan(accepted, options.appId, options.source, options.now, { copyFiles: options.copyFiles }),
    options.pageRows,
  );
  const kinds = IMPORT_KINDS.map(
    (kind): PlannedKind => ({
      kind,
      total: pages[kind].reduce((sum, page) => sum + page.length, 0),
      parts: pages[kind].length,
      ...(kind === "messages" ? { firstReplyPart: firstReplyPart(pages.messages) } : {}),
    }),
  );
  return { report, pages, kinds };
}
