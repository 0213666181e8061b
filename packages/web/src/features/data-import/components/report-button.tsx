import FileDownloadRounded from "@mui/icons-material/FileDownloadRounded";
import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useDownloadImportReport } from "../api/download-import-report";

/**
 * Downloads the import's whole report. A button, not a plain link: the report needs the session's bearer token,
 * which a link cannot send.
 */
export function ReportButton({ appId, importId, label }: { appId: string; importId: string; label: string }) {
  const { t } = useTranslation();
  const download = useDownloadImportReport();
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadRounded />}
      loading={download.isPending}
      aria-label={label}
      onClick={() => download.mutate({ appId, importId })}
    >
      {t("dataImport.downloadReport")}
    </Button>
  );
}
