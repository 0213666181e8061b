import FileDownloadRounded from "@mui/icons-material/FileDownloadRounded";
import { Box, Button, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { PAYMENT_RETRY_DAYS, type TInvoice } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { LoadError } from "@/components/load-error";
import { RefreshButton } from "@/components/refresh-button";
import { SettingsCard } from "@/components/settings-card";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { TableRegion } from "@/components/table-region";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useFormat } from "@/hooks/use-format";
import { type InvoiceFileFormat, useDownloadInvoice } from "../api/download-invoice";
import { useInvoices } from "../api/get-invoices";
import { usePayInvoice } from "../api/pay-invoice";
import { InvoiceStatusChip } from "./invoice-status-chip";

const fileFormats: InvoiceFileFormat[] = ["pdf", "csv"];

function InvoiceRow({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const format = useFormat();
  const download = useDownloadInvoice();
  const pay = usePayInvoice();
  const { showSnackbar } = useSnackbar();
  const month = format.month(invoice.period);
  const money = (minor: number) => format.money(minor, invoice.currency);

  const save = (fileFormat: InvoiceFileFormat) => download.mutate({ invoice, format: fileFormat });

  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ whiteSpace: "nowrap" }}>
        {month}
        <Typography variant="caption" color="text.secondary" component="div">
          {t("billing.invoices.days", {
            from: format.day(invoice.periodStart),
            to: format.day(invoice.periodEnd),
          })}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
        {money(invoice.total)}
        <Typography variant="caption" color="text.secondary" component="div">
          {t("billing.invoices.feeAndVat", { fee: money(invoice.fee), vat: money(invoice.vat) })}
        </Typography>
      </TableCell>
      <TableCell sx={wideOnly}>
        {t("billing.invoices.messages", { messages: format.number(invoice.usage.messages) })}
        <Typography variant="caption" color="text.secondary" component="div">
          {t("billing.invoices.dau", { dau: format.number(invoice.usage.cumulativeDau) })}
        </Typography>
      </TableCell>
      <TableCell sx={{ ...notOnPhone, whiteSpace: "nowrap" }}>{format.day(invoice.paymentDate)}</TableCell>
      <TableCell>
        <InvoiceStatusChip status={invoice.status} />
        {invoice.status === "failed" && (
          <Typography variant="caption" color="error" component="div" sx={{ mt: 0.5 }}>
            {t("billing.invoices.failedAttempts", { attempts: invoice.failedAttempts, max: PAYMENT_RETRY_DAYS })}
            {invoice.lastFailureReason ? ` · ${invoice.lastFailureReason}` : ""}
          </Typography>
        )}
        {invoice.status === "failed" && (
          <Button
            size="small"
            sx={{ mt: 0.5, px: 0 }}
            disabled={pay.isPending}
            aria-label={t("billing.invoices.payNowFor", { period: month })}
            onClick={() =>
              pay.mutate(
                { invoiceId: invoice.id },
                {
                  onSuccess: () => showSnackbar(t("billing.invoices.paid", { period: month }), { severity: "success" }),
                },
              )
            }
          >
            {t("billing.invoices.payNow")}
          </Button>
        )}
      </TableCell>
      <TableCell align="right">
        <Box sx={{ display: "inline-flex", gap: 0.5, flexWrap: "wrap", justifyContent: "flex-end" }}>
          {fileFormats.map((fileFormat) => (
            <Button
              key={fileFormat}
              size="small"
              startIcon={<FileDownloadRounded />}
              disabled={invoice.status === "generating" || download.isPending}
              aria-label={t(`billing.invoices.download.${fileFormat}`, { period: month })}
              onClick={() => save(fileFormat)}
            >
              {fileFormat.toUpperCase()}
            </Button>
          ))}
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** `/bills`: every monthly invoice, newest first as the server sends them, with its detail as PDF and CSV. */
export function InvoicesCard() {
  const { t } = useTranslation();
  const invoices = useInvoices();
  return (
    <SettingsCard
      title={t("billing.invoices.title")}
      subheader={t("billing.invoices.description")}
      action={
        <RefreshButton
          label={t("billing.invoices.refresh")}
          onClick={() => void invoices.refetch()}
          disabled={invoices.isFetching}
        />
      }
    >
      {invoices.isPending && <Skeleton variant="rounded" height={160} aria-busy />}
      {invoices.isError && <LoadError error={invoices.error} onRetry={() => void invoices.refetch()} />}
      {invoices.data?.length === 0 && <Typography color="text.secondary">{t("billing.invoices.empty")}</Typography>}
      {invoices.data && invoices.data.length > 0 && (
        <TableRegion label={t("billing.invoices.title")} sx={{ border: 1, borderColor: "divider", borderRadius: 1 }}>
          <Table size="small" aria-label={t("billing.invoices.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("billing.invoices.columns.period")}</TableCell>
                <TableCell align="right">{t("billing.invoices.columns.total")}</TableCell>
                <TableCell sx={wideOnly}>{t("billing.invoices.columns.usage")}</TableCell>
                <TableCell sx={notOnPhone}>{t("billing.invoices.columns.paymentDate")}</TableCell>
                <TableCell>{t("billing.invoices.columns.status")}</TableCell>
                <TableCell align="right">{t("billing.invoices.columns.detail")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoices.data.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} />
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
    </SettingsCard>
  );
}
