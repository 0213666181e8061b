import { Box, Button, Container, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";

/** Buttons that read on the dark band: white fill for the main action, a white outline for the other. */
const onDarkButtonSx = {
  contained: { bgcolor: "common.white", color: "primary.dark", "&:hover": { bgcolor: "#e8eaf6" } },
  outlined: { color: "common.white", borderColor: "rgba(255,255,255,0.7)", "&:hover": { borderColor: "common.white" } },
} as const;

interface CtaLink {
  label: string;
  to: string;
}

/** The last section of a page: one sentence and the action the page leads to, on the brand colour. */
export function ClosingCta({
  id,
  title,
  body,
  primary,
  secondary,
}: {
  id: string;
  title: string;
  body: string;
  primary: CtaLink;
  secondary?: CtaLink;
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
          <Button variant="contained" size="large" component={RouterLink} to={primary.to} sx={onDarkButtonSx.contained}>
            {primary.label}
          </Button>
          {secondary && (
            <Button
              variant="outlined"
              size="large"
              component={RouterLink}
              to={secondary.to}
              sx={onDarkButtonSx.outlined}
            >
              {secondary.label}
            </Button>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
