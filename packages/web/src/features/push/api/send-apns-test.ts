import { fillPath, api as paths, type TApnsTestRequest, zApnsTestResponse } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";

/** Sends a test notification through the saved APNs key to one device token; the answer is what Apple said. */
export async function sendApnsTest({ appId, body }: { appId: string; body: TApnsTestRequest }) {
  return api.post(fillPath(paths.apps.pushApnsTest, { id: appId }), body, zApnsTestResponse);
}

export const sendApnsTestMutationOptions = () => mutationOptions({ mutationFn: sendApnsTest });

/** Nothing to invalidate: the test goes to a token, not a registered device, and is not logged. */
export function useSendApnsTest(settings?: MutationSettings) {
  return useMutation({ ...settings, ...sendApnsTestMutationOptions() });
}
