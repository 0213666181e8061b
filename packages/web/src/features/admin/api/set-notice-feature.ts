import { fillPath, api as paths, zCompanyDetail } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { storeCompany } from "./cache";

/** Opens or closes the bulk message area of one company. */
export async function setNoticeFeature({ companyId, enabled }: { companyId: string; enabled: boolean }) {
  return api.put(fillPath(paths.admin.noticeFeature, { companyId }), { enabled }, zCompanyDetail);
}

export const setNoticeFeatureMutationOptions = () => mutationOptions({ mutationFn: setNoticeFeature });

export function useSetNoticeFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setNoticeFeatureMutationOptions(),
    onSuccess: (detail) => storeCompany(queryClient, detail),
  });
}
