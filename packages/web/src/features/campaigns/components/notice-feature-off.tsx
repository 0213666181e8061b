import CampaignRoundedIcon from "@mui/icons-material/CampaignRounded";
import { Box, Button, Paper, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";

const FEATURE_POINTS = ["brands", "recipients", "schedule", "reports"] as const;

/** Who can have the feature switched on: the account's owner asks sales, a sub-account asks the owner. */
const HOW = {
  owner: "noticeFeatureOff.how",
  subaccount: "noticeFeatureOff.howSubAccount",
  admin: "noticeFeatureOff.howAdmin",
} as const;

/**
 * What an account without the notice feature sees in the bulk message area: what the feature does and how it is
 * switched on. A bare "not allowed" read as a fault; the feature is off by default and an administrator turns it on
 * per account (decisions: notice-feature flag), so the page says so and offers the way to ask for it.
 */
export function NoticeFeatureOff({ audience }: { audience: "owner" | "subaccount" | "admin" }) {
  const { t } = useTranslation();
  useDocumentTitle(t("noticeFeatureOff.title"));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 720, mx: "auto" }}>
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
          <CampaignRoundedIcon color="primary" sx={{ fontSize: 40 }} />
          <Typography variant="h5" component="h1">
            {t("noticeFeatureOff.title")}
          </Typography>
        </Stack>
        <Typography>{t("noticeFeatureOff.what")}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: "grid", gap: 0.5, color: "text.secondary" }}>
          {FEATURE_POINTS.map((point) => (
            <li key={point}>{t(`noticeFeatureOff.points.${point}`)}</li>
          ))}
        </Box>
        <Typography variant="h6" component="h2">
          {t("noticeFeatureOff.howTitle")}
        </Typography>
        <Typography color="text.secondary">{t(HOW[audience])}</Typography>
        {audience === "admin" && (
          <Box>
            <Button variant="contained" component={RouterLink} to={paths.admin.companyList.getHref()}>
              {t("noticeFeatureOff.openAdmin")}
            </Button>
          </Box>
        )}
        {audience === "owner" && (
          <Box>
            <Button variant="contained" component={RouterLink} to={paths.intro.contactUs.getHref()}>
              {t("noticeFeatureOff.contactSales")}
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
