import { fillPath, api as paths, zWebhookEnabled } from "@parley/contract";
import { api } from "@/lib/api-client";

export async function updateWebhookEnabled({ appId, enabled }: { appId: string; enabled: boolean }) {
  const response = await api.put(fillPath(paths.apps.webhookEnabled, { id: appId }), { enabled }, zWebhookEnabled);
  return response.enabled;
}
