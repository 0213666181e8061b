import { Skeleton, Stack } from "@mui/material";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { FeatureSwitch } from "@/components/feature-switch";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SettingsCard } from "@/components/settings-card";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { webhookEnabledQueryOptions } from "../api/get-webhook-enabled";
import { useWebhookSettings } from "../api/get-webhook-settings";
import { updateWebhookEnabled } from "../api/update-webhook-enabled";
import { WebhookDeliveriesCard } from "./webhook-deliveries-card";
import { WebhookSecretCard } from "./webhook-secret-card";
import { WebhookSettingsForm } from "./webhook-settings-form";
import { WebhookTryCard } from "./webhook-try-card";

/** `/apps/:id/webhooks`: switch, URL and events, signing secret, sample and test send, and the delivery log. */
export function Webhooks({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const settings = useWebhookSettings(appId);
  const [isDirty, setIsDirty] = useState(false);
  const leaveDialog = useLeaveConfirm(isDirty);
  const onDirtyChange = useCallback((dirty: boolean) => setIsDirty(dirty), []);

  return (
    <>
      <PageHeader title={t("pages.webhooks")} description={t("webhooks.description")} />
      <Stack spacing={3} sx={{ maxWidth: 1080 }}>
        <SettingsCard>
          <FeatureSwitch
            query={webhookEnabledQueryOptions(appId)}
            save={(enabled) => updateWebhookEnabled({ appId, enabled })}
            label={t("webhooks.enabled")}
            turnedOn={t("webhooks.turnedOn")}
            turnedOff={t("webhooks.turnedOff")}
            blockedReason={settings.data && settings.data.url === "" ? t("webhooks.needsUrl") : null}
          />
        </SettingsCard>
        <SettingsCard title={t("webhooks.settings.title")} subheader={t("webhooks.settings.description")}>
          {settings.isPending && <Skeleton variant="rounded" height={240} aria-busy />}
          {settings.isError && <LoadError error={settings.error} onRetry={() => void settings.refetch()} />}
          {settings.data && (
            <WebhookSettingsForm appId={appId} settings={settings.data} onDirtyChange={onDirtyChange} />
          )}
        </SettingsCard>
        {settings.data && <WebhookSecretCard appId={appId} settings={settings.data} />}
        <WebhookTryCard appId={appId} hasUrl={Boolean(settings.data?.url)} />
        <WebhookDeliveriesCard appId={appId} />
      </Stack>
      {leaveDialog}
    </>
  );
}
