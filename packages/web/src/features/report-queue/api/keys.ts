import type { TReportStatus, TReportTargetKind } from "@parley/contract";

/** The queue's filters as the page holds them. */
export interface ReportFilters {
  status: TReportStatus;
  kind: TReportTargetKind | "all";
}

export const reportKeys = {
  all: ["report-queue"] as const,
  app: (appId: string) => [...reportKeys.all, appId] as const,
  listRoot: (appId: string) => [...reportKeys.app(appId), "list"] as const,
  list: (appId: string, filters: ReportFilters) => [...reportKeys.listRoot(appId), filters] as const,
  target: (appId: string, targetId: string) => [...reportKeys.app(appId), "target", targetId] as const,
  settings: (appId: string) => [...reportKeys.app(appId), "settings"] as const,
};
