import { api as paths, type TCreateAppRequest, zAppResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { appKeys } from "./keys";

export async function createApp(body: TCreateAppRequest) {
  const { app } = await api.post(paths.apps.list, body, zAppResponse);
  return app;
}

export const createAppMutationOptions = () => mutationOptions({ mutationFn: createApp });

export function useCreateApp(settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...createAppMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.list() }),
  });
}
