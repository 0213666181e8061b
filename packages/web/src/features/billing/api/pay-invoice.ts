import { billingApi, fillPath, zPayInvoiceResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Charges an unpaid invoice with the registered card now; a decline answers 5001 with the gateway's reason. */
export async function payInvoice({ invoiceId }: { invoiceId: string }) {
  return (await api.post(fillPath(billingApi.invoicePay, { invoiceId }), {}, zPayInvoiceResponse)).invoice;
}

export const payInvoiceMutationOptions = () => mutationOptions({ mutationFn: payInvoice });

export function usePayInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    ...payInvoiceMutationOptions(),
    // A decline counts on the invoice too; a payment also changes the plan, the notices and the expected payment.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
