import { api as paths, type TSignupRequest, zSignupResponse } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";

export async function signup(body: TSignupRequest) {
  return api.post(paths.auth.signup, body, zSignupResponse);
}

export const signupMutationOptions = () => mutationOptions({ mutationFn: signup });

export function useSignup(settings?: MutationSettings) {
  return useMutation({ ...signupMutationOptions(), ...settings });
}
