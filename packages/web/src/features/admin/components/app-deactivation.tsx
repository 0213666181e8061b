import { Button, Chip, Stack } from "@mui/material";
import type { TCompanyDetail } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useSetAppsDeactivated } from "../api/set-apps-deactivated";

type Target = { appId: string; appName: string } | "all";

/** What an admin is about to do to the company's apps, to ask first. */
interface Asked {
  target: Target;
  deactivated: boolean;
}

function actionKey({ target, deactivated }: Asked): string {
  const verb = deactivated ? "deactivate" : "reactivate";
  return target === "all" ? `${verb}Apps` : `${verb}App`;
}

/**
 * The state of each app of a company and the switches an admin turns it off and on with: one app (its calls answer
 * 3001) or every app (3002). Asked first, since the chat API of a live app stops at once.
 */
export function useAppDeactivation(detail: TCompanyDetail) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const mutation = useSetAppsDeactivated();
  const [asked, setAsked] = useState<Asked | null>(null);
  const companyId = detail.company.id;
  const name = detail.company.companyName || detail.company.email;
  const areAllDeactivated = detail.appsDeactivatedAt !== null;

  const labels = (each: Asked) => {
    const app = each.target === "all" ? "" : each.target.appName;
    return { name, app };
  };

  const run = (each: Asked) =>
    mutation.mutate(
      { companyId, deactivated: each.deactivated, ...(each.target === "all" ? {} : { appId: each.target.appId }) },
      {
        onSuccess: () => showSnackbar(t(`admin.done.${actionKey(each)}`, labels(each)), { severity: "success" }),
        onSettled: () => setAsked(null),
      },
    );

  const allAppsButton = (
    <Button
      variant={areAllDeactivated ? "contained" : "outlined"}
      color={areAllDeactivated ? "success" : "error"}
      onClick={() => setAsked({ target: "all", deactivated: !areAllDeactivated })}
      disabled={mutation.isPending || (detail.apps.length === 0 && !areAllDeactivated)}
    >
      {t(areAllDeactivated ? "admin.actions.reactivateApps" : "admin.actions.deactivateApps")}
    </Button>
  );

  const appState = (app: TCompanyDetail["apps"][number]) => {
    const state = areAllDeactivated ? "accountDeactivated" : app.deactivatedAt ? "deactivated" : "active";
    const isOff = app.deactivatedAt !== null;
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "flex-end", flexWrap: "wrap" }}>
        <Chip
          size="small"
          label={t(`admin.appState.${state}`)}
          color={state === "active" ? "success" : "default"}
          variant="outlined"
        />
        <Button
          size="small"
          color={isOff ? "success" : "error"}
          onClick={() => setAsked({ target: { appId: app.id, appName: app.name }, deactivated: !isOff })}
          disabled={mutation.isPending}
          aria-label={t(isOff ? "admin.actions.reactivateAppOf" : "admin.actions.deactivateAppOf", { app: app.name })}
        >
          {t(isOff ? "admin.actions.reactivateApp" : "admin.actions.deactivateApp")}
        </Button>
      </Stack>
    );
  };

  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      title={asked ? t(`admin.ask.${actionKey(asked)}.title`, labels(asked)) : ""}
      body={asked ? t(`admin.ask.${actionKey(asked)}.body`, labels(asked)) : ""}
      confirmLabel={asked ? t(`admin.actions.${actionKey(asked)}`) : ""}
      isDestructive={asked?.deactivated ?? false}
      isPending={mutation.isPending}
      onConfirm={() => asked && run(asked)}
      onClose={() => setAsked(null)}
    />
  );

  return { allAppsButton, appState, dialog };
}
