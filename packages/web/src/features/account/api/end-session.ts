import { fillPath, api as paths, zOk } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { accountKeys } from "./keys";

/** Ends one session of the account (another device); 1029 when it is not one of the account's live sessions. */
export async function endSession({ sessionId }: { sessionId: string }) {
  return api.delete(fillPath(paths.auth.session, { sessionId }), zOk);
}

export const endSessionMutationOptions = () => mutationOptions({ mutationFn: endSession });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    ...endSessionMutationOptions(),
    // Refetched rather than edited in place: a 1029 also means the list is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
