import AdminPanelSettingsRounded from "@mui/icons-material/AdminPanelSettingsRounded";
import AppsRounded from "@mui/icons-material/AppsRounded";
import CampaignRounded from "@mui/icons-material/CampaignRounded";
import ChatRounded from "@mui/icons-material/ChatRounded";
import DashboardRounded from "@mui/icons-material/DashboardRounded";
import ExpandLessRounded from "@mui/icons-material/ExpandLessRounded";
import ExpandMoreRounded from "@mui/icons-material/ExpandMoreRounded";
import FileDownloadRounded from "@mui/icons-material/FileDownloadRounded";
import FileUploadRounded from "@mui/icons-material/FileUploadRounded";
import FilterAltRounded from "@mui/icons-material/FilterAltRounded";
import FlagRounded from "@mui/icons-material/FlagRounded";
import GavelRounded from "@mui/icons-material/GavelRounded";
import GroupRounded from "@mui/icons-material/GroupRounded";
import HistoryRounded from "@mui/icons-material/HistoryRounded";
import InsightsRounded from "@mui/icons-material/InsightsRounded";
import LogoutRounded from "@mui/icons-material/LogoutRounded";
import ManageAccountsRounded from "@mui/icons-material/ManageAccountsRounded";
import ManageSearchRounded from "@mui/icons-material/ManageSearchRounded";
import NotificationsActiveRounded from "@mui/icons-material/NotificationsActiveRounded";
import PhoneInTalkRounded from "@mui/icons-material/PhoneInTalkRounded";
import ReceiptLongRounded from "@mui/icons-material/ReceiptLongRounded";
import SensorsRounded from "@mui/icons-material/SensorsRounded";
import SettingsRounded from "@mui/icons-material/SettingsRounded";
import TranslateRounded from "@mui/icons-material/TranslateRounded";
import TuneRounded from "@mui/icons-material/TuneRounded";
import WebhookRounded from "@mui/icons-material/WebhookRounded";
import {
  Avatar,
  Box,
  Button,
  Collapse,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Typography,
} from "@mui/material";
import type { TSessionState } from "@parley/contract";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { matchPath, Link as RouterLink, useLocation, useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { AppsNavList } from "@/features/apps/components/apps-nav-list";
import { useLogout } from "@/features/auth/api/logout";
import { homePathFor } from "@/lib/account-home";
import { isRestrictedAccount } from "@/lib/session";

function NavItem({
  to,
  icon,
  label,
  isActive,
  onNavigate,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  isActive: boolean;
  onNavigate?: () => void;
}) {
  return (
    <ListItemButton component={RouterLink} to={to} selected={isActive} onClick={onNavigate}>
      <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
      <ListItemText primary={label} />
    </ListItemButton>
  );
}

/**
 * `canMoveData`: only the account that owns an app may export or import its data, so a sub-account (never the
 * owner) is not offered pages that would only refuse it.
 */
function appMenu(
  appId: string,
  { hasNoticeFeature, canMoveData }: { hasNoticeFeature: boolean; canMoveData: boolean },
) {
  const items = [
    { key: "report", to: paths.apps.report.getHref(appId), icon: <InsightsRounded fontSize="small" /> },
    { key: "user", to: paths.apps.user.getHref(appId), icon: <GroupRounded fontSize="small" /> },
    { key: "channels", to: paths.apps.channels.getHref(appId), icon: <ChatRounded fontSize="small" /> },
    {
      key: "messageSearch",
      to: paths.apps.messageSearch.getHref(appId),
      icon: <ManageSearchRounded fontSize="small" />,
    },
    { key: "calls", to: paths.apps.calls.getHref(appId), icon: <PhoneInTalkRounded fontSize="small" /> },
    { key: "liveTail", to: paths.apps.liveTail.getHref(appId), icon: <SensorsRounded fontSize="small" /> },
    { key: "reports", to: paths.apps.reports.getHref(appId), icon: <FlagRounded fontSize="small" /> },
    { key: "audit", to: paths.apps.audit.getHref(appId), icon: <HistoryRounded fontSize="small" /> },
    ...(canMoveData
      ? [
          { key: "dataExport", to: paths.apps.exports.getHref(appId), icon: <FileDownloadRounded fontSize="small" /> },
          { key: "dataImport", to: paths.apps.imports.getHref(appId), icon: <FileUploadRounded fontSize="small" /> },
        ]
      : []),
    {
      key: "profanityFilter",
      to: paths.apps.profanityFilter.getHref(appId),
      icon: <FilterAltRounded fontSize="small" />,
    },
    {
      key: "moderationRules",
      to: paths.apps.moderationRules.getHref(appId),
      icon: <GavelRounded fontSize="small" />,
    },
    { key: "roles", to: paths.apps.roles.getHref(appId), icon: <ManageAccountsRounded fontSize="small" /> },
    {
      key: "pushNotifications",
      to: paths.apps.pushNotification.getHref(appId),
      icon: <NotificationsActiveRounded fontSize="small" />,
    },
    { key: "translation", to: paths.apps.translation.getHref(appId), icon: <TranslateRounded fontSize="small" /> },
    { key: "webhooks", to: paths.apps.webhooks.getHref(appId), icon: <WebhookRounded fontSize="small" /> },
    { key: "appSettings", to: paths.apps.settings.getHref(appId), icon: <TuneRounded fontSize="small" /> },
  ];
  if (hasNoticeFeature) {
    items.push({
      key: "messages",
      to: paths.apps.message.root.getHref(appId),
      icon: <CampaignRounded fontSize="small" />,
    });
  }
  return items;
}

export function DrawerContent({
  session,
  appId,
  onNavigate,
}: {
  session: TSessionState;
  appId: string | undefined;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [isAppsOpen, setIsAppsOpen] = useState(true);
  const logout = useLogout({ onLoggedOut: () => navigate(paths.root.getHref(), { replace: true }) });

  const isRestricted = isRestrictedAccount(session);
  const isSubAccount = session.userType === "subaccount";
  const isAt = (pattern: string, end = true) => matchPath({ path: pattern, end }, pathname) !== null;

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", p: 1.5, gap: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, px: 1, pt: 1 }}>
        <Avatar sx={{ width: 36, height: 36, bgcolor: "primary.light", fontSize: "1rem" }}>
          {session.email.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={session.email}>
            {session.email}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(session.isAdmin ? "nav.accountKind.admin" : `nav.accountKind.${session.userType}`)}
          </Typography>
        </Box>
      </Box>
      {/* Wraps rather than squeezes: "Account settings" and "Log out" do not fit side by side in every language. */}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, px: 1 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<LogoutRounded fontSize="small" />}
          data-testid="logout"
          sx={{ whiteSpace: "nowrap" }}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          {t("common.logout")}
        </Button>
        {!isRestricted && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<SettingsRounded fontSize="small" />}
            component={RouterLink}
            to={paths.settings.getHref()}
            onClick={onNavigate}
            sx={{ whiteSpace: "nowrap" }}
          >
            {t("nav.settings")}
          </Button>
        )}
      </Box>
      <Divider sx={{ my: 0.5 }} />

      <List component="nav" aria-label={t("nav.primaryLabel")} disablePadding>
        {!isRestricted && (
          <NavItem
            to={paths.dashboard.getHref()}
            icon={<DashboardRounded fontSize="small" />}
            label={t("nav.overview")}
            isActive={isAt(paths.dashboard.path)}
            onNavigate={onNavigate}
          />
        )}
        {/* The list is a <nav> of links, not a <ul>, so this row must not be an <li>. */}
        <ListItem
          component="div"
          disablePadding
          secondaryAction={
            <IconButton
              edge="end"
              size="small"
              aria-expanded={isAppsOpen}
              aria-label={isAppsOpen ? t("nav.hideApps") : t("nav.showApps")}
              onClick={() => setIsAppsOpen((open) => !open)}
            >
              {isAppsOpen ? <ExpandLessRounded fontSize="small" /> : <ExpandMoreRounded fontSize="small" />}
            </IconButton>
          }
        >
          <ListItemButton
            component={RouterLink}
            to={isSubAccount ? homePathFor(session) : paths.apps.list.getHref()}
            selected={isAt(paths.apps.list.path)}
            onClick={onNavigate}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <AppsRounded fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t("nav.apps")} />
          </ListItemButton>
        </ListItem>
        <Collapse in={isAppsOpen} timeout="auto" unmountOnExit>
          <AppsNavList activeAppId={appId} canCreateApp={!isSubAccount} onNavigate={onNavigate} />
        </Collapse>
        {!isRestricted && (
          <NavItem
            to={paths.bills.getHref()}
            icon={<ReceiptLongRounded fontSize="small" />}
            label={t("nav.billing")}
            isActive={isAt(paths.bills.path)}
            onNavigate={onNavigate}
          />
        )}
        {session.isAdmin && (
          <NavItem
            to={paths.admin.companyList.getHref()}
            icon={<AdminPanelSettingsRounded fontSize="small" />}
            label={t("admin.nav")}
            isActive={isAt(paths.admin.companyList.path) || isAt(paths.admin.companyDetail.path)}
            onNavigate={onNavigate}
          />
        )}
      </List>

      {appId && (
        <List
          component="nav"
          aria-labelledby="app-menu-heading"
          disablePadding
          subheader={
            // A div, not the default li: this list is a nav of links, with no ul for an item to belong to.
            <ListSubheader
              component="div"
              id="app-menu-heading"
              disableSticky
              sx={{ bgcolor: "transparent", lineHeight: "36px" }}
            >
              {t("nav.appMenu")}
            </ListSubheader>
          }
        >
          {appMenu(appId, { hasNoticeFeature: session.noticeFeatureEnabled, canMoveData: !isSubAccount }).map(
            (item) => (
              <NavItem
                key={item.key}
                to={item.to}
                icon={item.icon}
                label={t(`nav.app.${item.key}`)}
                isActive={pathname === item.to || pathname.startsWith(`${item.to}/`)}
                onNavigate={onNavigate}
              />
            ),
          )}
        </List>
      )}
    </Box>
  );
}
