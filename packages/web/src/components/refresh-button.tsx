import RefreshRounded from "@mui/icons-material/RefreshRounded";
import { IconButton, Tooltip } from "@mui/material";

/** An icon button that reloads a list; off while it loads. The span lets the tooltip work on a disabled button. */
export function RefreshButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled: boolean }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled}>
          <RefreshRounded />
        </IconButton>
      </span>
    </Tooltip>
  );
}
