import { Chip, type ChipProps } from "@mui/material";
import { BILLING_LABEL_OF_STATE, type TPlanState } from "@parley/contract";
import { useTranslation } from "react-i18next";

const colorOf: Record<TPlanState, ChipProps["color"]> = {
  notApplied: "default",
  applicationComplete: "info",
  inService: "success",
  cancellationApplied: "warning",
  cancellationComplete: "default",
  serviceStopped: "error",
};

/** The billing label of a plan state (spec section 4's second list). */
export function PlanStateChip({ state }: { state: TPlanState }) {
  const { t } = useTranslation();
  return <Chip size="small" color={colorOf[state]} label={t(`plans.billingLabel.${BILLING_LABEL_OF_STATE[state]}`)} />;
}
