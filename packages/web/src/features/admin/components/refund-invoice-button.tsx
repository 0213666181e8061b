import { Button } from "@mui/material";
import type { TCompanyDetail } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useRefundInvoice } from "../api/refund-invoice";

type CompanyInvoice = TCompanyDetail["invoices"][number];

/** A paid invoice is refunded; one whose refund the gateway refused can be tried again. */
export const isRefundable = (invoice: Pick<CompanyInvoice, "status">) =>
  invoice.status === "paid" || invoice.status === "cancelFailed";

/**
 * Refunds one invoice of a company after asking, since the money leaves at once. The snackbar says how the
 * gateway answered: refunded, refused (the reason shows beside the invoice), or not answered yet.
 */
export function RefundInvoiceButton({
  companyId,
  invoice,
  monthText,
  amountText,
}: {
  companyId: string;
  invoice: CompanyInvoice;
  monthText: string;
  amountText: string;
}) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const refund = useRefundInvoice();
  const [isAsking, setIsAsking] = useState(false);
  const labels = { month: monthText, amount: amountText };

  const confirm = () =>
    refund.mutate(
      { companyId, invoiceId: invoice.id },
      {
        onSuccess: (detail) => {
          const status = detail.invoices.find((row) => row.id === invoice.id)?.status;
          if (status === "cancelled") showSnackbar(t("admin.done.refunded", labels), { severity: "success" });
          else if (status === "cancelFailed") showSnackbar(t("admin.done.refundFailed", labels), { severity: "error" });
          else showSnackbar(t("admin.done.refundPending", labels), { severity: "info" });
        },
        onSettled: () => setIsAsking(false),
      },
    );

  return (
    <>
      <Button
        size="small"
        color="error"
        onClick={() => setIsAsking(true)}
        disabled={refund.isPending}
        aria-label={t("admin.actions.refundInvoiceOf", { month: monthText })}
      >
        {invoice.status === "cancelFailed" ? t("admin.actions.retryRefund") : t("admin.actions.refundInvoice")}
      </Button>
      <ConfirmDialog
        open={isAsking}
        title={t("admin.ask.refundInvoice.title", labels)}
        body={t("admin.ask.refundInvoice.body", labels)}
        confirmLabel={t("admin.actions.refundInvoice")}
        isPending={refund.isPending}
        onConfirm={confirm}
        onClose={() => setIsAsking(false)}
      />
    </>
  );
}
