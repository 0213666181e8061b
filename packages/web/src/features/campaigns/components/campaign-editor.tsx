import { Box, Button, Skeleton, Stack, Typography } from "@mui/material";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Link as RouterLink, useLocation, useNavigate } from "react-router";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { paths } from "@/config/paths";
import { inlineErrors } from "@/lib/mutation-errors";
import { useCampaign } from "../api/get-campaign";
import { useResendCampaign } from "../api/resend-campaign";
import { CampaignWizard } from "./campaign-wizard";

/** What the register and resend pages hand the draft page: the step the user was on. */
interface DraftLocationState {
  step: number;
}

function stepOfState(state: unknown): number {
  const step = (state as Partial<DraftLocationState> | null)?.step;
  return typeof step === "number" ? step : 0;
}

/** `/apps/:id/message/campaign/register`: a new bulk message; its first save moves to the draft's own address. */
export function RegisterCampaign({ appId, appName }: { appId: string; appName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t("pages.campaignRegister")} description={t("campaigns.form.registerDescription")} />
      <CampaignWizard
        appId={appId}
        appName={appName}
        onCreated={(draft, step) => {
          const state: DraftLocationState = { step };
          navigate(paths.apps.message.campaignDraft.getHref(appId, draft.id), { replace: true, state });
        }}
      />
    </>
  );
}

/** `/apps/:id/message/campaign/:campaignId/draft`: a saved draft in the same wizard; anything else shows its detail. */
export function ContinueCampaignDraft({
  appId,
  campaignId,
  appName,
}: {
  appId: string;
  campaignId: string;
  appName: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const campaign = useCampaign(appId, campaignId);
  if (campaign.data && campaign.data.status !== "draft") {
    return <Navigate to={paths.apps.message.campaignDetail.getHref(appId, campaignId)} replace />;
  }
  return (
    <>
      <PageHeader title={t("pages.campaignDraft")} description={t("campaigns.form.draftDescription")} />
      {campaign.isPending && <Skeleton variant="rounded" height={480} aria-busy />}
      {campaign.isError && <LoadError error={campaign.error} onRetry={() => void campaign.refetch()} />}
      {campaign.data && (
        <CampaignWizard
          appId={appId}
          appName={appName}
          campaign={campaign.data}
          initialStep={stepOfState(location.state)}
        />
      )}
    </>
  );
}

/**
 * `/apps/:id/message/campaign/:campaignId/resend`: copies the campaign into a new draft once, then replaces this
 * address with the draft's, so Back does not copy it again.
 */
export function ResendCampaign({ appId, campaignId }: { appId: string; campaignId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resend = useResendCampaign(appId, inlineErrors);
  const { mutateAsync } = resend;
  const hasStarted = useRef(false);

  const start = useCallback(() => {
    mutateAsync({ appId, campaignId }).then(
      (draft) => navigate(paths.apps.message.campaignDraft.getHref(appId, draft.id), { replace: true }),
      // The mutation's state shows the failure with a retry.
      () => undefined,
    );
  }, [mutateAsync, appId, campaignId, navigate]);

  useEffect(() => {
    // Once per visit: a second call would make a second copy (development mode runs effects twice).
    if (hasStarted.current) return;
    hasStarted.current = true;
    start();
  }, [start]);

  return (
    <>
      <PageHeader title={t("pages.campaignResend")} />
      {resend.isError ? (
        <Stack spacing={2}>
          <LoadError error={resend.error} onRetry={start} />
          <Box>
            <Button component={RouterLink} to={paths.apps.message.campaignDetail.getHref(appId, campaignId)}>
              {t("campaigns.detail.backToDetail")}
            </Button>
          </Box>
        </Stack>
      ) : (
        <Stack spacing={1} aria-busy>
          <Typography color="text.secondary" role="status">
            {t("campaigns.resend.copying")}
          </Typography>
          <Skeleton variant="rounded" height={320} />
        </Stack>
      )}
    </>
  );
}
