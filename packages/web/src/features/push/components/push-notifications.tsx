import { Box, Stack } from "@mui/material";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { FeatureSwitch } from "@/components/feature-switch";
import { PageHeader } from "@/components/page-header";
import { SettingsCard } from "@/components/settings-card";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { pushEnabledQueryOptions } from "../api/get-push-enabled";
import { updatePushEnabled } from "../api/update-push-enabled";
import { useDirtySections } from "../lib/use-dirty-sections";
import { ApnsKeyCard } from "./apns-key-card";
import { FcmKeyCard } from "./fcm-key-card";
import { NotificationSettingsCard } from "./notification-settings-card";
import { PushLogCard } from "./push-log-card";
import { PushTemplatesCard } from "./push-templates-card";
import { SuperChannelCard } from "./super-channel-card";
import { TestPushCard } from "./test-push-card";

/** `/apps/:id/push-notification`: switch, FCM credential and APNs key, settings, templates, and the delivery log. */
export function PushNotifications({ appId, appName }: { appId: string; appName: string }) {
  const { t } = useTranslation();
  const { isDirty, report } = useDirtySections();
  const leaveDialog = useLeaveConfirm(isDirty);
  const onNotificationDirty = useCallback((dirty: boolean) => report("notification", dirty), [report]);
  const onSuperChannelDirty = useCallback((dirty: boolean) => report("superChannel", dirty), [report]);
  const onTemplatesDirty = useCallback((dirty: boolean) => report("templates", dirty), [report]);

  return (
    <>
      <PageHeader title={t("pages.pushNotification")} description={t("push.description")} />
      <Stack spacing={3} sx={{ maxWidth: 1080 }}>
        <SettingsCard>
          <FeatureSwitch
            query={pushEnabledQueryOptions(appId)}
            save={(enabled) => updatePushEnabled({ appId, enabled })}
            label={t("push.enabled")}
            turnedOn={t("push.turnedOn")}
            turnedOff={t("push.turnedOff")}
          />
        </SettingsCard>
        <Stack direction={{ xs: "column", lg: "row" }} spacing={3} sx={{ alignItems: { lg: "flex-start" } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <FcmKeyCard appId={appId} />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ApnsKeyCard appId={appId} />
          </Box>
        </Stack>
        <Stack direction={{ xs: "column", lg: "row" }} spacing={3} sx={{ alignItems: { lg: "flex-start" } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <NotificationSettingsCard appId={appId} onDirtyChange={onNotificationDirty} />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <SuperChannelCard appId={appId} onDirtyChange={onSuperChannelDirty} />
          </Box>
        </Stack>
        <PushTemplatesCard appId={appId} appName={appName} onDirtyChange={onTemplatesDirty} />
        <TestPushCard appId={appId} />
        <PushLogCard appId={appId} />
      </Stack>
      {leaveDialog}
    </>
  );
}
