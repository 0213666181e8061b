import NotificationsRounded from "@mui/icons-material/NotificationsRounded";
import { Avatar, Box, Paper, Stack, Typography } from "@mui/material";
import { renderCampaignTemplate, type TCampaignTemplateValues } from "@parley/contract";
import { useTranslation } from "react-i18next";

/**
 * The message as one recipient would see it in the brand's channel, and its push notification when push is on,
 * filled by the same function the server's sender uses. A `{{name}}` it does not know stays as written.
 */
export function CampaignPreview({
  content,
  push,
  values,
}: {
  content: string;
  push: { enabled: boolean; title: string; body: string };
  values: TCampaignTemplateValues;
}) {
  const { t } = useTranslation();
  const brandName = values["brand.name"] || t("campaigns.preview.noBrand");
  const coverUrl = values["brand.coverImageUrl"];
  return (
    <Box component="section" aria-label={t("campaigns.preview.title")}>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1 }}>
        {t("campaigns.preview.title")}
      </Typography>
      <Stack spacing={1.5}>
        <Paper variant="outlined" sx={{ p: 1.5, display: "flex", gap: 1.5, alignItems: "flex-start", borderRadius: 3 }}>
          <Avatar src={coverUrl || undefined} alt="" variant="rounded" sx={{ width: 36, height: 36 }}>
            {brandName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="p">
              {brandName}
            </Typography>
            <Typography
              variant="body2"
              data-testid="campaign-preview-content"
              aria-live="polite"
              sx={{
                mt: 0.5,
                px: 1.5,
                py: 1,
                borderRadius: 2,
                bgcolor: "action.hover",
                whiteSpace: "pre-wrap",
                overflowWrap: "anywhere",
                color: content ? "text.primary" : "text.secondary",
              }}
            >
              {content ? renderCampaignTemplate(content, values) : t("campaigns.preview.empty")}
            </Typography>
          </Box>
        </Paper>
        {push.enabled && (
          <Paper
            variant="outlined"
            data-testid="campaign-preview-push"
            sx={{
              p: 1.5,
              display: "flex",
              gap: 1.5,
              alignItems: "flex-start",
              borderRadius: 3,
              bgcolor: "action.hover",
            }}
          >
            <Avatar variant="rounded" sx={{ width: 32, height: 32, bgcolor: "primary.main" }}>
              <NotificationsRounded fontSize="small" />
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {values["app.name"]} · {t("campaigns.preview.push")}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                {renderCampaignTemplate(push.title, values)}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {renderCampaignTemplate(push.body, values)}
              </Typography>
            </Box>
          </Paper>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t("campaigns.preview.hint")}
      </Typography>
    </Box>
  );
}
