import { api as paths, type TLinkLoginRequest, type TLinkLoginResponse, zLinkLoginResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { paths as routes } from "@/config/paths";
import { homePathFor } from "@/lib/account-home";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { clearSession, getSession, setSession } from "@/lib/session";

export async function linkLogin(body: TLinkLoginRequest) {
  return api.post(paths.auth.linkLogin, body, zLinkLoginResponse);
}

export const linkLoginMutationOptions = () => mutationOptions({ mutationFn: linkLogin });

/**
 * Exchanges a sign-in link's one-time token for a session and keeps it as login does. A session already in this
 * browser is dropped first: the link names the account to be, and the server refuses a sign-in that carries a live
 * session (1002), as it does for login.
 */
export function useLinkLogin(settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...linkLoginMutationOptions(),
    onMutate: () => {
      if (getSession()) clearSession("logout");
    },
    onSuccess: (session) => {
      // Nothing cached for a previous account may show up for this one.
      queryClient.clear();
      setSession(session);
    },
  });
}

/** Where a link sign-in goes on: the first password when the account has none, else the account's home. */
export function pathAfterLinkLogin(response: TLinkLoginResponse): string {
  if (response.passwordRequired) return routes.auth.firstPassword.getHref();
  return homePathFor(response);
}
