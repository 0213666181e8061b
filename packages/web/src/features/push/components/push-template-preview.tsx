import NotificationsRounded from "@mui/icons-material/NotificationsRounded";
import { Avatar, Box, Paper, Typography } from "@mui/material";
import { renderPushTemplate } from "@parley/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { sampleValues } from "../lib/templates";

/**
 * The notification a device would show for `text` (and `title`, for a template with a title of its own), filled
 * with the app's name and sample values by the same function the server's push sender uses. The operating system
 * puts the app's name on top, so the preview does too.
 */
export function PushTemplatePreview({ text, title, appName }: { text: string; title?: string; appName: string }) {
  const { t } = useTranslation();
  const values = useMemo(() => sampleValues(t, appName), [t, appName]);
  const rendered = renderPushTemplate(text, values);
  // An empty title falls back to the channel's name, as the server's sender does.
  const renderedTitle = title === undefined ? null : renderPushTemplate(title, values).trim() || values.channel;
  return (
    <Box component="section" aria-label={t("push.templates.preview")}>
      <Typography variant="subtitle2" component="h4" color="text.secondary" sx={{ mb: 1 }}>
        {t("push.templates.preview")}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: 1.5, display: "flex", gap: 1.5, alignItems: "flex-start", borderRadius: 3, bgcolor: "action.hover" }}
      >
        <Avatar variant="rounded" sx={{ width: 32, height: 32, bgcolor: "primary.main" }}>
          <NotificationsRounded fontSize="small" />
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {values.app} · {t("push.templates.now")}
          </Typography>
          {renderedTitle !== null && (
            <Typography
              variant="body2"
              data-testid="push-template-preview-title"
              sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
            >
              {renderedTitle}
            </Typography>
          )}
          <Typography
            variant="body2"
            data-testid="push-template-preview"
            aria-live="polite"
            sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          >
            {rendered}
          </Typography>
        </Box>
      </Paper>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t("push.templates.previewHint")}
      </Typography>
    </Box>
  );
}
