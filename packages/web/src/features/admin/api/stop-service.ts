import { fillPath, api as paths, zCompanyDetail } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { storeCompany } from "./cache";

/** Stops the chat API of every app of a company, whatever its plan says. */
export async function stopService({ companyId }: { companyId: string }) {
  return api.post(fillPath(paths.admin.stopService, { companyId }), {}, zCompanyDetail);
}

export const stopServiceMutationOptions = () => mutationOptions({ mutationFn: stopService });

export function useStopService() {
  const queryClient = useQueryClient();
  return useMutation({
    ...stopServiceMutationOptions(),
    onSuccess: (detail) => storeCompany(queryClient, detail),
  });
}
