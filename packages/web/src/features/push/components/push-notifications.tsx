import { Box, Card, CardContent, Stack } from "@mui/material";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { useDirtySections } from "../lib/use-dirty-sections";
import { cardContentSx } from "./card-styles";
import { FcmKeyCard } from "./fcm-key-card";
import { NotificationSettingsCard } from "./notification-settings-card";
import { PushEnabledSwitch } from "./push-enabled-switch";
import { PushLogCard } from "./push-log-card";
import { PushTemplatesCard } from "./push-templates-card";
import { SuperChannelCard } from "./super-channel-card";
import { TestPushCard } from "./test-push-card";

/** `/apps/:id/push-notification`: switch, FCM credential, settings, templates, and the delivery log. */
export function PushNotifications({ appId }: { appId: string }) {
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
        <Card>
          <CardContent sx={cardContentSx}>
            <PushEnabledSwitch appId={appId} />
          </CardContent>
        </Card>
        <FcmKeyCard appId={appId} />
        <Stack direction={{ xs: "column", lg: "row" }} spacing={3} sx={{ alignItems: { lg: "flex-start" } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <NotificationSettingsCard appId={appId} onDirtyChange={onNotificationDirty} />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <SuperChannelCard appId={appId} onDirtyChange={onSuperChannelDirty} />
          </Box>
        </Stack>
        <PushTemplatesCard appId={appId} onDirtyChange={onTemplatesDirty} />
        <TestPushCard appId={appId} />
        <PushLogCard appId={appId} />
      </Stack>
      {leaveDialog}
    </>
  );
}
