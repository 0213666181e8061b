import { fillPath, api as paths, zModerationRulesResponse, zModerationRulesSettings } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { moderationRuleKeys } from "./keys";

export async function getModerationRules(appId: string, signal?: AbortSignal) {
  const { rules } = await api.get(fillPath(paths.apps.moderationRules, { id: appId }), zModerationRulesResponse, {
    signal,
  });
  return rules;
}

export const moderationRulesQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: moderationRuleKeys.rules(appId),
    queryFn: ({ signal }) => getModerationRules(appId, signal),
  });

export function useModerationRules(appId: string) {
  return useQuery(moderationRulesQueryOptions(appId));
}

export async function getModerationRulesEnabled(appId: string, signal?: AbortSignal) {
  const settings = await api.get(
    fillPath(paths.apps.moderationRulesSettings, { id: appId }),
    zModerationRulesSettings,
    { signal },
  );
  return settings.enabled;
}

export const moderationRulesEnabledQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: moderationRuleKeys.enabled(appId),
    queryFn: ({ signal }) => getModerationRulesEnabled(appId, signal),
  });

export async function saveModerationRulesEnabled(appId: string, enabled: boolean) {
  const settings = await api.put(
    fillPath(paths.apps.moderationRulesSettings, { id: appId }),
    { enabled },
    zModerationRulesSettings,
  );
  return settings.enabled;
}
