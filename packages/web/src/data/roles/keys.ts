export const roleKeys = {
  all: ["roles"] as const,
  app: (appId: string) => [...roleKeys.all, appId] as const,
  roles: (appId: string) => [...roleKeys.app(appId), "roles"] as const,
  matrices: (appId: string) => [...roleKeys.app(appId), "permissions"] as const,
};
