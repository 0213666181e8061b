import { Box, CircularProgress } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { useLoadingOverlay } from "@/components/ui/loading-overlay";
import { QueryLinkGate } from "./query-links";

function NavigationLoading() {
  const navigation = useNavigation();
  useLoadingOverlay(navigation.state === "loading");
  return null;
}

export function RootLayout() {
  return (
    <>
      <NavigationLoading />
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
