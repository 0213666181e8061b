export const appKeys = {
  all: ["apps"] as const,
  list: () => [...appKeys.all, "list"] as const,
  detail: (appId: string) => [...appKeys.all, "detail", appId] as const,
  chatSettings: (appId: string) => [...appKeys.all, "chat-settings", appId] as const,
  apiKeys: (appId: string) => [...appKeys.all, "api-keys", appId] as const,
  signingSecrets: (appId: string) => [...appKeys.all, "signing-secrets", appId] as const,
  onboarding: (appId: string) => [...appKeys.all, "onboarding", appId] as const,
  subAccounts: (appId: string) => [...appKeys.all, "sub-accounts", appId] as const,
};
