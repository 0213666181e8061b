import PauseRounded from "@mui/icons-material/PauseRounded";
import PlayArrowRounded from "@mui/icons-material/PlayArrowRounded";
import { Alert, Box, Button, LinearProgress, Stack, Typography } from "@mui/material";
import type { TDataImport } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useFormat } from "@/hooks/use-format";
import { inlineErrors } from "@/lib/mutation-errors";
import { useCancelImport } from "../api/cancel-import";
import { usePauseImport } from "../api/pause-import";
import { useResumeImport } from "../api/resume-import";
import { useStartImport } from "../api/start-import";
import { DryRun } from "./dry-run";
import { FileFailures } from "./file-failures";
import { ImportHeading } from "./import-heading";
import { ImportProgress } from "./import-progress";
import { ProblemAlert } from "./problem-alert";
import { ReportButton } from "./report-button";

/**
 * The app's one unfinished import, with what can be done to it now: while analyzing, wait or cancel; when ready,
 * read the dry run and start or cancel; while written, pause or cancel; when paused, resume or cancel.
 */
export function CurrentImport({ appId, dataImport }: { appId: string; dataImport: TDataImport }) {
  const { t } = useTranslation();
  const format = useFormat();
  const ids = { appId, importId: dataImport.id };
  const start = useStartImport(appId, inlineErrors);
  const pause = usePauseImport(appId, inlineErrors);
  const resume = useResumeImport(appId, inlineErrors);
  const cancel = useCancelImport(appId, inlineErrors);
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  // A refusal (3171: another tab moved the import on) shows here; the list, refreshed after it, shows why.
  const [problem, setProblem] = useState<unknown>(null);
  const { status, dryRun } = dataImport;

  const run = async (action: typeof start) => {
    setProblem(null);
    try {
      await action.mutateAsync(ids);
    } catch (error) {
      setProblem(error);
    }
  };
  const confirmCancel = async () => {
    await run(cancel);
    setIsConfirmingCancel(false);
  };
  const reportLabel = t("dataImport.downloadReportNamed", {
    origin: dataImport.origin,
    at: format.dateTime(dataImport.createdAt),
  });

  return (
    <Box data-testid={`current-import-${dataImport.id}`} sx={{ display: "grid", gap: 2.5 }}>
      <ImportHeading dataImport={dataImport} />
      {status === "analyzing" && (
        <Box role="status">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t("dataImport.analyzing")}
          </Typography>
          <LinearProgress aria-label={t("dataImport.analyzingLabel")} sx={{ height: 8, borderRadius: 4 }} />
        </Box>
      )}
      {status === "ready" && dryRun && (
        <>
          <Alert severity="info">{t("dataImport.readyNote")}</Alert>
          <DryRun dryRun={dryRun} />
        </>
      )}
      {(status === "queued" || status === "running" || status === "paused") && (
        <>
          <ImportProgress dataImport={dataImport} />
          <FileFailures dataImport={dataImport} />
        </>
      )}
      {status === "paused" && (
        <Typography variant="body2" color="text.secondary">
          {t("dataImport.pausedNote")}
        </Typography>
      )}
      {problem !== null && <ProblemAlert error={problem} />}
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: "wrap", rowGap: 1.5 }}>
        {status === "ready" && (
          <Button
            variant="contained"
            startIcon={<PlayArrowRounded />}
            loading={start.isPending}
            onClick={() => void run(start)}
          >
            {t("dataImport.actions.start")}
          </Button>
        )}
        {(status === "queued" || status === "running") && (
          <Button
            variant="outlined"
            startIcon={<PauseRounded />}
            loading={pause.isPending}
            onClick={() => void run(pause)}
          >
            {t("dataImport.actions.pause")}
          </Button>
        )}
        {status === "paused" && (
          <Button
            variant="contained"
            startIcon={<PlayArrowRounded />}
            loading={resume.isPending}
            onClick={() => void run(resume)}
          >
            {t("dataImport.actions.resume")}
          </Button>
        )}
        <Button variant="outlined" color="error" onClick={() => setIsConfirmingCancel(true)}>
          {t("dataImport.actions.cancel")}
        </Button>
        {dryRun && <ReportButton appId={appId} importId={dataImport.id} label={reportLabel} />}
      </Stack>
      <ConfirmDialog
        open={isConfirmingCancel}
        title={t("dataImport.cancelDialog.title")}
        body={t(
          status === "analyzing" || status === "ready"
            ? "dataImport.cancelDialog.bodyUnwritten"
            : "dataImport.cancelDialog.body",
        )}
        confirmLabel={t("dataImport.actions.cancel")}
        isPending={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onClose={() => setIsConfirmingCancel(false)}
      />
    </Box>
  );
}
