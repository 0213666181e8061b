import { fillPath, api as paths, zSigningSecretsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { appKeys } from "./keys";

export async function getSigningSecrets(appId: string, signal?: AbortSignal) {
  const { secrets } = await api.get(fillPath(paths.apps.loginSigningSecrets, { id: appId }), zSigningSecretsResponse, {
    signal,
  });
  return secrets;
}

export const signingSecretsQueryOptions = (appId: string) =>
  queryOptions({ queryKey: appKeys.signingSecrets(appId), queryFn: ({ signal }) => getSigningSecrets(appId, signal) });

export function useSigningSecrets(appId: string) {
  return useQuery(signingSecretsQueryOptions(appId));
}
