import AddRounded from "@mui/icons-material/AddRounded";
import AppsRounded from "@mui/icons-material/AppsRounded";
import { Alert, Box, Button, Card, CardActions, CardContent, Divider, Link, Skeleton, Typography } from "@mui/material";
import { MAX_APPS_PER_ACCOUNT, type TApp } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { CopyButton } from "@/components/copy-button";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { paths } from "@/config/paths";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { useApps } from "../api/get-apps";
import { CreateAppDialog } from "./create-app-dialog";

function AppCard({ app }: { app: TApp }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card component="article" aria-label={app.name} sx={{ display: "flex", flexDirection: "column" }}>
      <CardContent sx={{ flex: 1 }}>
        <Link
          component={RouterLink}
          to={paths.apps.settings.getHref(app.id)}
          variant="h6"
          underline="hover"
          sx={{ display: "block", overflowWrap: "anywhere", color: "text.primary" }}
        >
          {app.name}
        </Link>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, mt: 0.5, minWidth: 0 }}>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ fontFamily: "monospace", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
            title={app.id}
          >
            {app.id}
          </Typography>
          <CopyButton value={app.id} label={t("apps.copyId")} />
        </Box>
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1.5, m: 0, mt: 2 }}>
          <Box>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t("apps.fields.createdAt")}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {format.date(app.createdAt)}
            </Typography>
          </Box>
          <Box>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t("apps.fields.messagesThisMonth")}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {format.number(app.messagesThisMonth)}
            </Typography>
          </Box>
        </Box>
      </CardContent>
      <Divider />
      <CardActions sx={{ flexWrap: "wrap", gap: 0.5 }}>
        <Button size="small" component={RouterLink} to={paths.apps.user.getHref(app.id)}>
          {t("nav.app.user")}
        </Button>
        <Button size="small" component={RouterLink} to={paths.apps.channels.getHref(app.id)}>
          {t("nav.app.channels")}
        </Button>
        <Button size="small" component={RouterLink} to={paths.apps.settings.getHref(app.id)}>
          {t("nav.app.appSettings")}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The account's apps (`/apps`) with a way to create one. */
export function AppsOverview() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const apps = useApps();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const count = apps.data?.length ?? 0;

  const createButton = (
    <Button variant="contained" startIcon={<AddRounded />} onClick={() => setIsCreateOpen(true)}>
      {t("nav.createApp")}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t("pages.apps")}
        description={t("apps.list.description", { count, max: MAX_APPS_PER_ACCOUNT })}
        actions={count > 0 ? createButton : undefined}
      />
      {apps.isPending && (
        <Box sx={gridSx} aria-busy>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={200} />
          ))}
        </Box>
      )}
      {apps.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void apps.refetch()}>
              {t("common.retry")}
            </Button>
          }
        >
          {errorText(apps.error)}
        </Alert>
      )}
      {apps.data && count === 0 && (
        <EmptyState
          icon={<AppsRounded color="primary" sx={{ fontSize: 40 }} />}
          title={t("apps.list.emptyTitle")}
          body={t("apps.list.emptyBody")}
          action={createButton}
        />
      )}
      {apps.data && count > 0 && (
        <Box sx={gridSx}>
          {apps.data.map((app) => (
            <AppCard key={app.id} app={app} />
          ))}
        </Box>
      )}
      <CreateAppDialog open={isCreateOpen} onClose={() => setIsCreateOpen(false)} />
    </>
  );
}

const gridSx = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" },
} as const;
