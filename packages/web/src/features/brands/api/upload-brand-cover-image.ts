import { fillPath, api as paths, zBrandCoverImageResponse } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { brandKeys } from "@/data/brands/keys";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";

/** Uploads a cover image on its own; a brand uses it only once its form is saved with the returned id. */
export async function uploadBrandCoverImage({ appId, file }: { appId: string; file: File }) {
  const form = new FormData();
  form.append("file", file);
  const path = fillPath(paths.notice.brandCoverImages, { id: appId });
  const { image } = await api.upload(path, form, zBrandCoverImageResponse);
  return image;
}

export const uploadBrandCoverImageMutationOptions = (appId: string) =>
  mutationOptions({ mutationKey: brandKeys.coverUpload(appId), mutationFn: uploadBrandCoverImage });

export function useUploadBrandCoverImage(appId: string, settings?: MutationSettings) {
  return useMutation({ ...uploadBrandCoverImageMutationOptions(appId), ...settings });
}
