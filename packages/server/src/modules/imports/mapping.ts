import type { TDataImport, TImportDryRun } from "@parley/contract";
import type { DryRunReport } from "./dry-run";
import type { DataImportRow, StoredDryRun } from "./schema";

/** The dry run in the API's shape, as the import's row keeps it. */
export function stored(report: DryRunReport): StoredDryRun {
  const note = ({ file, line, reason, detail }: DryRunReport["refused"][number]) => ({ file, line, reason, detail });
  return {
    counts: report.counts,
    refused: report.refused.map(note),
    refusedTotal: report.refusedTotal,
    warnings: report.warnings.map(note),
    warningsTotal: report.warningsTotal,
    collisions: report.collisions.map(({ at, ...collision }) => ({ ...collision, ...at })),
    collisionsTotal: report.collisionsTotal,
    channelMap: report.channelMap,
  };
}

/** The dry run without its channel map, which only the downloaded report carries: it can hold thousands of channels. */
function withoutMap({ channelMap: _map, ...dryRun }: StoredDryRun): TImportDryRun {
  return dryRun;
}

/** An import as the dashboard API answers it. */
export function toImport(row: DataImportRow): TDataImport {
  const kinds = (row.state?.kinds ?? []).map(({ kind, done, total }) => ({ kind, done, total }));
  const total = kinds.reduce((sum, k) => sum + k.total, 0);
  const done = kinds.reduce((sum, k) => sum + Math.min(k.done, k.total), 0);
  return {
    id: row.id,
    appId: row.appId,
    source: row.source,
    status: row.status,
    copyFiles: row.copyFiles,
    fileFailures: row.state?.fileFailures ?? [],
    fileFailuresTotal: row.state?.fileFailuresTotal ?? 0,
    origin: row.origin,
    requestedBy: row.requestedBy,
    dryRun: row.dryRun ? withoutMap(row.dryRun) : null,
    kinds,
    progress: row.status === "completed" ? 1 : total === 0 ? 0 : Math.min(1, done / total),
    createdAt: row.createdAt.toISOString(),
    analyzedAt: row.analyzedAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    errorCode: row.errorCode,
    errorReason: row.errorReason,
  };
}
