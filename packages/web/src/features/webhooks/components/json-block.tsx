import { Box } from "@mui/material";

/** A JSON value pretty-printed in a scrolling monospace box, as a receiver would log it. */
export function JsonBlock({ value, label, testId }: { value: unknown; label: string; testId?: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      data-testid={testId}
      sx={{
        m: 0,
        p: 1.5,
        maxHeight: 360,
        overflow: "auto",
        borderRadius: 1,
        bgcolor: "action.hover",
        fontFamily: "monospace",
        fontSize: 12.5,
        lineHeight: 1.5,
      }}
    >
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}
