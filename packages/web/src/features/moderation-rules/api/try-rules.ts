import {
  fillPath,
  api as paths,
  type TModerationReplayRequest,
  type TModerationTestRequest,
  zModerationReplayResponse,
  zModerationTestResponse,
} from "@parley/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function testModerationRules(appId: string, request: TModerationTestRequest) {
  const { outcome } = await api.post(
    fillPath(paths.apps.moderationRulesTest, { id: appId }),
    request,
    zModerationTestResponse,
  );
  return outcome;
}

export async function replayModerationRules(appId: string, request: TModerationReplayRequest) {
  return api.post(fillPath(paths.apps.moderationRulesReplay, { id: appId }), request, zModerationReplayResponse);
}

export function useTestModerationRules(appId: string) {
  return useMutation({ mutationFn: (request: TModerationTestRequest) => testModerationRules(appId, request) });
}

export function useReplayModerationRules(appId: string) {
  return useMutation({ mutationFn: (request: TModerationReplayRequest) => replayModerationRules(appId, request) });
}
