import { Chip, type ChipProps } from "@mui/material";
import type { TCompanyPlanState, TUserType } from "@parley/contract";
import { useTranslation } from "react-i18next";

const planStateColor: Record<TCompanyPlanState, ChipProps["color"]> = {
  trial: "info",
  paid: "success",
  cancelling: "warning",
  stopped: "error",
  marketplace: "secondary",
};

export function CompanyPlanStateChip({ state }: { state: TCompanyPlanState }) {
  const { t } = useTranslation();
  return <Chip size="small" color={planStateColor[state]} label={t(`admin.planState.${state}`)} />;
}

export function AccountKindChip({ kind }: { kind: TUserType }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" label={t(`admin.kind.${kind}`)} />;
}
