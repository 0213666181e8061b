import { Box, Typography } from "@mui/material";
import type { ReactNode } from "react";

/**
 * One label and its value inside a `<dl>`: side by side from the small breakpoint up, stacked on a phone so long
 * values (card holders, date ranges) keep the full width.
 */
export function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "12rem 1fr" }, columnGap: 2, rowGap: 0.25 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: "anywhere" }}>
        {children}
      </Typography>
    </Box>
  );
}
