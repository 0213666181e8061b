import { fillPath, api as paths } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveFile } from "@/lib/save-file";

/** Fetches the rows the upload left out (row, userId, reason) with the session token and saves them as CSV. */
export async function downloadExcludedRecipients({ appId, campaignId }: { appId: string; campaignId: string }) {
  const { blob, fileName } = await api.download(fillPath(paths.notice.campaignExcluded, { id: appId, campaignId }));
  saveFile(blob, fileName ?? `excluded-${campaignId}.csv`);
}

export const downloadExcludedRecipientsMutationOptions = () =>
  mutationOptions({ mutationFn: downloadExcludedRecipients });

export function useDownloadExcludedRecipients() {
  return useMutation(downloadExcludedRecipientsMutationOptions());
}
