import { Box, Container, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** The top of a public page: its one h1, a lead and the page's calls to action. Also sets the tab title. */
export function IntroHero({
  title,
  lead,
  documentTitle,
  actions,
  note,
}: {
  title: string;
  lead: string;
  /** The tab title when it should be shorter than the heading. */
  documentTitle?: string;
  actions?: ReactNode;
  note?: string;
}) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Box sx={{ background: "linear-gradient(180deg, #eef0fb 0%, #ffffff 100%)" }}>
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
        <Typography
          variant="h1"
          sx={{
            maxWidth: 780,
            fontSize: { xs: "2rem", md: "2.75rem" },
            overflowWrap: "break-word",
            wordBreak: "keep-all",
          }}
        >
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 2.5, maxWidth: 680, fontSize: "1.125rem", wordBreak: "keep-all" }}>
          {lead}
        </Typography>
        {actions && (
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mt: 4, alignItems: { sm: "center" } }}>
            {actions}
          </Stack>
        )}
        {note && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {note}
          </Typography>
        )}
      </Container>
    </Box>
  );
}
