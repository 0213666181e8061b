import { Box, Container, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** A titled part of a public page: a `<section>` named by its h2, so screen readers list it as a region. */
export function IntroSection({
  id,
  title,
  lead,
  tinted = false,
  children,
}: {
  /** Unique on the page; the heading's id and the section's anchor. */
  id: string;
  title: string;
  lead?: string;
  /** Alternating backgrounds separate long pages without rules. */
  tinted?: boolean;
  children?: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      sx={{ bgcolor: tinted ? "background.default" : "background.paper" }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Typography id={headingId} variant="h3" component="h2" sx={{ wordBreak: "keep-all" }}>
          {title}
        </Typography>
        {lead && (
          <Typography
            color="text.secondary"
            sx={{ mt: 1.5, maxWidth: 720, fontSize: "1.0625rem", wordBreak: "keep-all" }}
          >
            {lead}
          </Typography>
        )}
        {children && <Box sx={{ mt: 3.5 }}>{children}</Box>}
      </Container>
    </Box>
  );
}
