import { fillPath, api as paths, type TTranslationKeyRequest, zTranslationVerifyResponse } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";

/** Tries a key against the translation service without saving it. */
export async function verifyTranslationKey({ appId, body }: { appId: string; body: TTranslationKeyRequest }) {
  return api.post(fillPath(paths.apps.translationVerify, { id: appId }), body, zTranslationVerifyResponse);
}

export const verifyTranslationKeyMutationOptions = () => mutationOptions({ mutationFn: verifyTranslationKey });

export function useVerifyTranslationKey(settings?: MutationSettings) {
  return useMutation({ ...verifyTranslationKeyMutationOptions(), ...settings });
}
