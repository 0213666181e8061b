import { Chip, type ChipProps } from "@mui/material";
import type { TInvoiceStatus } from "@parley/contract";
import { useTranslation } from "react-i18next";

const colorOf: Record<TInvoiceStatus, ChipProps["color"]> = {
  generating: "default",
  confirmationNeeded: "info",
  failed: "error",
  paid: "success",
  cancelPending: "warning",
  cancelled: "default",
  cancelFailed: "error",
};

export function InvoiceStatusChip({ status }: { status: TInvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" color={colorOf[status]} label={t(`billing.invoices.status.${status}`)} />
  );
}
