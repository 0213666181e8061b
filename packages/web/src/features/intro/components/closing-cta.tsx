import { Box, Container, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** Buttons that read on the dark band: white fill for the main action, a white outline for the other. */
export const onDarkButtonSx = {
  contained: { bgcolor: "common.white", color: "primary.dark", "&:hover": { bgcolor: "#e8eaf6" } },
  outlined: { color: "common.white", borderColor: "rgba(255,255,255,0.7)", "&:hover": { borderColor: "common.white" } },
} as const;

/** The last section of a page: one sentence and the action the page leads to, on the brand colour. */
export function ClosingCta({
  id,
  title,
  body,
  actions,
}: {
  id: string;
  title: string;
  body: string;
  actions: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ bgcolor: "primary.dark", color: "primary.contrastText" }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 8 }, textAlign: { md: "center" } }}>
        <Typography id={headingId} variant="h3" component="h2" sx={{ wordBreak: "keep-all" }}>
          {title}
        </Typography>
        <Typography sx={{ mt: 1.5, fontSize: "1.0625rem", opacity: 0.92, wordBreak: "keep-all" }}>{body}</Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mt: 3.5, justifyContent: { md: "center" } }}>
          {actions}
        </Stack>
      </Container>
    </Box>
  );
}
