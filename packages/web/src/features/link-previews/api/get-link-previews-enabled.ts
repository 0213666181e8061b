import { fillPath, api as paths, zLinkPreviewsEnabled } from "@parley/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { linkPreviewsKeys } from "./keys";

export async function getLinkPreviewsEnabled(appId: string, signal?: AbortSignal) {
  const { enabled } = await api.get(fillPath(paths.apps.linkPreviewsEnabled, { id: appId }), zLinkPreviewsEnabled, {
    signal,
  });
  return enabled;
}

export const linkPreviewsEnabledQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: linkPreviewsKeys.enabled(appId),
    queryFn: ({ signal }) => getLinkPreviewsEnabled(appId, signal),
  });
