import { fillPath, api as paths, type TRevokeTokensRequest, zRevokeTokensResponse } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Refuses every user's login tokens issued before the time (now when left out) and ends older sessions. */
export async function revokeLoginTokens({ appId, body }: { appId: string; body: TRevokeTokensRequest }) {
  return api.post(fillPath(paths.apps.loginTokensRevoke, { id: appId }), body, zRevokeTokensResponse);
}

export const revokeLoginTokensMutationOptions = () => mutationOptions({ mutationFn: revokeLoginTokens });

export function useRevokeLoginTokens() {
  return useMutation(revokeLoginTokensMutationOptions());
}
