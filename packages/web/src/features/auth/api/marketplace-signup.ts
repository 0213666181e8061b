import { api as paths, type TMarketplaceSignupRequest, zMarketplaceSignupResponse } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { clearSession, getSession } from "@/lib/session";

/** Creates the account the marketplace token names; the answer is a sign-in link's parts for `linkLogin`. */
export async function marketplaceSignup(body: TMarketplaceSignupRequest) {
  return api.post(paths.marketplace.signup, body, zMarketplaceSignupResponse);
}

export const marketplaceSignupMutationOptions = () => mutationOptions({ mutationFn: marketplaceSignup });

/** Whoever is signed in here is about to become the new account; the server refuses signup with a session (1002). */
export function useMarketplaceSignup(settings?: MutationSettings) {
  return useMutation({
    ...settings,
    ...marketplaceSignupMutationOptions(),
    onMutate: () => {
      if (getSession()) clearSession("logout");
    },
  });
}
