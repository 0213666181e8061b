import { Box, Typography } from "@mui/material";

/** One line of a fact list: a label, its value, and whether the value is an identifier shown as code. */
export interface Fact {
  label: string;
  value: string;
  isCode?: boolean;
}

/**
 * Labels and values as a `<dl>`: two columns from the small breakpoint up, the label column as wide as its longest
 * label; stacked on a phone, where each value keeps the whole width. Long values (IDs, URLs) wrap anywhere.
 */
export function FactList({ facts, testId }: { facts: readonly Fact[]; testId?: string }) {
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" },
        gap: { xs: 0.25, sm: 1 },
        columnGap: { sm: 3 },
        m: 0,
      }}
    >
      {facts.map(({ label, value, isCode }) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: "anywhere", fontFamily: isCode ? "monospace" : undefined }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
