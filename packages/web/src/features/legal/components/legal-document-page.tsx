import { Box, Container, Link, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { currentLanguage } from "@/i18n";
import { effectiveDate, LEGAL_VERSIONS, type LegalDocument } from "../content";

const otherDocument: Record<LegalDocument, LegalDocument> = { terms: "privacy", privacy: "terms" };
const hrefOf: Record<LegalDocument, string> = {
  terms: paths.intro.terms.getHref(),
  privacy: paths.intro.privacy.getHref(),
};

/**
 * A versioned legal document: its title, the version in force with the day it took effect, a table of contents of
 * its sections (`contents`, the ids of the article's headings) and the article itself (`children`).
 */
export function LegalDocumentPage({
  document,
  contents,
  children,
}: {
  document: LegalDocument;
  contents: { id: string; text: string }[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`legal.${document}.title`);
  useDocumentTitle(title);
  const other = otherDocument[document];

  return (
    <Container maxWidth="lg" component="section" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography variant="h2" component="h1" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" data-testid="legal-version">
        {t("legal.version", {
          version: LEGAL_VERSIONS[document],
          date: effectiveDate(document, currentLanguage()),
        })}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {`${t("legal.seeAlso")}: `}
        <Link component={RouterLink} to={hrefOf[other]}>
          {t(`legal.${other}.title`)}
        </Link>
      </Typography>
      <Box
        component="nav"
        aria-label={t("legal.contentsLabel")}
        sx={{ my: 4, p: { xs: 2, md: 2.5 }, bgcolor: "background.default", borderRadius: 1, maxWidth: 860 }}
      >
        <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
          {t("legal.contentsLabel")}
        </Typography>
        <Box
          component="ol"
          sx={{ m: 0, pl: 0, listStyle: "none", columnGap: 4, columns: { xs: 1, md: 2 }, typography: "body2" }}
        >
          {contents.map((entry) => (
            <Box component="li" key={entry.id} sx={{ py: 0.25, breakInside: "avoid" }}>
              <Link href={`#${entry.id}`} underline="hover">
                {entry.text}
              </Link>
            </Box>
          ))}
        </Box>
      </Box>
      {children}
    </Container>
  );
}
