import { fillPath, api as paths, type TUpdateAppRequest, zAppResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { appKeys } from "./keys";

export async function renameApp({ appId, body }: { appId: string; body: TUpdateAppRequest }) {
  const { app } = await api.put(fillPath(paths.apps.one, { id: appId }), body, zAppResponse);
  return app;
}

export const renameAppMutationOptions = () => mutationOptions({ mutationFn: renameApp });

export function useRenameApp(settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...renameAppMutationOptions(),
    onSuccess: (app) => {
      queryClient.setQueryData(appKeys.detail(app.id), app);
      // The drawer and the app list show the name too.
      return queryClient.invalidateQueries({ queryKey: appKeys.list() });
    },
  });
}
