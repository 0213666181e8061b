import { Skeleton, Stack } from "@mui/material";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { FeatureSwitch } from "@/components/feature-switch";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SettingsCard } from "@/components/settings-card";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { profanityEnabledQueryOptions } from "../api/get-profanity-enabled";
import { useProfanitySettings } from "../api/get-profanity-settings";
import { updateProfanityEnabled } from "../api/update-profanity-enabled";
import { ProfanitySettingsForm } from "./profanity-settings-form";

/** `/apps/:id/profanity-filter`: the on/off switch, the filter settings and a preview of their effect. */
export function ProfanityFilter({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const settings = useProfanitySettings(appId);
  const [isDirty, setIsDirty] = useState(false);
  const leaveDialog = useLeaveConfirm(isDirty);
  const onDirtyChange = useCallback((dirty: boolean) => setIsDirty(dirty), []);

  return (
    <>
      <PageHeader title={t("pages.profanityFilter")} description={t("profanity.description")} />
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <SettingsCard>
          <FeatureSwitch
            query={profanityEnabledQueryOptions(appId)}
            save={(enabled) => updateProfanityEnabled({ appId, enabled })}
            label={t("profanity.enabled")}
            turnedOn={t("profanity.turnedOn")}
            turnedOff={t("profanity.turnedOff")}
          />
        </SettingsCard>
        <SettingsCard title={t("profanity.settingsTitle")}>
          {settings.isPending && <Skeleton variant="rounded" height={240} aria-busy />}
          {settings.isError && <LoadError error={settings.error} onRetry={() => void settings.refetch()} />}
          {settings.data && (
            <ProfanitySettingsForm appId={appId} settings={settings.data} onDirtyChange={onDirtyChange} />
          )}
        </SettingsCard>
      </Stack>
      {leaveDialog}
    </>
  );
}
