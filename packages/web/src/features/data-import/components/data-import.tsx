import FileUploadRounded from "@mui/icons-material/FileUploadRounded";
import { Alert, Box, Link, Skeleton, Stack, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SettingsCard } from "@/components/settings-card";
import { paths } from "@/config/paths";
import { useErrorText } from "@/hooks/use-error-text";
import { isApiError } from "@/lib/api-client";
import { isOpen, useImports } from "../api/get-imports";
import { CurrentImport } from "./current-import";
import { ImportCard } from "./import-card";
import { NewImportForm } from "./new-import-form";

function About() {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      sx={{ m: 0, mb: 2.5, pl: 2.5, display: "grid", gap: 0.5, color: "text.secondary", typography: "body2" }}
    >
      <li>{t("dataImport.about.dryRun")}</li>
      <li>{t("dataImport.about.ids")}</li>
      <li>{t("dataImport.about.quiet")}</li>
      <li>
        <Link component={RouterLink} to={paths.intro.docs.getHref("imports")}>
          {t("dataImport.about.docs")}
        </Link>
      </li>
    </Box>
  );
}

/**
 * `/apps/:id/imports`: moves another chat service's data (or another Parley app's export) into the app. The app's
 * one unfinished import takes the top of the page through its states (analyzing, the dry run, writing, paused);
 * without one, the form starts a new import. The list is read again every second while the server works on an
 * import, so its state and progress move by themselves.
 */
export function DataImport({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const headingId = useId();
  const imports = useImports(appId);
  // Only the owning account may import (3176): anyone else is told so once, with no form that would be refused too.
  const isNotOwner = isApiError(imports.error, "3176");
  const current = imports.data?.find(isOpen);
  const earlier = imports.data?.filter((dataImport) => !isOpen(dataImport));

  return (
    <>
      <PageHeader title={t("pages.dataImport")} description={t("dataImport.description")} />
      {isNotOwner ? (
        <Alert severity="info">{errorText(imports.error)}</Alert>
      ) : (
        <Stack spacing={3}>
          {imports.isPending && <Skeleton variant="rounded" height={160} />}
          {imports.isError && <LoadError error={imports.error} onRetry={() => void imports.refetch()} />}
          {imports.data && (
            <SettingsCard title={t(current ? "dataImport.current.title" : "dataImport.new.title")}>
              <About />
              {current ? (
                <CurrentImport key={current.id} appId={appId} dataImport={current} />
              ) : (
                <NewImportForm appId={appId} />
              )}
            </SettingsCard>
          )}
          {earlier && (
            <Box component="section" aria-labelledby={headingId}>
              <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
                {t("dataImport.listTitle")}
              </Typography>
              {earlier.length === 0 ? (
                <EmptyState
                  icon={<FileUploadRounded color="primary" sx={{ fontSize: 40 }} />}
                  title={t("dataImport.emptyTitle")}
                  body={t("dataImport.emptyBody")}
                />
              ) : (
                <Box
                  component="ul"
                  aria-label={t("dataImport.listTitle")}
                  sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.5 }}
                >
                  {earlier.map((dataImport) => (
                    <ImportCard key={dataImport.id} appId={appId} dataImport={dataImport} />
                  ))}
                </Box>
              )}
            </Box>
          )}
        </Stack>
      )}
    </>
  );
}
