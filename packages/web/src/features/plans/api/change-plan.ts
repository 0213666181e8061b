import { plansApi, type TPlanChangeRequest } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function changePlan(body: TPlanChangeRequest) {
  await api.put(plansApi.change, body);
}

export const changePlanMutationOptions = () => mutationOptions({ mutationFn: changePlan });

/** The caller reloads what it shows afterwards: a plan change alters notices, the plan and the billing page. */
export function useChangePlan() {
  return useMutation(changePlanMutationOptions());
}
