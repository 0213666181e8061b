import { fillPath, api as paths, zCompanyDetail } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { storeCompany } from "./cache";

/**
 * Refunds a paid invoice at the payment gateway. The answer is the company with the invoice `cancelled`, or
 * `cancelFailed` when the gateway refused (or still `cancelPending` if it has not answered yet).
 */
export async function refundInvoice({ companyId, invoiceId }: { companyId: string; invoiceId: string }) {
  return api.post(fillPath(paths.admin.refundInvoice, { companyId, invoiceId }), {}, zCompanyDetail);
}

export const refundInvoiceMutationOptions = () => mutationOptions({ mutationFn: refundInvoice });

export function useRefundInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    ...refundInvoiceMutationOptions(),
    onSuccess: (detail) => storeCompany(queryClient, detail),
  });
}
