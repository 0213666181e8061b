import { Alert, Button, Card, CardContent, CardHeader, Divider, Skeleton, Stack } from "@mui/material";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { useErrorText } from "@/hooks/use-error-text";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { useProfanitySettings } from "../api/get-profanity-settings";
import { ProfanityEnabledSwitch } from "./profanity-enabled-switch";
import { ProfanitySettingsForm } from "./profanity-settings-form";

const cardTitle = { title: { component: "h2", variant: "h6" } } as const;

/** `/apps/:id/profanity-filter`: the on/off switch, the filter settings and a preview of their effect. */
export function ProfanityFilter({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const settings = useProfanitySettings(appId);
  const [isDirty, setIsDirty] = useState(false);
  const leaveDialog = useLeaveConfirm(isDirty);
  const onDirtyChange = useCallback((dirty: boolean) => setIsDirty(dirty), []);

  return (
    <>
      <PageHeader title={t("pages.profanityFilter")} description={t("profanity.description")} />
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
            <ProfanityEnabledSwitch appId={appId} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader title={t("profanity.settingsTitle")} slotProps={cardTitle} />
          <Divider />
          <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
            {settings.isPending && <Skeleton variant="rounded" height={240} aria-busy />}
            {settings.isError && (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
                    {t("common.retry")}
                  </Button>
                }
              >
                {errorText(settings.error)}
              </Alert>
            )}
            {settings.data && (
              <ProfanitySettingsForm appId={appId} settings={settings.data} onDirtyChange={onDirtyChange} />
            )}
          </CardContent>
        </Card>
      </Stack>
      {leaveDialog}
    </>
  );
}
