import { api as paths, type TLoginRequest, zLoginResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { setSession } from "@/lib/session";

export async function login(body: TLoginRequest) {
  return api.post(paths.auth.login, body, zLoginResponse);
}

export const loginMutationOptions = () => mutationOptions({ mutationFn: login });

export function useLogin(settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...loginMutationOptions(),
    onSuccess: (session) => {
      // Nothing cached for a previous account may show up for this one.
      queryClient.clear();
      setSession(session);
    },
  });
}
