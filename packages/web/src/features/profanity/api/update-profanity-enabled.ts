import { fillPath, api as paths, zProfanityEnabledResponse } from "@parley/contract";
import { api } from "@/lib/api-client";

export async function updateProfanityEnabled({ appId, enabled }: { appId: string; enabled: boolean }) {
  const response = await api.put(
    fillPath(paths.apps.profanityEnabled, { id: appId }),
    { enabled },
    zProfanityEnabledResponse,
  );
  return response.enabled;
}
