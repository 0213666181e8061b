import { fillPath, api as paths, zLinkPreviewsEnabled } from "@parley/contract";
import { api } from "@/lib/api-client";

export async function updateLinkPreviewsEnabled({ appId, enabled }: { appId: string; enabled: boolean }) {
  const response = await api.put(
    fillPath(paths.apps.linkPreviewsEnabled, { id: appId }),
    { enabled },
    zLinkPreviewsEnabled,
  );
  return response.enabled;
}
