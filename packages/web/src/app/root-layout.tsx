import { Box, CircularProgress } from "@mui/material";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { useLoadingOverlay } from "@/components/ui/loading-overlay";
import { preferredLanguage } from "@/i18n";
import { QueryLinkGate } from "./query-links";

function NavigationLoading() {
  const navigation = useNavigation();
  useLoadingOverlay(navigation.state === "loading");
  return null;
}

/**
 * Runs once the page is live. It marks the document `data-hydrated`. A prerendered page hydrates in the language
 * its HTML was written in, so this then switches to the one the visitor prefers; elsewhere the two are already the
 * same and nothing changes.
 */
function PreferredLanguage() {
  const { i18n } = useTranslation();
  useEffect(() => {
    // Says the page is live (handlers attached), for browser tests and anyone measuring the page.
    document.documentElement.setAttribute("data-hydrated", "");
    const preferred = preferredLanguage();
    if (preferred !== i18n.language) void i18n.changeLanguage(preferred);
  }, [i18n]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <NavigationLoading />
      <PreferredLanguage />
      <ScrollRestoration />
      <QueryLinkGate>
        <Outlet />
      </QueryLinkGate>
    </>
  );
}

/** Shown while the first route module downloads. */
export function BootFallback() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: "100vh", display: "grid", placeItems: "center" }}>
      <CircularProgress aria-label={t("common.loading")} />
    </Box>
  );
}
