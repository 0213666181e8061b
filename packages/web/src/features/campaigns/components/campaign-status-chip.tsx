import { Chip, type ChipProps } from "@mui/material";
import type { TCampaignStatus } from "@parley/contract";
import { useTranslation } from "react-i18next";

const COLOR: Record<TCampaignStatus, ChipProps["color"]> = {
  draft: "default",
  awaiting: "info",
  sending: "primary",
  sent: "success",
  cancelled: "default",
  send_failed: "error",
  deleting: "warning",
  deleted: "default",
  delete_failed: "error",
};

/** A campaign's status in the words of spec section 4; finished states are outlined, the rest filled. */
export function CampaignStatusChip({ status }: { status: TCampaignStatus }) {
  const { t } = useTranslation();
  const isSettled = status === "sent" || status === "cancelled" || status === "deleted";
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={isSettled ? "outlined" : "filled"}
      label={t(`campaigns.status.${status}`)}
      data-status={status}
    />
  );
}
