import AddRounded from "@mui/icons-material/AddRounded";
import { Button, List, ListItemButton, ListItemText, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "@/config/paths";
import { logLoadFailure } from "@/lib/load-failure";
import { useApps } from "../api/get-apps";
import { CreateAppDialog } from "./create-app-dialog";

/** The apps of the account inside the drawer's Apps flyout. A failed load is logged and shows no apps. */
export function AppsNavList({
  activeAppId,
  canCreateApp,
  onNavigate,
}: {
  activeAppId: string | undefined;
  canCreateApp: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { data: apps = [], error, isPending } = useApps();
  const [isCreateOpen, setIsCreateOpen] = useState(false);

  useEffect(() => {
    if (error) logLoadFailure("Could not load the app list", error);
  }, [error]);

  return (
    <List component="div" disablePadding dense sx={{ pl: 2 }}>
      {apps.map((app) => (
        <ListItemButton
          key={app.id}
          component={RouterLink}
          to={paths.apps.report.getHref(app.id)}
          selected={app.id === activeAppId}
          onClick={onNavigate}
        >
          <ListItemText primary={app.name} slotProps={{ primary: { noWrap: true } }} />
        </ListItemButton>
      ))}
      {!isPending && apps.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {t("nav.noApps")}
        </Typography>
      )}
      {canCreateApp && (
        <>
          <Button size="small" startIcon={<AddRounded />} onClick={() => setIsCreateOpen(true)} sx={{ ml: 1, mt: 0.5 }}>
            {t("nav.createApp")}
          </Button>
          <CreateAppDialog open={isCreateOpen} onClose={() => setIsCreateOpen(false)} onCreated={onNavigate} />
        </>
      )}
    </List>
  );
}
