import { plansApi, zPaidStartInfo } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function getPaidStartInfo() {
  return api.get(plansApi.paidStartInfo, zPaidStartInfo);
}

/**
 * Read on demand when the dialog opens, never from a cache: the dates depend on today and on the trial. A mutation
 * holds the pending state of that one read.
 */
export const loadPaidStartInfoMutationOptions = () => mutationOptions({ mutationFn: getPaidStartInfo });

export function useLoadPaidStartInfo() {
  return useMutation(loadPaidStartInfoMutationOptions());
}
