export const userKeys = {
  all: ["chat-users"] as const,
  app: (appId: string) => [...userKeys.all, appId] as const,
  list: (appId: string, search: string) => [...userKeys.app(appId), "list", search] as const,
  shadowBan: (appId: string, userId: string) => [...userKeys.app(appId), "shadow-ban", userId] as const,
};
