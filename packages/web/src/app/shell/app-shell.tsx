import MenuBookRounded from "@mui/icons-material/MenuBookRounded";
import MenuRounded from "@mui/icons-material/MenuRounded";
import { AppBar, Box, Button, Drawer, IconButton, type Theme, Toolbar, useMediaQuery } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useMatch } from "react-router";
import { LanguageSwitch } from "@/components/language-switch";
import { Logo } from "@/components/logo";
import { appScopePattern, paths } from "@/config/paths";
import { useSessionRefresh } from "@/features/auth/api/get-current-session";
import { seesNotices } from "@/features/notifications/api/get-notifications";
import { NoticeBars } from "@/features/notifications/components/notice-bars";
import { ApplyPaidPlanButton } from "@/features/plans/components/apply-paid-plan-button";
import { homePathFor } from "@/lib/account-home";
import { useSession } from "@/lib/session";
import { AppFooter } from "./app-footer";
import { DrawerContent } from "./drawer-content";

const DRAWER_WIDTH = 272;
const noticeButtonProps = {
  size: "small",
  color: "inherit",
  variant: "outlined",
  sx: { py: 0, whiteSpace: "nowrap", flexShrink: 0 },
} as const;

/** The frame of every authenticated page: notices, toolbar, side drawer, content, footer. */
export function AppShell() {
  const { t } = useTranslation();
  const session = useSession();
  useSessionRefresh(session?.sessionToken);
  const appMatch = useMatch(appScopePattern);
  const appId = appMatch?.params.appId;
  const [isMobileOpen, setIsMobileOpen] = useState(false);

  const isDesktop = useMediaQuery((theme: Theme) => theme.breakpoints.up("md"), { noSsr: true });

  const drawer = session && <DrawerContent session={session} appId={appId} onNavigate={() => setIsMobileOpen(false)} />;

  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column", bgcolor: "background.default" }}>
      <Box component="header" sx={{ position: "sticky", top: 0, zIndex: (theme) => theme.zIndex.appBar }}>
        {seesNotices(session) && <NoticeBars paidPlanAction={<ApplyPaidPlanButton {...noticeButtonProps} />} />}
        <AppBar position="static">
          <Toolbar sx={{ gap: 1.5 }}>
            <IconButton
              edge="start"
              aria-label={t("nav.openMenu")}
              onClick={() => setIsMobileOpen(true)}
              sx={{ display: isDesktop ? "none" : "inline-flex" }}
            >
              <MenuRounded />
            </IconButton>
            <Logo to={session ? homePathFor(session) : paths.auth.login.getHref()} />
            <Box sx={{ flex: 1 }} />
            <Button
              href={paths.intro.docs.getHref()}
              target="_blank"
              rel="noopener"
              startIcon={<MenuBookRounded />}
              color="inherit"
              aria-label={t("common.docs")}
              sx={{ minWidth: 0, "& .MuiButton-startIcon": { mr: { xs: 0, sm: 1 } } }}
            >
              <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }}>
                {t("common.docs")}
              </Box>
            </Button>
            <LanguageSwitch />
          </Toolbar>
        </AppBar>
      </Box>

      <Box sx={{ display: "flex", flex: 1, minHeight: 0 }}>
        {/* One drawer at a time, so its controls exist once in the page. */}
        {isDesktop ? (
          <Drawer
            variant="permanent"
            open
            sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}
            slotProps={{
              paper: { sx: { width: DRAWER_WIDTH, position: "relative", borderRight: 1, borderColor: "divider" } },
            }}
          >
            {drawer}
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={isMobileOpen}
            onClose={() => setIsMobileOpen(false)}
            slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
          >
            {drawer}
          </Drawer>
        )}
        <Box component="main" sx={{ flex: 1, minWidth: 0, px: { xs: 2, sm: 3, md: 5 }, py: { xs: 3, md: 4 } }}>
          <Box sx={{ maxWidth: 1200, mx: "auto" }}>
            <Outlet />
          </Box>
        </Box>
      </Box>
      <AppFooter />
    </Box>
  );
}
