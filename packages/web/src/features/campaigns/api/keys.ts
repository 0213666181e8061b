import type { CampaignStatusFilter } from "../lib/status";

export const campaignKeys = {
  all: ["campaigns"] as const,
  app: (appId: string) => [...campaignKeys.all, appId] as const,
  lists: (appId: string) => [...campaignKeys.app(appId), "list"] as const,
  list: (appId: string, search: string, status: CampaignStatusFilter) =>
    [...campaignKeys.lists(appId), search, status] as const,
  detail: (appId: string, campaignId: string) => [...campaignKeys.app(appId), "detail", campaignId] as const,
  report: (appId: string, campaignId: string) => [...campaignKeys.app(appId), "report", campaignId] as const,
};
