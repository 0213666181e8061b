import { api as paths, type TCreateAppRequest, zAppResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { appKeys } from "./keys";

export async function createApp(body: TCreateAppRequest) {
  const { app } = await api.post(paths.apps.list, body, zAppResponse);
  return app;
}

export const createAppMutationOptions = () => mutationOptions({ mutationFn: createApp });

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createAppMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.list() }),
  });
}
