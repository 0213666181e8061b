import type { ChipProps } from "@mui/material";
import type { TImportStatus } from "@parley/contract";

export const STATUS_COLORS: Record<TImportStatus, ChipProps["color"]> = {
  analyzing: "info",
  ready: "warning",
  queued: "default",
  running: "info",
  paused: "default",
  completed: "success",
  failed: "error",
  canceled: "default",
};

/** Whole percent, rounded down: 100% only once every row is written. */
export const percentOf = (progress: number) => Math.floor(progress * 100);

/** How many entries of a dry run's list the page shows; the rest are in the downloaded report. */
export const NOTES_SHOWN = 10;
