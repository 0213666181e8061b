import {
  fillPath,
  api as paths,
  type TModerationRuleInput,
  zModerationRuleResponse,
  zModerationRulesResponse,
  zOk,
} from "@parley/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { moderationRuleKeys } from "./keys";

export async function saveModerationRule(appId: string, rule: TModerationRuleInput, ruleId?: string) {
  const response = ruleId
    ? await api.put(fillPath(paths.apps.moderationRule, { id: appId, ruleId }), rule, zModerationRuleResponse)
    : await api.post(fillPath(paths.apps.moderationRules, { id: appId }), rule, zModerationRuleResponse);
  return response.rule;
}

export async function deleteModerationRule(appId: string, ruleId: string) {
  await api.delete(fillPath(paths.apps.moderationRule, { id: appId, ruleId }), zOk);
}

export async function reorderModerationRules(appId: string, ruleIds: string[]) {
  const { rules } = await api.put(
    fillPath(paths.apps.moderationRulesOrder, { id: appId }),
    { ruleIds },
    zModerationRulesResponse,
  );
  return rules;
}

/** Saves (creates without `ruleId`), and reloads the list. */
export function useSaveModerationRule(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rule, ruleId }: { rule: TModerationRuleInput; ruleId?: string }) =>
      saveModerationRule(appId, rule, ruleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationRuleKeys.rules(appId) }),
  });
}

export function useDeleteModerationRule(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleId: string) => deleteModerationRule(appId, ruleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationRuleKeys.rules(appId) }),
  });
}

export function useReorderModerationRules(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ruleIds: string[]) => reorderModerationRules(appId, ruleIds),
    onSuccess: (rules) => queryClient.setQueryData(moderationRuleKeys.rules(appId), rules),
  });
}
