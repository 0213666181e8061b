import ReplayRounded from "@mui/icons-material/ReplayRounded";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { TWebhookAttempt, TWebhookDeliveryResponse } from "@parley/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FactList } from "@/components/fact-list";
import { LoadError } from "@/components/load-error";
import { TableRegion } from "@/components/table-region";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useFormat } from "@/hooks/use-format";
import { useWebhookDelivery } from "../api/get-webhook-delivery";
import { useRedeliverWebhook } from "../api/redeliver-webhook";
import { eventNameKey } from "../lib/events";
import { JsonBlock } from "./json-block";
import { WebhookStatusChip } from "./webhook-status-chip";

const mono = { fontFamily: "monospace", overflowWrap: "anywhere" } as const;

function AttemptsTable({ attempts }: { attempts: TWebhookAttempt[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (attempts.length === 0)
    return <Typography color="text.secondary">{t("webhooks.deliveries.noAttempts")}</Typography>;
  return (
    <TableRegion label={t("webhooks.deliveries.attempts")} sx={{ border: 1, borderColor: "divider", borderRadius: 1 }}>
      <Table size="small" aria-label={t("webhooks.deliveries.attempts")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("webhooks.deliveries.columns.time")}</TableCell>
            <TableCell>{t("webhooks.deliveries.columns.httpStatus")}</TableCell>
            <TableCell>{t("webhooks.deliveries.columns.duration")}</TableCell>
            <TableCell>{t("webhooks.deliveries.columns.response")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {attempts.map((attempt, index) => (
            // Attempts have no id of their own and never reorder: their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <TableRow key={index}>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{format.dateTime(attempt.attemptedAt)}</TableCell>
              <TableCell>{attempt.httpStatus ?? "—"}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>
                {t("webhooks.deliveries.ms", { ms: format.number(attempt.durationMs) })}
              </TableCell>
              <TableCell sx={{ ...mono, fontSize: 12, maxWidth: 320 }}>
                {attempt.error ?? attempt.responseExcerpt ?? "—"}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}

function DeliveryDetail({ detail }: { detail: TWebhookDeliveryResponse }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { delivery } = detail;
  const facts = [
    { label: t("webhooks.deliveries.webhookId"), value: delivery.id, isCode: true },
    { label: t("webhooks.deliveries.columns.time"), value: format.dateTime(delivery.createdAt) },
    { label: t("webhooks.deliveries.columns.attempts"), value: format.number(delivery.attemptCount) },
    {
      label: t("webhooks.deliveries.columns.nextAttempt"),
      value: delivery.nextAttemptAt ? format.dateTime(delivery.nextAttemptAt) : "—",
    },
  ];
  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography variant="subtitle1" component="p">
          {t(eventNameKey(delivery.eventType))}
        </Typography>
        <WebhookStatusChip status={delivery.status} />
        {delivery.eventId === null && (
          <Typography variant="caption" color="text.secondary">
            {t("webhooks.deliveries.test")}
          </Typography>
        )}
      </Box>
      <FactList facts={facts} />
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t("webhooks.deliveries.attempts")}
        </Typography>
        <AttemptsTable attempts={detail.attempts} />
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t("webhooks.deliveries.payload")}
        </Typography>
        <JsonBlock value={detail.payload} label={t("webhooks.deliveries.payload")} testId="webhook-delivery-payload" />
      </Box>
    </Stack>
  );
}

/** One delivery: every attempt with the receiver's answer, the payload, and a redelivery. */
export function WebhookDeliveryDialog({
  appId,
  deliveryId,
  onClose,
}: {
  appId: string;
  deliveryId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { showSnackbar } = useSnackbar();
  const detail = useWebhookDelivery(appId, deliveryId);
  const redeliver = useRedeliverWebhook(appId);

  const onRedeliver = () => {
    if (!deliveryId) return;
    redeliver.mutate(
      { appId, deliveryId },
      {
        onSuccess: () => showSnackbar(t("webhooks.deliveries.redelivered"), { severity: "success" }),
      },
    );
  };

  return (
    <Dialog open={deliveryId !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t("webhooks.deliveries.detailTitle")}</DialogTitle>
      <DialogContent dividers>
        {detail.isPending && <Skeleton variant="rounded" height={240} aria-busy />}
        {detail.isError && <LoadError error={detail.error} onRetry={() => void detail.refetch()} />}
        {detail.data && <DeliveryDetail detail={detail.data} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.close")}</Button>
        <Button
          variant="contained"
          startIcon={<ReplayRounded />}
          onClick={onRedeliver}
          disabled={!detail.data || redeliver.isPending}
          loading={redeliver.isPending}
        >
          {t("webhooks.deliveries.redeliver")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
