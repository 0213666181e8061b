import { plansApi } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function cancelPaidPlan() {
  await api.post(plansApi.cancelPaid);
}

export const cancelPaidPlanMutationOptions = () => mutationOptions({ mutationFn: cancelPaidPlan });

export function useCancelPaidPlan() {
  return useMutation(cancelPaidPlanMutationOptions());
}
