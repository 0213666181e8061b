export const moderationRuleKeys = {
  all: ["moderation-rules"] as const,
  rules: (appId: string) => [...moderationRuleKeys.all, "rules", appId] as const,
  enabled: (appId: string) => [...moderationRuleKeys.all, "enabled", appId] as const,
};
