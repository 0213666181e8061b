import { Button, type ButtonProps } from "@mui/material";
import { PAID_PLAN_TYPE, type TPaidStartInfo } from "@parley/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/session";
import { useChangePlan } from "../api/change-plan";
import { currentPlanQueryOptions } from "../api/get-current-plan";
import { useLoadPaidStartInfo } from "../api/get-paid-start-info";
import { PaidPlanDialog } from "./paid-plan-dialog";

/**
 * "Switch to paid plan" wherever it appears (notice bar, billing, overview): loads the start dates, shows the
 * application dialog, and applies. Success goes to /bills and reloads every query, since a new plan changes the
 * notices, the plan, the expected payment and the overview at once. Without a registered card the dialog says so
 * before Apply and links to the card registration. A failure closes the dialog and puts the catalogue message in
 * the snackbar (spec section 8).
 */
export function ApplyPaidPlanButton({
  variant = "contained",
  size,
  color,
  sx,
}: Pick<ButtonProps, "variant" | "size" | "color" | "sx">) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [info, setInfo] = useState<TPaidStartInfo | null>(null);
  const [hasCard, setHasCard] = useState<boolean | null>(null);
  const loadStartInfo = useLoadPaidStartInfo();
  const change = useChangePlan();

  /** Read fresh, as a card may have been registered in another tab; null when unknown, and 5004 then says it. */
  const isCardRegistered = () =>
    queryClient.fetchQuery({ ...currentPlanQueryOptions(), staleTime: 0 }).then(
      (plan) => plan.cardRegistered,
      () => null,
    );

  const open = () => {
    const cardRegistered = isCardRegistered();
    loadStartInfo.mutate(undefined, {
      onSuccess: async (startInfo) => {
        setHasCard(await cardRegistered);
        setInfo(startInfo);
      },
    });
  };

  const apply = (dates: TPaidStartInfo) =>
    change.mutate(
      { startDate: dates.paidPlanStartDate, endDate: dates.paidPlanEndDate, planType: PAID_PLAN_TYPE },
      {
        onError: () => setInfo(null),
        onSuccess: async () => {
          setInfo(null);
          showSnackbar(t("plans.apply.applied"), { severity: "success" });
          await navigate(paths.bills.getHref());
          void queryClient.invalidateQueries();
        },
      },
    );

  return (
    <>
      <Button variant={variant} size={size} color={color} sx={sx} disabled={loadStartInfo.isPending} onClick={open}>
        {t("plans.apply.button")}
      </Button>
      <PaidPlanDialog
        info={info}
        hasCard={hasCard}
        currency={session?.paymentCurrency ?? "KRW"}
        isPending={change.isPending}
        onApply={apply}
        onClose={() => setInfo(null)}
      />
    </>
  );
}
