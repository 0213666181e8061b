import { Card, Typography, type TypographyProps } from "@mui/material";
import type { ReactNode } from "react";

/**
 * One figure of a `<dl>` shown as a grid of cards (a report's totals, a send's counts). The card itself is the
 * `<div>` that groups its `<dt>` and `<dd>`: a `<dl>` allows one such wrapper and no deeper nesting, so the label and
 * value sit directly in it rather than in a CardContent.
 */
export function FigureCard({
  label,
  children,
  valueVariant = "h4",
  testId,
}: {
  label: string;
  children: ReactNode;
  valueVariant?: TypographyProps["variant"];
  testId?: string;
}) {
  return (
    <Card variant="outlined" sx={{ p: 2, pb: 3 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant={valueVariant} sx={{ m: 0, mt: 0.5 }} data-testid={testId}>
        {children}
      </Typography>
    </Card>
  );
}
