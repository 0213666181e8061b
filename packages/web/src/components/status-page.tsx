import { Box, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** Full-page message with a way out (not-found, not-allowed, error, chunk-load failure). */
export function StatusPage({
  code,
  title,
  body,
  actions,
  testId,
}: {
  code?: string;
  title: string;
  body: string;
  actions: ReactNode;
  testId?: string;
}) {
  useDocumentTitle(title);
  return (
    <Box
      data-testid={testId}
      sx={{ minHeight: "70vh", display: "grid", placeItems: "center", px: 2, py: 6, textAlign: "center" }}
    >
      <Stack spacing={2} sx={{ alignItems: "center", maxWidth: 520 }}>
        {code && (
          <Typography sx={{ fontSize: { xs: "3.5rem", sm: "4.5rem" }, fontWeight: 800, color: "primary.main" }}>
            {code}
          </Typography>
        )}
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">{body}</Typography>
        <Stack direction="row" spacing={1.5} sx={{ pt: 1, flexWrap: "wrap", justifyContent: "center" }}>
          {actions}
        </Stack>
      </Stack>
    </Box>
  );
}
