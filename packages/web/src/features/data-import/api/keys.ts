/** Cache keys of an app's data imports: the one list the page reads, which every write refreshes. */
export const importKeys = {
  all: ["data-imports"] as const,
  app: (appId: string) => [...importKeys.all, appId] as const,
  list: (appId: string) => [...importKeys.app(appId), "list"] as const,
};
