import { api as paths, type TAdminNoticeRequest, zAdminNoticeResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { adminKeys } from "./keys";

/** Posts a notice (type "Other") to one company or, with `companyId` null, to every account. */
export async function postAdminNotice(body: TAdminNoticeRequest) {
  return (await api.post(paths.admin.notices, body, zAdminNoticeResponse)).notice;
}

export const postAdminNoticeMutationOptions = () => mutationOptions({ mutationFn: postAdminNotice });

export function usePostAdminNotice(settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...postAdminNoticeMutationOptions(),
    ...settings,
    onSuccess: (notice) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.notices() }),
        // A company's notice is written in its action history.
        notice.companyId ? queryClient.invalidateQueries({ queryKey: adminKeys.company(notice.companyId) }) : null,
      ]),
  });
}
