import { Card, CardContent, CardHeader, Divider, Skeleton, Stack } from "@mui/material";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { useWebhookSettings } from "../api/get-webhook-settings";
import { cardContentSx, cardTitle } from "./card-styles";
import { LoadError } from "./load-error";
import { WebhookDeliveriesCard } from "./webhook-deliveries-card";
import { WebhookEnabledSwitch } from "./webhook-enabled-switch";
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
        <Card>
          <CardContent sx={cardContentSx}>
            <WebhookEnabledSwitch appId={appId} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader
            title={t("webhooks.settings.title")}
            subheader={t("webhooks.settings.description")}
            slotProps={cardTitle}
          />
          <Divider />
          <CardContent sx={cardContentSx}>
            {settings.isPending && <Skeleton variant="rounded" height={240} aria-busy />}
            {settings.isError && <LoadError error={settings.error} onRetry={() => void settings.refetch()} />}
            {settings.data && (
              <WebhookSettingsForm appId={appId} settings={settings.data} onDirtyChange={onDirtyChange} />
            )}
          </CardContent>
        </Card>
        {settings.data && <WebhookSecretCard appId={appId} settings={settings.data} />}
        <WebhookTryCard appId={appId} hasUrl={Boolean(settings.data?.url)} />
        <WebhookDeliveriesCard appId={appId} />
      </Stack>
      {leaveDialog}
    </>
  );
}
