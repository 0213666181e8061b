import { Box, Stack, Typography } from "@mui/material";
import { CHAT_API_PREFIX, chatApi } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { SettingsCard } from "@/components/settings-card";

const codeSx = {
  m: 0,
  p: 1.5,
  borderRadius: 1,
  bgcolor: "action.hover",
  fontFamily: "monospace",
  fontSize: 13,
  overflowX: "auto",
  whiteSpace: "pre",
} as const;

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
        <Box component="pre" sx={codeSx}>
          {'const { text } = await client.messages.translate(channelId, messageId, "ko");'}
        </Box>
        <Typography variant="subtitle2" component="h3">
          {t("translation.usage.rest")}
        </Typography>
        <Box component="pre" sx={codeSx}>{`GET ${CHAT_API_PREFIX}${chatApi.translation}`}</Box>
        <Typography variant="body2" color="text.secondary">
          {t("translation.usage.notes")}
        </Typography>
      </Stack>
    </SettingsCard>
  );
}
