export const translationKeys = {
  all: ["translation"] as const,
  app: (appId: string) => [...translationKeys.all, appId] as const,
  enabled: (appId: string) => [...translationKeys.app(appId), "enabled"] as const,
  key: (appId: string) => [...translationKeys.app(appId), "key"] as const,
};
