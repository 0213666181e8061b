import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from "react-router";
import { isChunkLoadError } from "@/lib/lazy-route";
import { StatusPage } from "./status-page";

/**
 * errorElement of the router. A route module that failed to download (deploy in between, network gone, or
 * slower than CHUNK_LOAD_TIMEOUT_MS) gets a retry that reloads the page, so a new build's chunks are fetched.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusPage
        testId="not-found"
        code="404"
        title={t("status.notFound.title")}
        body={t("status.notFound.body")}
        actions={
          <Button variant="contained" component={RouterLink} to="/">
            {t("common.goHome")}
          </Button>
        }
      />
    );
  }

  if (!isChunkLoadError(error)) console.error(error);
  const isChunk = isChunkLoadError(error);
  return (
    <StatusPage
      title={isChunk ? t("routeError.chunkTitle") : t("routeError.title")}
      body={isChunk ? t("routeError.chunkBody") : t("routeError.body")}
      actions={
        <>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t("common.retry")}
          </Button>
          <Button variant="outlined" href="/">
            {t("common.goHome")}
          </Button>
        </>
      }
    />
  );
}
