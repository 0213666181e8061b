import FileDownloadRounded from "@mui/icons-material/FileDownloadRounded";
import { Alert, Box, Skeleton, Stack, Typography } from "@mui/material";
import { EXPORT_LINK_HOURS } from "@parley/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { SettingsCard } from "@/components/settings-card";
import { useErrorText } from "@/hooks/use-error-text";
import { isApiError } from "@/lib/api-client";
import { useExports } from "../api/get-exports";
import { ExportCard } from "./export-card";
import { NewExportForm } from "./new-export-form";

function About() {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      sx={{ m: 0, mb: 2.5, pl: 2.5, display: "grid", gap: 0.5, color: "text.secondary", typography: "body2" }}
    >
      <li>{t("dataExport.about.format")}</li>
      <li>{t("dataExport.about.mail")}</li>
      <li>{t("dataExport.about.link", { hours: EXPORT_LINK_HOURS })}</li>
    </Box>
  );
}

/**
 * `/apps/:id/exports`: starts an export of the app's data (or one user's) and lists the latest ones, read again every
 * second while one is queued or running so its progress moves, until it completes or fails.
 */
export function DataExport({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const headingId = useId();
  const exports = useExports(appId);
  // Only the owning account may export (3133): anyone else is told so once, with no form that would be refused too.
  const isNotOwner = isApiError(exports.error, "3133");

  return (
    <>
      <PageHeader title={t("pages.dataExport")} description={t("dataExport.description")} />
      {isNotOwner ? (
        <Alert severity="info">{errorText(exports.error)}</Alert>
      ) : (
        <Stack spacing={3}>
          <SettingsCard title={t("dataExport.new.title")}>
            <About />
            <NewExportForm appId={appId} />
          </SettingsCard>
          <Box component="section" aria-labelledby={headingId}>
            <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {t("dataExport.listTitle")}
            </Typography>
            {exports.isPending && <Skeleton variant="rounded" height={120} />}
            {exports.isError && <LoadError error={exports.error} onRetry={() => void exports.refetch()} />}
            {exports.data?.length === 0 && (
              <EmptyState
                icon={<FileDownloadRounded color="primary" sx={{ fontSize: 40 }} />}
                title={t("dataExport.emptyTitle")}
                body={t("dataExport.emptyBody")}
              />
            )}
            {exports.data && exports.data.length > 0 && (
              <Box
                component="ul"
                aria-label={t("dataExport.listTitle")}
                sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.5 }}
              >
                {exports.data.map((dataExport) => (
                  <ExportCard key={dataExport.id} dataExport={dataExport} />
                ))}
              </Box>
            )}
          </Box>
        </Stack>
      )}
    </>
  );
}
