import CampaignRounded from "@mui/icons-material/CampaignRounded";
import EventRepeatRounded from "@mui/icons-material/EventRepeatRounded";
import LockOpenRounded from "@mui/icons-material/LockOpenRounded";
import PauseCircleRounded from "@mui/icons-material/PauseCircleRounded";
import PlayCircleRounded from "@mui/icons-material/PlayCircleRounded";
import { Box, Button, FormControlLabel, Stack, Switch, Typography } from "@mui/material";
import type { TCompanyDetail } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useRestoreService } from "../api/restore-service";
import { useSetNoticeFeature } from "../api/set-notice-feature";
import { useStopService } from "../api/stop-service";
import { useUnlockAccount } from "../api/unlock-account";
import { isStoppedByAdmin } from "../lib/service-stop";
import { AdminNoticeDialog } from "./admin-notice-dialog";
import { ExtendTrialDialog } from "./extend-trial-dialog";

type ServiceAction = "stopService" | "restoreService";

/**
 * What an admin can do to one company. Each action answers with the company as it is now, which the page shows at
 * once; the server records who did it and when in the history below.
 */
export function CompanyActions({ detail }: { detail: TCompanyDetail }) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const setNoticeFeature = useSetNoticeFeature();
  const unlock = useUnlockAccount();
  const stopService = useStopService();
  const restoreService = useRestoreService();
  const [isExtending, setIsExtending] = useState(false);
  const [isNoticing, setIsNoticing] = useState(false);
  const [asked, setAsked] = useState<ServiceAction | null>(null);
  const { company } = detail;
  const companyId = company.id;
  const name = company.companyName || company.email;
  const isStopped = isStoppedByAdmin(detail.actions);
  const isBusy = setNoticeFeature.isPending || unlock.isPending || stopService.isPending || restoreService.isPending;

  const switchNoticeFeature = (enabled: boolean) =>
    setNoticeFeature.mutate(
      { companyId, enabled },
      {
        onSuccess: (saved) =>
          showSnackbar(
            t(saved.company.noticeFeatureEnabled ? "admin.done.noticeOn" : "admin.done.noticeOff", { name }),
            { severity: "success" },
          ),
      },
    );

  const unlockAccount = () =>
    unlock.mutate(
      { companyId },
      { onSuccess: () => showSnackbar(t("admin.done.unlocked", { name }), { severity: "success" }) },
    );

  const runServiceAction = (action: ServiceAction) => {
    const mutation = action === "stopService" ? stopService : restoreService;
    mutation.mutate(
      { companyId },
      {
        onSuccess: () => showSnackbar(t(`admin.done.${action}`, { name }), { severity: "success" }),
        onSettled: () => setAsked(null),
      },
    );
  };

  return (
    <Stack spacing={2.5}>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={
                setNoticeFeature.isPending
                  ? (setNoticeFeature.variables?.enabled ?? company.noticeFeatureEnabled)
                  : company.noticeFeatureEnabled
              }
              disabled={isBusy}
              onChange={(event) => switchNoticeFeature(event.target.checked)}
            />
          }
          label={t("admin.actions.noticeFeature")}
        />
        <Typography variant="body2" color="text.secondary">
          {t("admin.actions.noticeFeatureHint")}
        </Typography>
      </Box>
      <Box role="group" aria-label={t("admin.detail.actions")} sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<EventRepeatRounded />}
          onClick={() => setIsExtending(true)}
          disabled={isBusy}
        >
          {t("admin.actions.extendTrial")}
        </Button>
        <Button
          variant="outlined"
          startIcon={<CampaignRounded />}
          onClick={() => setIsNoticing(true)}
          disabled={isBusy}
        >
          {t("admin.notices.postToCompany")}
        </Button>
        <Button
          variant="outlined"
          startIcon={<LockOpenRounded />}
          onClick={unlockAccount}
          disabled={isBusy || company.lockedAt === null}
        >
          {t("admin.actions.unlock")}
        </Button>
        {isStopped ? (
          <Button
            variant="contained"
            color="success"
            startIcon={<PlayCircleRounded />}
            onClick={() => setAsked("restoreService")}
            disabled={isBusy}
          >
            {t("admin.actions.restoreService")}
          </Button>
        ) : (
          <Button
            variant="outlined"
            color="error"
            startIcon={<PauseCircleRounded />}
            onClick={() => setAsked("stopService")}
            disabled={isBusy}
          >
            {t("admin.actions.stopService")}
          </Button>
        )}
      </Box>
      {company.lockedAt === null && (
        <Typography variant="caption" color="text.secondary">
          {t("admin.actions.unlockHint")}
        </Typography>
      )}
      <ExtendTrialDialog detail={detail} open={isExtending} onClose={() => setIsExtending(false)} />
      <AdminNoticeDialog open={isNoticing} company={{ id: companyId, name }} onClose={() => setIsNoticing(false)} />
      <ConfirmDialog
        open={asked !== null}
        title={asked ? t(`admin.ask.${asked}.title`, { name }) : ""}
        body={asked ? t(`admin.ask.${asked}.body`, { name }) : ""}
        confirmLabel={asked ? t(`admin.actions.${asked}`) : ""}
        isDestructive={asked === "stopService"}
        isPending={stopService.isPending || restoreService.isPending}
        onConfirm={() => asked && runServiceAction(asked)}
        onClose={() => setAsked(null)}
      />
    </Stack>
  );
}
