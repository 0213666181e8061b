import { fillPath, api as paths, zCompanyDetail } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { storeCompany } from "./cache";

/**
 * Deactivates or reactivates one app of a company (`appId`: its calls answer 3001) or every app of it (3002): the
 * chat API and the app's dashboard pages refuse it until then.
 */
export async function setAppsDeactivated({
  companyId,
  appId,
  deactivated,
}: {
  companyId: string;
  appId?: string;
  deactivated: boolean;
}) {
  const path = appId
    ? fillPath(deactivated ? paths.admin.deactivateApp : paths.admin.reactivateApp, { companyId, appId })
    : fillPath(deactivated ? paths.admin.deactivateApps : paths.admin.reactivateApps, { companyId });
  return api.post(path, {}, zCompanyDetail);
}

export const setAppsDeactivatedMutationOptions = () => mutationOptions({ mutationFn: setAppsDeactivated });

export function useSetAppsDeactivated() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setAppsDeactivatedMutationOptions(),
    onSuccess: (detail) => storeCompany(queryClient, detail),
  });
}
