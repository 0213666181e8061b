import { Chip } from "@mui/material";
import type { TWebhookDelivery } from "@parley/contract";
import { useTranslation } from "react-i18next";

const colors = { pending: "warning", succeeded: "success", failed: "error" } as const;

export function WebhookStatusChip({ status }: { status: TWebhookDelivery["status"] }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" variant="outlined" color={colors[status]} label={t(`webhooks.deliveries.status.${status}`)} />
  );
}
