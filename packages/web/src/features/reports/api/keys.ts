export const reportKeys = {
  all: ["reports"] as const,
  appDaily: (appId: string, range: { from: string; to: string }) => [...reportKeys.all, "app", appId, range] as const,
  emails: () => [...reportKeys.all, "emails"] as const,
};
