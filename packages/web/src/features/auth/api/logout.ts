import { api as paths } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { clearSession } from "@/lib/session";

export async function logout() {
  await api.post(paths.auth.logout);
}

/**
 * The session is cleared only after the server answered 200 (spec section 4); a failure is only logged.
 * Clearing with reason "logout" tells the auth guard to send the user home rather than to /login.
 */
export function useLogout({ onLoggedOut }: { onLoggedOut?: () => Promise<void> | void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationFn: logout }),
    ...inlineErrors,
    onSuccess: async () => {
      clearSession("logout");
      await onLoggedOut?.();
      // Only once the account's pages are gone, or their queries would refetch without a session.
      queryClient.clear();
    },
    onError: (error) => console.warn("Logout failed", error),
  });
}
