import type { TCompanyDetail } from "@parley/contract";
import type { QueryClient } from "@tanstack/react-query";
import { adminKeys } from "./keys";

/**
 * Every admin action answers with the company as it is now: the detail shows that answer at once, and the lists,
 * whose plan state column an action may change, reload.
 */
export function storeCompany(queryClient: QueryClient, detail: TCompanyDetail) {
  queryClient.setQueryData(adminKeys.company(detail.company.id), detail);
  return queryClient.invalidateQueries({ queryKey: adminKeys.companyLists() });
}
