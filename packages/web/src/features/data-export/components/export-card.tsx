import FileDownloadRounded from "@mui/icons-material/FileDownloadRounded";
import { Alert, Box, Button, Chip, type ChipProps, LinearProgress, Paper, Stack, Typography } from "@mui/material";
import { isErrorCode, type TDataExport } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/hooks/use-format";

/** What the list says of an export: its status, except that a completed one past its link's day is expired. */
export type ExportState = TDataExport["status"] | "expired";

export function exportState(dataExport: TDataExport): ExportState {
  return dataExport.status === "completed" && dataExport.downloadUrl === null ? "expired" : dataExport.status;
}

const STATE_COLORS: Record<ExportState, ChipProps["color"]> = {
  queued: "default",
  running: "info",
  completed: "success",
  expired: "default",
  failed: "error",
};

/** Whole percent, rounded down: 100% only once every row is written. */
const percentOf = (progress: number) => Math.floor(progress * 100);

function ExportProgress({ dataExport, what }: { dataExport: TDataExport; what: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = percentOf(dataExport.progress);
  return (
    <Box sx={{ mt: 1.5 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", columnGap: 2, mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t(dataExport.status === "queued" ? "dataExport.waiting" : "dataExport.writing")}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t("dataExport.percent", { percent: format.number(percent) })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t("dataExport.progressLabel", { what })}
        sx={{ height: 8, borderRadius: 4 }}
      />
      {dataExport.sections.length > 0 && (
        <Box
          component="ul"
          aria-label={t("dataExport.sectionsLabel")}
          sx={{ listStyle: "none", m: 0, mt: 1, p: 0, display: "flex", flexWrap: "wrap", columnGap: 2.5, rowGap: 0.5 }}
        >
          {dataExport.sections.map((section) => (
            <Typography key={section.section} component="li" variant="body2" color="text.secondary">
              {t("dataExport.sectionProgress", {
                section: t(`dataExport.section.${section.section}`),
                done: format.number(Math.min(section.done, section.total)),
                total: format.number(section.total),
              })}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** One export in the list: what it holds, who asked when, and its progress, download link or failure. */
export function ExportCard({ dataExport }: { dataExport: TDataExport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const state = exportState(dataExport);
  const what =
    dataExport.userId === null ? t("dataExport.what.app") : t("dataExport.what.user", { userId: dataExport.userId });
  const createdAt = format.dateTime(dataExport.createdAt);

  return (
    <Paper variant="outlined" component="li" data-testid={`export-${dataExport.id}`} sx={{ p: 2 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between" }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
              {what}
            </Typography>
            <Chip size="small" color={STATE_COLORS[state]} label={t(`dataExport.status.${state}`)} />
            {dataExport.includeFiles && <Chip size="small" variant="outlined" label={t("dataExport.withFiles")} />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
            {t("dataExport.requestedBy", { email: dataExport.requestedBy })}
            {" · "}
            {t("dataExport.createdAt", { at: createdAt })}
          </Typography>
          {(state === "queued" || state === "running") && <ExportProgress dataExport={dataExport} what={what} />}
          {state === "completed" && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {dataExport.size !== null && t("dataExport.size", { size: format.bytes(dataExport.size) })}
              {dataExport.size !== null && dataExport.expiresAt && " · "}
              {dataExport.expiresAt && t("dataExport.expiresAt", { at: format.dateTime(dataExport.expiresAt) })}
            </Typography>
          )}
          {state === "expired" && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {dataExport.expiresAt
                ? t("dataExport.expiredAt", { at: format.dateTime(dataExport.expiresAt) })
                : t("dataExport.expiredNow")}
            </Typography>
          )}
          {state === "failed" && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {t(
                dataExport.errorCode && isErrorCode(dataExport.errorCode)
                  ? `ERROR_${dataExport.errorCode}`
                  : "ERROR_001",
              )}
            </Alert>
          )}
        </Box>
        {state === "completed" && dataExport.downloadUrl && (
          <Box sx={{ flex: "0 0 auto", alignSelf: { sm: "center" } }}>
            {/* A plain link: the archive comes as an attachment, so the browser downloads it and stays on the page. */}
            <Button
              variant="contained"
              href={dataExport.downloadUrl}
              startIcon={<FileDownloadRounded />}
              aria-label={t("dataExport.downloadNamed", { what, at: createdAt })}
            >
              {t("dataExport.download")}
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
