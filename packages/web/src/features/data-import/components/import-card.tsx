import { Alert, Box, Paper, Stack, Typography } from "@mui/material";
import { isErrorCode, type TDataImport } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { useFormat } from "@/hooks/use-format";
import { FileFailures } from "./file-failures";
import { ImportHeading } from "./import-heading";
import { percentOf } from "./import-labels";
import { ReportButton } from "./report-button";

/**
 * What a finished import wrote, kind by kind: "Messages 1,200, Channels 30, Files 80". The files kind counts every
 * file the job tried, so the ones it could not copy are taken off.
 */
function WrittenSummary({ dataImport }: { dataImport: TDataImport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const written = dataImport.kinds
    .map((kind) =>
      kind.kind === "files" ? { ...kind, done: Math.max(0, kind.done - dataImport.fileFailuresTotal) } : kind,
    )
    .filter((kind) => kind.done > 0)
    .map((kind) =>
      t("dataImport.summary.kindCount", { kind: t(`dataImport.kind.${kind.kind}`), count: format.number(kind.done) }),
    );
  return (
    <Typography variant="body2" sx={{ mt: 1 }}>
      {written.length > 0
        ? t("dataImport.summary.written", { list: written.join(", ") })
        : t("dataImport.summary.nothing")}
    </Typography>
  );
}

/** One finished import in the list: completed with what it wrote, failed with why, or canceled part way. */
export function ImportCard({ appId, dataImport }: { appId: string; dataImport: TDataImport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { status } = dataImport;
  const finishedAt = dataImport.completedAt ? format.dateTime(dataImport.completedAt) : null;
  return (
    <Paper variant="outlined" component="li" data-testid={`import-${dataImport.id}`} sx={{ p: 2 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between" }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <ImportHeading dataImport={dataImport} />
          {status === "completed" && (
            <>
              <WrittenSummary dataImport={dataImport} />
              {finishedAt && (
                <Typography variant="body2" color="text.secondary">
                  {t("dataImport.summary.completedAt", { at: finishedAt })}
                </Typography>
              )}
            </>
          )}
          {status === "canceled" && (
            <>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {dataImport.startedAt === null
                  ? t("dataImport.summary.canceledUnwritten")
                  : t("dataImport.summary.canceled", { percent: format.number(percentOf(dataImport.progress)) })}
              </Typography>
              {dataImport.startedAt !== null && <WrittenSummary dataImport={dataImport} />}
            </>
          )}
          {status === "failed" && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {t(
                dataImport.errorCode && isErrorCode(dataImport.errorCode)
                  ? `ERROR_${dataImport.errorCode}`
                  : "ERROR_001",
              )}
              {dataImport.errorReason && (
                <Box component="span" sx={{ display: "block", mt: 0.5, overflowWrap: "anywhere" }}>
                  {t("dataImport.detail", { detail: dataImport.errorReason })}
                </Box>
              )}
            </Alert>
          )}
          <FileFailures dataImport={dataImport} />
        </Box>
        <Box sx={{ flex: "0 0 auto", alignSelf: { sm: "center" } }}>
          <ReportButton
            appId={appId}
            importId={dataImport.id}
            label={t("dataImport.downloadReportNamed", {
              origin: dataImport.origin,
              at: format.dateTime(dataImport.createdAt),
            })}
          />
        </Box>
      </Stack>
    </Paper>
  );
}
