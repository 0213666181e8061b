import ArrowBackRounded from "@mui/icons-material/ArrowBackRounded";
import BarChartRounded from "@mui/icons-material/BarChartRounded";
import CancelRounded from "@mui/icons-material/CancelRounded";
import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import EditRounded from "@mui/icons-material/EditRounded";
import ReplayRounded from "@mui/icons-material/ReplayRounded";
import SendRounded from "@mui/icons-material/SendRounded";
import { Alert, Box, Button, LinearProgress, Link, Skeleton, Stack, Typography } from "@mui/material";
import { campaignAllows, isErrorCode, type TCampaign } from "@parley/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FactRow } from "@/components/fact-row";
import { FigureCard } from "@/components/figure-card";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { useFormat } from "@/hooks/use-format";
import { useCancelCampaign } from "../api/cancel-campaign";
import { useDeleteCampaignMessages } from "../api/delete-campaign-messages";
import { useDiscardCampaign } from "../api/discard-campaign";
import { useCampaign } from "../api/get-campaign";
import { campaignKeys } from "../api/keys";
import { useRetryCampaign } from "../api/retry-campaign";
import { CampaignStatusChip } from "./campaign-status-chip";
import { SendTiming } from "./campaigns-table";
import { RecipientCounts } from "./recipients-step";

/** Actions that cannot be taken back, asked first. */
type AskedAction = "discard" | "cancel" | "deleteMessages";

/** Whether the report has anything to show: reads are counted from the day a send starts. */
export function hasReport(campaign: Pick<TCampaign, "startedAt">) {
  return campaign.startedAt !== null;
}

function CampaignActions({ appId, campaign }: { appId: string; campaign: TCampaign }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const discard = useDiscardCampaign(appId);
  const cancel = useCancelCampaign(appId);
  const retry = useRetryCampaign(appId);
  const deleteMessages = useDeleteCampaignMessages(appId);
  const [asked, setAsked] = useState<AskedAction | null>(null);
  const { status } = campaign;
  const ids = { appId, campaignId: campaign.id };
  const onError = () => {
    setAsked(null);
    // A 3057 means the status moved on (the sender finished, another tab acted): show the one it has now.
    void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(appId, campaign.id) });
  };
  const isBusy = discard.isPending || cancel.isPending || retry.isPending || deleteMessages.isPending;

  const run = (action: AskedAction) => {
    if (action === "discard") {
      discard.mutate(ids, {
        onSuccess: () => {
          showSnackbar(t("campaigns.detail.discarded"), { severity: "success" });
          navigate(paths.apps.message.campaignList.getHref(appId), { replace: true });
        },
        onError,
      });
      return;
    }
    const mutation = action === "cancel" ? cancel : deleteMessages;
    mutation.mutate(ids, {
      onSuccess: () => {
        setAsked(null);
        showSnackbar(t(`campaigns.detail.done.${action}`), { severity: "success" });
      },
      onError,
    });
  };

  const retryAction = () =>
    retry.mutate(ids, {
      onSuccess: () => showSnackbar(t("campaigns.detail.done.retry"), { severity: "success" }),
      onError,
    });

  return (
    <>
      <Box role="group" aria-label={t("campaigns.detail.actions")} sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
        {campaignAllows("edit", status) && (
          <Button
            variant="contained"
            startIcon={<EditRounded />}
            component={RouterLink}
            to={paths.apps.message.campaignDraft.getHref(appId, campaign.id)}
          >
            {t("campaigns.actions.edit")}
          </Button>
        )}
        {campaignAllows("discard", status) && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlineRounded />}
            onClick={() => setAsked("discard")}
            disabled={isBusy}
          >
            {t("campaigns.actions.discard")}
          </Button>
        )}
        {campaignAllows("cancel", status) && (
          <Button
            color="warning"
            variant="outlined"
            startIcon={<CancelRounded />}
            onClick={() => setAsked("cancel")}
            disabled={isBusy}
          >
            {t("campaigns.actions.cancel")}
          </Button>
        )}
        {campaignAllows("retrySend", status) && (
          <Button variant="contained" startIcon={<ReplayRounded />} onClick={retryAction} disabled={isBusy}>
            {t("campaigns.actions.retrySend")}
          </Button>
        )}
        {campaignAllows("retryDelete", status) && (
          <Button variant="contained" startIcon={<ReplayRounded />} onClick={retryAction} disabled={isBusy}>
            {t("campaigns.actions.retryDelete")}
          </Button>
        )}
        {campaignAllows("deleteMessages", status) && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlineRounded />}
            onClick={() => setAsked("deleteMessages")}
            disabled={isBusy}
          >
            {t("campaigns.actions.deleteMessages")}
          </Button>
        )}
        {campaignAllows("resend", status) && (
          <Button
            variant="outlined"
            startIcon={<SendRounded />}
            component={RouterLink}
            to={paths.apps.message.campaignResend.getHref(appId, campaign.id)}
          >
            {t("campaigns.actions.resend")}
          </Button>
        )}
        {hasReport(campaign) && (
          <Button
            variant="outlined"
            startIcon={<BarChartRounded />}
            component={RouterLink}
            to={paths.apps.message.campaignReport.getHref(appId, campaign.id)}
          >
            {t("campaigns.actions.report")}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={asked !== null}
        title={asked ? t(`campaigns.detail.ask.${asked}.title`) : ""}
        body={
          asked ? t(`campaigns.detail.ask.${asked}.body`, { title: campaign.title || t("campaigns.untitled") }) : ""
        }
        confirmLabel={asked ? t(`campaigns.actions.${asked}`) : ""}
        isPending={isBusy}
        onConfirm={() => asked && run(asked)}
        onClose={() => setAsked(null)}
      />
    </>
  );
}

/** Where a running send or deletion stands: handled of all for a send, deleted of delivered for a deletion. */
function Progress({ campaign }: { campaign: TCampaign }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { progress } = campaign;
  const isDeleting = campaign.status === "deleting";
  const done = isDeleting ? progress.deleted : progress.sent;
  const of = isDeleting ? progress.succeeded : progress.recipients;
  const label = t(isDeleting ? "campaigns.detail.deleteProgress" : "campaigns.detail.sendProgress");
  return (
    <Box role="status" aria-live="polite">
      <Box sx={{ display: "flex", justifyContent: "space-between", flexWrap: "wrap", columnGap: 2, mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="campaign-progress">
          {t("campaigns.detail.progressCount", { done: format.number(done), total: format.number(of) })}
        </Typography>
      </Box>
      <LinearProgress
        variant={of > 0 ? "determinate" : "indeterminate"}
        value={of > 0 ? Math.min(100, (done / of) * 100) : 0}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

function Figures({ campaign }: { campaign: TCampaign }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { progress } = campaign;
  const figures = [
    ["recipients", progress.recipients],
    ["sent", progress.sent],
    ["succeeded", progress.succeeded],
    ["failed", progress.failed],
    ["deleted", progress.deleted],
  ] as const;
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: "grid", gap: 2, gridTemplateColumns: { xs: "repeat(2, 1fr)", md: "repeat(5, 1fr)" } }}
    >
      {figures.map(([key, value]) => (
        <FigureCard key={key} label={t(`campaigns.figures.${key}`)} valueVariant="h5" testId={`figure-${key}`}>
          {format.number(value)}
        </FigureCard>
      ))}
    </Box>
  );
}

/** The text of the catalogue code that stopped a send or deletion. */
function failureKey(code: string) {
  return isErrorCode(code) ? `ERROR_${code}` : "ERROR_001";
}

/**
 * `/apps/:id/message/campaign/:campaignId/detail`: everything about one campaign, with the actions its status
 * allows. While it is awaiting, sending or deleting the page reloads every two seconds.
 */
export function CampaignDetail({ appId, campaignId }: { appId: string; campaignId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const campaign = useCampaign(appId, campaignId);
  const data = campaign.data;
  const listHref = paths.apps.message.campaignList.getHref(appId);
  const isRunning = data?.status === "sending" || data?.status === "deleting";

  return (
    <>
      <Box sx={{ mb: 1 }}>
        <Button component={RouterLink} to={listHref} startIcon={<ArrowBackRounded />} size="small">
          {t("campaigns.detail.backToList")}
        </Button>
      </Box>
      <PageHeader
        title={data?.title || t("pages.campaignDetail")}
        actions={data && <CampaignActions appId={appId} campaign={data} />}
      />
      {campaign.isPending && <Skeleton variant="rounded" height={420} aria-busy />}
      {campaign.isError && <LoadError error={campaign.error} onRetry={() => void campaign.refetch()} />}
      {data && (
        <Stack spacing={3}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
            <CampaignStatusChip status={data.status} />
            {data.status === "awaiting" && (
              <Typography variant="body2" color="text.secondary">
                <SendTiming campaign={data} />
              </Typography>
            )}
          </Box>
          {(data.status === "send_failed" || data.status === "delete_failed") && (
            <Alert severity="error" data-testid="campaign-error">
              {t(data.status === "send_failed" ? "campaigns.detail.sendFailed" : "campaigns.detail.deleteFailed", {
                reason: t(failureKey(data.errorCode ?? "001")),
              })}
            </Alert>
          )}
          {isRunning && <Progress campaign={data} />}
          <Figures campaign={data} />
          <SettingsCard title={t("campaigns.detail.sending")}>
            <Box component="dl" sx={{ m: 0, display: "grid", gap: 1 }}>
              <FactRow label={t("campaigns.fields.brand")}>{data.brand?.name ?? t("campaigns.noBrand")}</FactRow>
              <FactRow label={t("campaigns.fields.sendType")}>
                <SendTiming campaign={data} />
              </FactRow>
              <FactRow label={t("campaigns.fields.startedAt")}>
                {data.startedAt ? format.dateTime(data.startedAt) : t("campaigns.none")}
              </FactRow>
              <FactRow label={t("campaigns.fields.finishedAt")}>
                {data.finishedAt ? format.dateTime(data.finishedAt) : t("campaigns.none")}
              </FactRow>
              <FactRow label={t("campaigns.fields.createdAt")}>{format.dateTime(data.createdAt)}</FactRow>
              {data.resentFromId && (
                <FactRow label={t("campaigns.fields.resentFrom")}>
                  <Link component={RouterLink} to={paths.apps.message.campaignDetail.getHref(appId, data.resentFromId)}>
                    {t("campaigns.detail.original")}
                  </Link>
                </FactRow>
              )}
            </Box>
          </SettingsCard>
          <SettingsCard title={t("campaigns.detail.message")}>
            <Box component="dl" sx={{ m: 0, display: "grid", gap: 1 }}>
              <FactRow label={t("campaigns.fields.title")}>{data.title || t("campaigns.untitled")}</FactRow>
              <FactRow label={t("campaigns.fields.content")}>
                <Box component="span" sx={{ whiteSpace: "pre-wrap" }}>
                  {data.content || t("campaigns.none")}
                </Box>
              </FactRow>
              <FactRow label={t("campaigns.fields.metadata")}>
                <Box component="span" sx={{ whiteSpace: "pre-line" }}>
                  {data.metadata.length === 0
                    ? t("campaigns.none")
                    : data.metadata.map((entry) => `${entry.key} = ${entry.value}`).join("\n")}
                </Box>
              </FactRow>
              <FactRow label={t("campaigns.fields.push")}>
                {data.push.enabled ? t("campaigns.pushOn") : t("campaigns.pushOff")}
              </FactRow>
              {data.push.enabled && (
                <>
                  <FactRow label={t("campaigns.fields.pushTitle")}>{data.push.title}</FactRow>
                  <FactRow label={t("campaigns.fields.pushBody")}>
                    <Box component="span" sx={{ whiteSpace: "pre-wrap" }}>
                      {data.push.body}
                    </Box>
                  </FactRow>
                </>
              )}
            </Box>
          </SettingsCard>
          <SettingsCard title={t("campaigns.fields.recipients")}>
            <RecipientCounts appId={appId} campaign={data} />
          </SettingsCard>
        </Stack>
      )}
    </>
  );
}
