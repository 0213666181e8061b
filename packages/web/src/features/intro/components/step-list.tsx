import { Box, Typography } from "@mui/material";

/** Numbered steps as an ordered list, so the order is announced and not only drawn. */
export function StepList({ steps }: { steps: readonly { key: string; title: string; body: string }[] }) {
  return (
    <Box
      component="ol"
      sx={{
        listStyle: "none",
        m: 0,
        p: 0,
        display: "grid",
        gap: 3,
        gridTemplateColumns: { xs: "1fr", md: `repeat(${steps.length}, 1fr)` },
      }}
    >
      {steps.map((step, index) => (
        <Box component="li" key={step.key} sx={{ display: "flex", gap: 2, alignItems: "flex-start" }}>
          <Box
            aria-hidden
            sx={{
              width: 36,
              height: 36,
              flexShrink: 0,
              borderRadius: "50%",
              display: "grid",
              placeItems: "center",
              bgcolor: "primary.main",
              color: "primary.contrastText",
              fontWeight: 700,
            }}
          >
            {index + 1}
          </Box>
          <Box>
            <Typography variant="h6" component="h3">
              {step.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5, wordBreak: "keep-all" }}>
              {step.body}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
