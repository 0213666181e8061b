import { fillPath, api as paths, zCampaignResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MutationSettings } from "@/lib/mutation-errors";
import { type UploadProgress, uploadWithProgress } from "../lib/upload-with-progress";
import { storeCampaign } from "./cache";

/**
 * Uploads the recipient CSV to a draft, replacing an earlier one; the answer counts who will receive the message
 * and who was left out, by reason. An unreadable file answers 3055 with `data.reason`.
 */
export async function uploadRecipients({
  appId,
  campaignId,
  file,
  onProgress,
}: {
  appId: string;
  campaignId: string;
  file: File;
  onProgress?: UploadProgress;
}) {
  const form = new FormData();
  form.append("file", file);
  const path = fillPath(paths.notice.campaignRecipients, { id: appId, campaignId });
  const { campaign } = await uploadWithProgress(path, form, zCampaignResponse, { onProgress });
  return campaign;
}

export const uploadRecipientsMutationOptions = () => mutationOptions({ mutationFn: uploadRecipients });

export function useUploadRecipients(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...uploadRecipientsMutationOptions(),
    onSuccess: (campaign) => storeCampaign(queryClient, appId, campaign),
  });
}
