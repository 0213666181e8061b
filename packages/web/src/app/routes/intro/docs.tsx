import { Paper, Tab, Tabs, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import { PublicSection } from "@/components/layouts/public-layout";
import { type DocTab, docTabs, paths } from "@/config/paths";

function isDocTab(value: string | undefined): value is DocTab {
  return (docTabs as readonly string[]).includes(value ?? "");
}

export default function IntroDocsPage() {
  const { t } = useTranslation();
  const { tab } = useParams();
  const active: DocTab = isDocTab(tab) ? tab : "getting-started";
  return (
    <PublicSection title={t("intro.docs.title")} lead={t("intro.docs.lead")}>
      <Tabs value={active} variant="scrollable" allowScrollButtonsMobile aria-label={t("intro.docs.title")}>
        {docTabs.map((docTab) => (
          <Tab
            key={docTab}
            value={docTab}
            label={t(`intro.docs.tabs.${docTab}.label`)}
            component={RouterLink}
            to={paths.intro.docs.getHref(docTab)}
          />
        ))}
      </Tabs>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, mt: 3, maxWidth: 760 }}>
        <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
          {t(`intro.docs.tabs.${active}.label`)}
        </Typography>
        <Typography color="text.secondary">{t(`intro.docs.tabs.${active}.body`)}</Typography>
      </Paper>
    </PublicSection>
  );
}
