/**
 * Cache keys of an app's data exports. Shared because two screens start exports (the data export page and a user's
 * actions on the users page) and both must refresh the one list that shows their progress.
 */
export const exportKeys = {
  all: ["data-exports"] as const,
  app: (appId: string) => [...exportKeys.all, appId] as const,
  list: (appId: string) => [...exportKeys.app(appId), "list"] as const,
};
