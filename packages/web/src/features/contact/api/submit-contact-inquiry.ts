import { api as paths, type TContactRequest } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";

export async function submitContactInquiry(body: TContactRequest) {
  await api.post(paths.auth.contactUs, body);
}

export const submitContactInquiryMutationOptions = () => mutationOptions({ mutationFn: submitContactInquiry });

export function useSubmitContactInquiry(settings?: MutationSettings) {
  return useMutation({ ...submitContactInquiryMutationOptions(), ...settings });
}
