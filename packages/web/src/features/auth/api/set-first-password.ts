import { api as paths, type TFirstPasswordRequest, zSessionState } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { setSession } from "@/lib/session";

export async function setFirstPassword(body: TFirstPasswordRequest) {
  return api.post(paths.auth.firstPassword, body, zSessionState);
}

export const setFirstPasswordMutationOptions = () => mutationOptions({ mutationFn: setFirstPassword });

/** The answer is the session again (a new password-changed time); it replaces the stored one. */
export function useSetFirstPassword() {
  return useMutation({ ...setFirstPasswordMutationOptions(), onSuccess: (session) => setSession(session) });
}
