import { billingApi, zInvoicesResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { billingKeys } from "./keys";

export async function getInvoices(signal?: AbortSignal) {
  const { invoices } = await api.get(billingApi.invoices, zInvoicesResponse, { signal });
  return invoices;
}

export const invoicesQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.invoices(), queryFn: ({ signal }) => getInvoices(signal) });

export function useInvoices() {
  return useQuery(invoicesQueryOptions());
}
