import { Box, Container, Tab, Tabs, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import { type DocTab, docTabs, paths } from "@/config/paths";
import { MarkdownArticle } from "@/features/docs/components/markdown-article";
import { OpenApiReference } from "@/features/docs/components/openapi-reference";
import { docSource } from "@/features/docs/content";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { currentLanguage } from "@/i18n";
import NotFoundPage from "../status/not-found";

function isDocTab(value: string): value is DocTab {
  return (docTabs as readonly string[]).includes(value);
}

/** `/intro/docs/:tab?`: one tab per Markdown document; no tab is the first one, an unknown tab is not found. */
export default function IntroDocsPage() {
  const { tab } = useParams();
  if (tab !== undefined && !isDocTab(tab)) return <NotFoundPage />;
  return <DocsTabs active={tab ?? docTabs[0]} />;
}

function DocsTabs({ active }: { active: DocTab }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const label = t(`intro.docs.tabs.${active}.label`);
  useDocumentTitle(`${label} · ${t("intro.docs.title")}`);

  return (
    <Container maxWidth="lg" component="section" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        {t("intro.docs.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: "1.125rem", maxWidth: 720, mb: 4 }}>
        {t(`intro.docs.tabs.${active}.description`)}
      </Typography>
      <Box component="nav" aria-label={t("intro.docs.tabsLabel")} sx={{ borderBottom: 1, borderColor: "divider" }}>
        {/*
          The scroll buttons are there from the first render: mounted later ("auto"), they narrow the strip while
          the selected tab is still being scrolled into view, which left a tab near the end (Calls, Users) hidden
          under the end button on a phone.
        */}
        <Tabs
          value={active}
          variant="scrollable"
          scrollButtons
          allowScrollButtonsMobile
          aria-label={t("intro.docs.tabsLabel")}
        >
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
      </Box>
      <Box role="tabpanel" aria-label={label} sx={{ pt: 4 }}>
        <MarkdownArticle source={docSource(language, active)} />
        {active === "rest-api" && <OpenApiReference published="chat" />}
        {active === "dashboard-api" && <OpenApiReference published="dashboard" />}
      </Box>
    </Container>
  );
}
