import { Card, CardContent, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { cardContentSx } from "./card-styles";
import { TranslationEnabledSwitch } from "./translation-enabled-switch";
import { TranslationKeyCard } from "./translation-key-card";
import { TranslationUsageCard } from "./translation-usage-card";

/** `/apps/:id/translation`: the switch, the Google key, and how end users ask for translations. */
export function TranslationSettings({ appId }: { appId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("pages.translation")} description={t("translation.description")} />
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <Card>
          <CardContent sx={cardContentSx}>
            <TranslationEnabledSwitch appId={appId} />
          </CardContent>
        </Card>
        <TranslationKeyCard appId={appId} />
        <TranslationUsageCard />
      </Stack>
    </>
  );
}
