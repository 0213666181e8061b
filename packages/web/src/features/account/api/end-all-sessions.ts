import { api as paths, zSessionsEndedResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { clearSession } from "@/lib/session";

/** "Log out everywhere": ends every session of the account, the caller's own included. */
export async function endAllSessions() {
  return api.delete(paths.auth.sessions, zSessionsEndedResponse);
}

export const endAllSessionsMutationOptions = () => mutationOptions({ mutationFn: endAllSessions });

/**
 * This browser's token died with the others, so it is signed out the way a logout does it (see useLogout): reason
 * "logout" sends the user home rather than to /login, and the cache goes only once the account's pages are gone.
 */
export function useEndAllSessions({ onLoggedOut }: { onLoggedOut?: () => Promise<void> | void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...endAllSessionsMutationOptions(),
    onSuccess: async () => {
      clearSession("logout");
      await onLoggedOut?.();
      queryClient.clear();
    },
  });
}
