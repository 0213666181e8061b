import { AppBar, Box, Container, Paper, Toolbar, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { LanguageSwitch } from "@/components/language-switch";
import { Logo } from "@/components/logo";
import { paths } from "@/config/paths";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useSession } from "@/lib/session";

/** Login, signup and the email/password flows: a light top bar and one centered card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column", bgcolor: "background.default" }}>
      <AppBar position="static">
        <Toolbar sx={{ gap: 2 }}>
          <Logo to={session ? paths.dashboard.getHref() : paths.intro.home.getHref()} />
          <Box sx={{ flex: 1 }} />
          <LanguageSwitch />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, display: "grid", placeItems: "center", py: { xs: 3, sm: 6 }, px: 2 }}>
        <Container maxWidth="sm" disableGutters>
          {children}
        </Container>
      </Box>
    </Box>
  );
}

export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3, boxShadow: "0 12px 40px rgba(28, 32, 51, 0.06)" }}
    >
      {children}
    </Paper>
  );
}

export function AuthCardHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  useDocumentTitle(title);
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}
