import { fillPath, api as paths, zTranslationEnabled } from "@parley/contract";
import { api } from "@/lib/api-client";

export async function updateTranslationEnabled({ appId, enabled }: { appId: string; enabled: boolean }) {
  const response = await api.put(
    fillPath(paths.apps.translationEnabled, { id: appId }),
    { enabled },
    zTranslationEnabled,
  );
  return response.enabled;
}
