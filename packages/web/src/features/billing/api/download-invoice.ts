import { billingApi, fillPath, type TInvoice } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveFile } from "@/lib/save-file";

export type InvoiceFileFormat = "pdf" | "csv";

const pathOf = { pdf: billingApi.invoicePdf, csv: billingApi.invoiceCsv } as const;

/** Fetches the invoice detail with the session token and saves it under the name the server suggests. */
export async function downloadInvoice({
  invoice,
  format,
}: {
  invoice: Pick<TInvoice, "id" | "period">;
  format: InvoiceFileFormat;
}) {
  const { blob, fileName } = await api.download(fillPath(pathOf[format], { invoiceId: invoice.id }));
  saveFile(blob, fileName ?? `parley-invoice-${invoice.period}.${format}`);
}

export const downloadInvoiceMutationOptions = () => mutationOptions({ mutationFn: downloadInvoice });

export function useDownloadInvoice() {
  return useMutation(downloadInvoiceMutationOptions());
}
