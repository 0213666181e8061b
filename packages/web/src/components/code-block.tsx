import { Box } from "@mui/material";
import type { SxProps, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";
import { focusRingSx } from "./table-region";

const codeSx = {
  m: 0,
  p: 1.5,
  borderRadius: 1,
  bgcolor: "action.hover",
  fontFamily: "monospace",
  fontSize: 13,
  lineHeight: 1.5,
  overflow: "auto",
  whiteSpace: "pre",
} as const;

/**
 * Preformatted code or data that keeps its lines and scrolls instead of wrapping. Like a table's scroll box it takes
 * focus, so arrow keys scroll it (WCAG 2.1.1), as a region named for what it holds.
 */
export function CodeBlock({
  label,
  testId,
  sx,
  children,
}: {
  label: string;
  testId?: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box
      component="pre"
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid={testId}
      sx={[codeSx, focusRingSx, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Box>
  );
}
