import { billingApi, zCardSessionResponse } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Opens a registration at the gateway; the browser then leaves for its hosted card page. */
export async function startCardSession() {
  return api.post(billingApi.cardSession, undefined, zCardSessionResponse);
}

export const startCardSessionMutationOptions = () => mutationOptions({ mutationFn: startCardSession });

export function useStartCardSession() {
  return useMutation(startCardSessionMutationOptions());
}
