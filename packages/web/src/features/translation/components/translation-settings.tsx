import { Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { FeatureSwitch } from "@/components/feature-switch";
import { PageHeader } from "@/components/page-header";
import { SettingsCard } from "@/components/settings-card";
import { translationEnabledQueryOptions } from "../api/get-translation-enabled";
import { useTranslationKey } from "../api/get-translation-key";
import { updateTranslationEnabled } from "../api/update-translation-enabled";
import { TranslationKeyCard } from "./translation-key-card";
import { TranslationUsageCard } from "./translation-usage-card";

/** `/apps/:id/translation`: the switch, the Google key, and how end users ask for translations. */
export function TranslationSettings({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const translationKey = useTranslationKey(appId);
  return (
    <>
      <PageHeader title={t("pages.translation")} description={t("translation.description")} />
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <SettingsCard>
          <FeatureSwitch
            query={translationEnabledQueryOptions(appId)}
            save={(enabled) => updateTranslationEnabled({ appId, enabled })}
            label={t("translation.enabled")}
            turnedOn={t("translation.turnedOn")}
            turnedOff={t("translation.turnedOff")}
            blockedReason={translationKey.isSuccess && translationKey.data === null ? t("translation.needsKey") : null}
          />
        </SettingsCard>
        <TranslationKeyCard appId={appId} />
        <TranslationUsageCard />
      </Stack>
    </>
  );
}
