import { AppBar, Box, Button, Container, Link, Stack, Toolbar, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Link as RouterLink } from "react-router";
import { LanguageSwitch } from "@/components/language-switch";
import { Logo } from "@/components/logo";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { homePathFor } from "@/lib/account-home";
import { useSession } from "@/lib/session";

/**
 * Frame of the public site. It must stay light and render on a server: no dashboard imports and no `window`
 * at module level.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const links = [
    { to: paths.intro.product.getHref(), label: t("intro.nav.product") },
    { to: paths.intro.docs.getHref(), label: t("intro.nav.docs") },
    { to: paths.intro.pricing.getHref(), label: t("intro.nav.pricing") },
    { to: paths.intro.company.getHref(), label: t("intro.nav.company") },
    { to: paths.intro.contactUs.getHref(), label: t("intro.nav.contactUs") },
  ];
  const year = new Date().getFullYear();

  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column", bgcolor: "background.paper" }}>
      <AppBar position="sticky" sx={{ bgcolor: "rgba(255,255,255,0.92)", backdropFilter: "blur(8px)" }}>
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 2, flexWrap: "wrap", py: { xs: 1, md: 0 } }}>
            <Logo to={paths.intro.home.getHref()} />
            <Stack
              component="nav"
              aria-label={t("intro.nav.label")}
              direction="row"
              spacing={0.5}
              sx={{ order: { xs: 3, md: 0 }, width: { xs: "100%", md: "auto" }, overflowX: "auto" }}
            >
              {links.map((link) => (
                <Button
                  key={link.to}
                  component={NavLink}
                  to={link.to}
                  color="inherit"
                  size="small"
                  sx={{ whiteSpace: "nowrap", "&.active": { color: "primary.main" } }}
                >
                  {link.label}
                </Button>
              ))}
            </Stack>
            <Box sx={{ flex: 1 }} />
            <LanguageSwitch />
            {session ? (
              <Button variant="contained" component={RouterLink} to={homePathFor(session)}>
                {t("intro.nav.console")}
              </Button>
            ) : (
              <Stack direction="row" spacing={1}>
                <Button variant="text" component={RouterLink} to={paths.auth.login.getHref()}>
                  {t("common.login")}
                </Button>
                <Button variant="contained" component={RouterLink} to={paths.auth.signup.getHref()}>
                  {t("common.signup")}
                </Button>
              </Stack>
            )}
          </Toolbar>
        </Container>
      </AppBar>
      <Box component="main" sx={{ flex: 1 }}>
        {children}
      </Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.default", py: 4 }}>
        <Container
          maxWidth="lg"
          sx={{ display: "flex", flexWrap: "wrap", gap: 2, justifyContent: "space-between", alignItems: "center" }}
        >
          <Typography variant="body2" color="text.secondary">
            {t("footer.copyright", { year })}
          </Typography>
          <Stack direction="row" spacing={2.5} sx={{ flexWrap: "wrap" }}>
            <Link component={RouterLink} to={paths.intro.freeTrial.getHref()} variant="body2" color="text.secondary">
              {t("intro.nav.freeTrial")}
            </Link>
            <Link component={RouterLink} to={paths.intro.partner.getHref()} variant="body2" color="text.secondary">
              {t("intro.nav.partner")}
            </Link>
            <Link
              component={RouterLink}
              to={paths.intro.company.getHref("terms")}
              variant="body2"
              color="text.secondary"
            >
              {t("footer.terms")}
            </Link>
            <Link
              component={RouterLink}
              to={paths.intro.company.getHref("privacy")}
              variant="body2"
              color="text.secondary"
            >
              {t("footer.privacy")}
            </Link>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}

/** A page section with a heading; the public pages are built from these. */
export function PublicSection({
  title,
  lead,
  children,
  headingLevel = "h1",
  id,
}: {
  title: string;
  lead?: string;
  children?: ReactNode;
  headingLevel?: "h1" | "h2";
  id?: string;
}) {
  useDocumentTitle(headingLevel === "h1" ? title : undefined);
  return (
    <Container maxWidth="lg" component="section" id={id} sx={{ py: { xs: 5, md: 8 } }}>
      <Typography variant={headingLevel === "h1" ? "h2" : "h3"} component={headingLevel} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {lead && (
        <Typography color="text.secondary" sx={{ fontSize: "1.125rem", maxWidth: 720, mb: children ? 4 : 0 }}>
          {lead}
        </Typography>
      )}
      {children}
    </Container>
  );
}
