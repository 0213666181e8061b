import { Box, Button, Chip, FormControlLabel, Switch, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ChatSocketStatus } from "../lib/chat-socket";

const statusColor: Record<ChatSocketStatus, "success" | "warning" | "default"> = {
  live: "success",
  connecting: "default",
  reconnecting: "warning",
  stopped: "default",
};

/**
 * The bar above the messages: whether the view is live, and either the metadata switch or, while messages are
 * being selected (`selectedCount` not null), the selection's count and actions.
 */
export function ChatToolbar({
  status,
  selectedCount,
  onCancelSelection,
  onDeleteSelected,
  showMetadata,
  onShowMetadataChange,
}: {
  status: ChatSocketStatus;
  selectedCount: number | null;
  onCancelSelection: () => void;
  onDeleteSelected: () => void;
  showMetadata: boolean;
  onShowMetadataChange: (show: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: "divider",
        flexWrap: "wrap",
      }}
    >
      <Chip
        size="small"
        variant="outlined"
        color={statusColor[status]}
        label={t(`chat.status.${status}`)}
        data-testid="socket-status"
      />
      <Box sx={{ flex: 1 }} />
      {selectedCount !== null ? (
        <>
          <Typography variant="body2">{t("chat.selected", { count: selectedCount })}</Typography>
          <Button size="small" onClick={onCancelSelection}>
            {t("common.cancel")}
          </Button>
          <Button
            size="small"
            color="error"
            variant="contained"
            disabled={selectedCount === 0}
            onClick={onDeleteSelected}
          >
            {t("chat.deleteSelected")}
          </Button>
        </>
      ) : (
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={showMetadata}
              onChange={(event) => onShowMetadataChange(event.target.checked)}
            />
          }
          label={<Typography variant="body2">{t("chat.showMetadata")}</Typography>}
          sx={{ mr: 0 }}
        />
      )}
    </Box>
  );
}
