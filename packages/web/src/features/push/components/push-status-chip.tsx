import { Chip } from "@mui/material";
import type { TPushAttempt } from "@parley/contract";
import { useTranslation } from "react-i18next";

const colors = {
  sending: "info",
  retrying: "info",
  sent: "success",
  failed: "error",
  invalid_token: "warning",
} as const;

export function PushStatusChip({ status }: { status: TPushAttempt["status"] }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={colors[status]} label={t(`push.log.status.${status}`)} />;
}
