import { fillPath, api as paths, zPushEnabled } from "@parley/contract";
import { api } from "@/lib/api-client";

export async function updatePushEnabled({ appId, enabled }: { appId: string; enabled: boolean }) {
  const response = await api.put(fillPath(paths.apps.pushEnabled, { id: appId }), { enabled }, zPushEnabled);
  return response.enabled;
}
