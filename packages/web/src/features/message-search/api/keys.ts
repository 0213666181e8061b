/** The search as the screen applies it: the query and the filters, dates as ISO times. */
export interface MessageSearchFilters {
  q: string;
  channelId?: string;
  userId?: string;
  from?: string;
  to?: string;
}

export const messageSearchKeys = {
  all: ["message-search"] as const,
  app: (appId: string) => [...messageSearchKeys.all, appId] as const,
  results: (appId: string, filters: MessageSearchFilters) => [...messageSearchKeys.app(appId), filters] as const,
};
