import { billingApi } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export async function removeCard() {
  await api.delete(billingApi.card);
}

export const removeCardMutationOptions = () => mutationOptions({ mutationFn: removeCard });

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    ...removeCardMutationOptions(),
    // Without a card the plan, the notices (CardNotRegistered) and the expected payment all change.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
