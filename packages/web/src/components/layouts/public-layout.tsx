import CloseRounded from "@mui/icons-material/CloseRounded";
import MenuRounded from "@mui/icons-material/MenuRounded";
import {
  AppBar,
  Box,
  Button,
  Container,
  Divider,
  IconButton,
  Link,
  Stack,
  type SxProps,
  type Theme,
  Toolbar,
  Typography,
} from "@mui/material";
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Link as RouterLink, useLocation } from "react-router";
import { CompanyInfo } from "@/components/company-info";
import { LanguageSwitch } from "@/components/language-switch";
import { Logo } from "@/components/logo";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { homePathFor } from "@/lib/account-home";
import { useSession } from "@/lib/session";

interface HeaderLink {
  to: string;
  label: string;
  variant?: "text" | "contained";
}

/** The site's page links, as text buttons; the current page's in the primary colour. */
function SiteLinks({
  links,
  size,
  onFollow,
  sx,
}: {
  links: HeaderLink[];
  size?: "small";
  onFollow?: () => void;
  sx: SxProps<Theme>;
}) {
  return links.map((link) => (
    <Button
      key={link.to}
      component={NavLink}
      to={link.to}
      color="inherit"
      size={size}
      onClick={onFollow}
      sx={[{ "&.active": { color: "primary.main" } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {link.label}
    </Button>
  ));
}

/**
 * Frame of the public site. It must stay light and render on a server: no dashboard imports and no `window`
 * at module level.
 *
 * On a phone the site links and the account buttons do not fit beside the logo, so they fold behind a button that
 * discloses them (the disclosure pattern, not an ARIA menu: they stay plain links). Which row shows is decided by
 * CSS breakpoints, so the server's HTML is right for every width before any script runs.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // The menu belongs to the page it was opened on, so following any link (the logo too) closes it.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenedOn === pathname;

  const links: HeaderLink[] = [
    { to: paths.intro.product.getHref(), label: t("intro.nav.product") },
    { to: paths.intro.docs.getHref(), label: t("intro.nav.docs") },
    { to: paths.intro.pricing.getHref(), label: t("intro.nav.pricing") },
    { to: paths.intro.company.getHref(), label: t("intro.nav.company") },
    { to: paths.intro.contactUs.getHref(), label: t("intro.nav.contactUs") },
  ];
  const accountLinks: HeaderLink[] = session
    ? [{ to: homePathFor(session), label: t("intro.nav.console"), variant: "contained" }]
    : [
        { to: paths.auth.login.getHref(), label: t("common.login"), variant: "text" },
        { to: paths.auth.signup.getHref(), label: t("common.signup"), variant: "contained" },
      ];
  const year = new Date().getFullYear();

  function closeMenuOnEscape(event: KeyboardEvent) {
    if (event.key !== "Escape" || !isMenuOpen) return;
    setMenuOpenedOn(null);
    menuButtonRef.current?.focus();
  }

  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column", bgcolor: "background.paper" }}>
      <AppBar position="sticky" sx={{ bgcolor: "rgba(255,255,255,0.92)", backdropFilter: "blur(8px)" }}>
        <Container maxWidth="lg" onKeyDown={closeMenuOnEscape}>
          <Toolbar disableGutters sx={{ gap: 2 }}>
            <Logo to={paths.intro.home.getHref()} />
            <Stack
              component="nav"
              aria-label={t("intro.nav.label")}
              direction="row"
              spacing={0.5}
              sx={{ display: { xs: "none", md: "flex" } }}
            >
              <SiteLinks links={links} size="small" sx={{ whiteSpace: "nowrap" }} />
            </Stack>
            <Box sx={{ flex: 1 }} />
            <LanguageSwitch />
            <Stack direction="row" spacing={1} sx={{ display: { xs: "none", md: "flex" } }}>
              {accountLinks.map((link) => (
                <Button key={link.to} variant={link.variant} component={RouterLink} to={link.to}>
                  {link.label}
                </Button>
              ))}
            </Stack>
            <IconButton
              ref={menuButtonRef}
              edge="end"
              aria-label={t("intro.nav.label")}
              aria-expanded={isMenuOpen}
              aria-controls={menuId}
              data-site-menu-button=""
              onClick={() => setMenuOpenedOn(isMenuOpen ? null : pathname)}
              sx={{
                display: { md: "none" },
                // Which icon shows follows aria-expanded, so the page's small script can open the menu too.
                "&[aria-expanded='true'] .site-menu-open, &[aria-expanded='false'] .site-menu-close": {
                  display: "none",
                },
              }}
            >
              <MenuRounded className="site-menu-open" />
              <CloseRounded className="site-menu-close" />
            </IconButton>
          </Toolbar>
          {/* Always in the page, hidden while closed: the home page opens it without React (src/intro-lite.ts). */}
          <Box
            component="nav"
            id={menuId}
            hidden={!isMenuOpen}
            aria-label={t("intro.nav.label")}
            sx={{ display: { md: "none" }, pb: 2 }}
          >
            <Stack spacing={0.5}>
              <SiteLinks links={links} onFollow={() => setMenuOpenedOn(null)} sx={{ justifyContent: "flex-start" }} />
            </Stack>
            <Divider sx={{ my: 1.5 }} />
            <Stack direction="row" spacing={1}>
              {accountLinks.map((link) => (
                <Button key={link.to} variant={link.variant} component={RouterLink} to={link.to} sx={{ flex: 1 }}>
                  {link.label}
                </Button>
              ))}
            </Stack>
          </Box>
        </Container>
      </AppBar>
      <Box component="main" sx={{ flex: 1 }}>
        {children}
      </Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.default", py: 4 }}>
        <Container maxWidth="lg" sx={{ display: "grid", gap: 2 }}>
          <Stack
            component="nav"
            aria-label={t("footer.label")}
            direction="row"
            sx={{ flexWrap: "wrap", columnGap: 2.5, rowGap: 1 }}
          >
            <Link component={RouterLink} to={paths.intro.freeTrial.getHref()} variant="body2" color="text.secondary">
              {t("intro.nav.freeTrial")}
            </Link>
            <Link component={RouterLink} to={paths.intro.partner.getHref()} variant="body2" color="text.secondary">
              {t("intro.nav.partner")}
            </Link>
            <Link component={RouterLink} to={paths.intro.terms.getHref()} variant="body2" color="text.secondary">
              {t("footer.terms")}
            </Link>
            <Link component={RouterLink} to={paths.intro.privacy.getHref()} variant="body2" color="text.secondary">
              {t("footer.privacy")}
            </Link>
            <Link component={RouterLink} to={paths.serviceStatus.getHref()} variant="body2" color="text.secondary">
              {t("footer.status")}
            </Link>
          </Stack>
          <CompanyInfo />
          <Typography variant="body2" color="text.secondary">
            {t("footer.copyright", { year })}
          </Typography>
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
