import ContentCopyRounded from "@mui/icons-material/ContentCopyRounded";
import { IconButton, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "@/components/ui/snackbar-provider";

/**
 * Copies `value` to the clipboard and says whether it worked; browsers refuse outside secure contexts. `onCopied`
 * runs after a copy that worked.
 */
export function CopyButton({ value, label, onCopied }: { value: string; label: string; onCopied?: () => void }) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showSnackbar(t("common.copied"), { severity: "success" });
      onCopied?.();
    } catch (error) {
      console.warn("Could not copy to the clipboard", error);
      showSnackbar(t("common.copyFailed"), { severity: "error" });
    }
  };
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={() => void copy()} size="small">
        <ContentCopyRounded fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
