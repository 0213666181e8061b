import { Paper, TableContainer } from "@mui/material";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";

/** The ring a focused scroll box shows, as links and buttons do. */
export const focusRingSx = {
  "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
} as const;

/**
 * The box a table scrolls in: sideways when its columns are wider than a phone, down when a card caps its height.
 * Arrow keys scroll a box only once it has focus, and a table of text has nothing focusable inside, so the box takes
 * focus itself (WCAG 2.1.1) as a region named like its table, which a screen reader announces on the way in.
 */
export function TableRegion({
  label,
  isOutlined = false,
  sx,
  children,
}: {
  /** The table's own name (its `aria-label`), so the region and the table read the same. */
  label: string;
  /** On an outlined paper of its own, for a table that is not inside a card. */
  isOutlined?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const style = [focusRingSx, ...(Array.isArray(sx) ? sx : [sx])];
  return isOutlined ? (
    <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={label} sx={style}>
      {children}
    </TableContainer>
  ) : (
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={style}>
      {children}
    </TableContainer>
  );
}
