export const pushKeys = {
  all: ["push"] as const,
  app: (appId: string) => [...pushKeys.all, appId] as const,
  enabled: (appId: string) => [...pushKeys.app(appId), "enabled"] as const,
  fcmKey: (appId: string) => [...pushKeys.app(appId), "fcm-key"] as const,
  apnsKey: (appId: string) => [...pushKeys.app(appId), "apns-key"] as const,
  notificationSettings: (appId: string) => [...pushKeys.app(appId), "notification-settings"] as const,
  superChannel: (appId: string) => [...pushKeys.app(appId), "super-channel"] as const,
  templates: (appId: string) => [...pushKeys.app(appId), "templates"] as const,
  attemptsRoot: (appId: string) => [...pushKeys.app(appId), "attempts"] as const,
  attempts: (appId: string, userId: string) => [...pushKeys.attemptsRoot(appId), userId] as const,
};
