import { fillPath, api as paths, type TTestPushRequest, zTestPushResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { pushKeys } from "./keys";

/** Sends a test notification to every registered device of one user; the answer holds one attempt per device. */
export async function sendTestPush({ appId, body }: { appId: string; body: TTestPushRequest }) {
  const { attempts } = await api.post(fillPath(paths.apps.pushTest, { id: appId }), body, zTestPushResponse);
  return attempts;
}

export const sendTestPushMutationOptions = () => mutationOptions({ mutationFn: sendTestPush });

export function useSendTestPush(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...sendTestPushMutationOptions(),
    // The attempts land in the log, so every filtered view of it is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.attemptsRoot(appId) }),
  });
}
