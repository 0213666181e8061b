import { Stack, Typography } from "@mui/material";
import { CHAT_API_PREFIX, chatApi } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { CodeBlock } from "@/components/code-block";
import { SettingsCard } from "@/components/settings-card";

/** How end users get a message in their language: the SDK call and the chat API path it uses. */
export function TranslationUsageCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t("translation.usage.title")}>
      <Stack spacing={1.5}>
        <Typography>{t("translation.usage.body")}</Typography>
        <Typography variant="subtitle2" component="h3">
          {t("translation.usage.sdk")}
        </Typography>
        <CodeBlock label={t("translation.usage.sdk")}>
          {'const { text } = await client.messages.translate(channelId, messageId, "ko");'}
        </CodeBlock>
        <Typography variant="subtitle2" component="h3">
          {t("translation.usage.rest")}
        </Typography>
        <CodeBlock label={t("translation.usage.rest")}>{`GET ${CHAT_API_PREFIX}${chatApi.translation}`}</CodeBlock>
        <Typography variant="body2" color="text.secondary">
          {t("translation.usage.notes")}
        </Typography>
      </Stack>
    </SettingsCard>
  );
}
