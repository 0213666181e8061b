import { Box, Link, Stack, Typography } from "@mui/material";
import { API_PREFIX, api as apiPaths } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
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
        <Link component={RouterLink} to={paths.intro.company.getHref("terms")} variant="body2" color="text.secondary">
          {t("footer.terms")}
        </Link>
        <Link component={RouterLink} to={paths.intro.company.getHref("privacy")} variant="body2" color="text.secondary">
          {t("footer.privacy")}
        </Link>
        <Link
          href={`${API_PREFIX}${apiPaths.health}`}
          target="_blank"
          rel="noopener"
          variant="body2"
          color="text.secondary"
        >
          {t("footer.status")}
        </Link>
      </Stack>
    </Box>
  );
}
