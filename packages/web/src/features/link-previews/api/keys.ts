export const linkPreviewsKeys = {
  all: ["link-previews"] as const,
  app: (appId: string) => [...linkPreviewsKeys.all, appId] as const,
  enabled: (appId: string) => [...linkPreviewsKeys.app(appId), "enabled"] as const,
};
