export const profanityKeys = {
  all: ["profanity"] as const,
  enabled: (appId: string) => [...profanityKeys.all, "enabled", appId] as const,
  settings: (appId: string) => [...profanityKeys.all, "settings", appId] as const,
};
