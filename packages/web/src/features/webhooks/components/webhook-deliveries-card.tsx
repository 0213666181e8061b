import {
  Link,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import type { TWebhookDelivery } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { RefreshButton } from "@/components/refresh-button";
import { SettingsCard } from "@/components/settings-card";
import { notOnPhone, wideOnly } from "@/components/table-cells";
import { TableRegion } from "@/components/table-region";
import { useFormat } from "@/hooks/use-format";
import { useWebhookDeliveries } from "../api/get-webhook-deliveries";
import type { DeliveryFilter } from "../api/keys";
import { eventNameKey } from "../lib/events";
import { WebhookDeliveryDialog } from "./webhook-delivery-dialog";
import { WebhookStatusChip } from "./webhook-status-chip";

function DeliveryRow({ delivery, onOpen }: { delivery: TWebhookDelivery; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const attempt = delivery.lastAttempt;
  return (
    <TableRow hover onClick={() => onOpen(delivery.id)} sx={{ cursor: "pointer" }}>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{format.dateTime(delivery.createdAt)}</TableCell>
      <TableCell>
        <Link
          component="button"
          type="button"
          underline="hover"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(delivery.id);
          }}
          sx={{ textAlign: "left" }}
        >
          {t(eventNameKey(delivery.eventType))}
        </Link>
      </TableCell>
      <TableCell>
        <WebhookStatusChip status={delivery.status} />
      </TableCell>
      <TableCell sx={notOnPhone}>{format.number(delivery.attemptCount)}</TableCell>
      <TableCell sx={wideOnly}>{attempt?.httpStatus ?? "—"}</TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: "nowrap" }}>
        {attempt ? t("webhooks.deliveries.ms", { ms: format.number(attempt.durationMs) }) : "—"}
      </TableCell>
      <TableCell sx={{ ...wideOnly, whiteSpace: "nowrap" }}>
        {delivery.nextAttemptAt ? format.dateTime(delivery.nextAttemptAt) : "—"}
      </TableCell>
    </TableRow>
  );
}

/** Every delivery with its latest attempt; a row opens the attempts, the payload and a redelivery. */
export function WebhookDeliveriesCard({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<DeliveryFilter>("all");
  const [openId, setOpenId] = useState<string | null>(null);
  const deliveries = useWebhookDeliveries(appId, filter);
  const rows = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];

  return (
    <>
      <SettingsCard
        title={t("webhooks.deliveries.title")}
        subheader={t("webhooks.deliveries.description")}
        action={
          <RefreshButton
            label={t("webhooks.deliveries.refresh")}
            onClick={() => void deliveries.refetch()}
            disabled={deliveries.isFetching}
          />
        }
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter}
          onChange={(_event, value: DeliveryFilter | null) => value && setFilter(value)}
          aria-label={t("webhooks.deliveries.filter")}
          sx={{ mb: 2 }}
        >
          <ToggleButton value="all">{t("webhooks.deliveries.filterAll")}</ToggleButton>
          <ToggleButton value="failed">{t("webhooks.deliveries.filterFailed")}</ToggleButton>
        </ToggleButtonGroup>
        {deliveries.isPending && <Skeleton variant="rounded" height={160} aria-busy />}
        {deliveries.isError && <LoadError error={deliveries.error} onRetry={() => void deliveries.refetch()} />}
        {deliveries.isSuccess && rows.length === 0 && (
          <Typography color="text.secondary">
            {t(filter === "failed" ? "webhooks.deliveries.noFailures" : "webhooks.deliveries.empty")}
          </Typography>
        )}
        {rows.length > 0 && (
          <TableRegion
            label={t("webhooks.deliveries.title")}
            sx={{ border: 1, borderColor: "divider", borderRadius: 1 }}
          >
            <Table size="small" aria-label={t("webhooks.deliveries.title")}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("webhooks.deliveries.columns.time")}</TableCell>
                  <TableCell>{t("webhooks.deliveries.columns.event")}</TableCell>
                  <TableCell>{t("webhooks.deliveries.columns.status")}</TableCell>
                  <TableCell sx={notOnPhone}>{t("webhooks.deliveries.columns.attempts")}</TableCell>
                  <TableCell sx={wideOnly}>{t("webhooks.deliveries.columns.httpStatus")}</TableCell>
                  <TableCell sx={wideOnly}>{t("webhooks.deliveries.columns.duration")}</TableCell>
                  <TableCell sx={wideOnly}>{t("webhooks.deliveries.columns.nextAttempt")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((delivery) => (
                  <DeliveryRow key={delivery.id} delivery={delivery} onOpen={setOpenId} />
                ))}
              </TableBody>
            </Table>
          </TableRegion>
        )}
        <LoadMore pages={deliveries} />
      </SettingsCard>
      <WebhookDeliveryDialog appId={appId} deliveryId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
