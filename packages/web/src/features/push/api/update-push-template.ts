import {
  pushTemplatePath,
  type TPushTemplate,
  type TPushTemplateKey,
  type TUpdatePushTemplateRequest,
  zPushTemplateResponse,
} from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { pushKeys } from "./keys";

export async function updatePushTemplate({
  appId,
  key,
  body,
}: {
  appId: string;
  key: TPushTemplateKey;
  body: TUpdatePushTemplateRequest;
}) {
  const { template } = await api.put(pushTemplatePath(appId, key), body, zPushTemplateResponse);
  return template;
}

export const updatePushTemplateMutationOptions = () => mutationOptions({ mutationFn: updatePushTemplate });

export function useUpdatePushTemplate(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updatePushTemplateMutationOptions(),
    onSuccess: (saved) =>
      queryClient.setQueryData<TPushTemplate[]>(pushKeys.templates(appId), (templates) =>
        templates?.map((template) => (template.key === saved.key ? saved : template)),
      ),
  });
}
