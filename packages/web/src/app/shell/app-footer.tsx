import { Box, Link, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { CompanyInfo } from "@/components/company-info";
import { paths } from "@/config/paths";

export function AppFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      sx={{
        borderTop: 1,
        borderColor: "divider",
        px: { xs: 2, sm: 4 },
        py: 2.5,
        display: "flex",
        flexWrap: "wrap",
        gap: 2,
        justifyContent: "space-between",
        alignItems: "center",
        bgcolor: "background.paper",
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {t("footer.copyright", { year })}
      </Typography>
      <Stack direction="row" spacing={2.5} component="nav" aria-label={t("footer.label")}>
        <Link component={RouterLink} to={paths.intro.terms.getHref()} variant="body2" color="text.secondary">
          {t("footer.terms")}
        </Link>
        <Link component={RouterLink} to={paths.intro.privacy.getHref()} variant="body2" color="text.secondary">
          {t("footer.privacy")}
        </Link>
        <Link
          component={RouterLink}
          to={paths.serviceStatus.getHref()}
          target="_blank"
          rel="noopener"
          variant="body2"
          color="text.secondary"
        >
          {t("footer.status")}
        </Link>
      </Stack>
      <Box sx={{ flexBasis: "100%" }}>
        <CompanyInfo />
      </Box>
    </Box>
  );
}
