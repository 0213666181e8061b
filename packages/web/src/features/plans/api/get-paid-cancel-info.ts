import { plansApi, zPaidCancelInfo } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function getPaidCancelInfo() {
  return api.get(plansApi.paidCancelInfo, zPaidCancelInfo);
}

/** Read on demand when the user asks to cancel, never from a cache: the figure grows with every day and message. */
export const loadPaidCancelInfoMutationOptions = () => mutationOptions({ mutationFn: getPaidCancelInfo });

export function useLoadPaidCancelInfo() {
  return useMutation(loadPaidCancelInfoMutationOptions());
}
