import type { TMessage } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { usePinMessage } from "../api/pin-message";
import { useRemoveReaction } from "../api/remove-reaction";
import { useUnpinMessage } from "../api/unpin-message";
import type { MessagePatch } from "../lib/message-events";

/** Pins or unpins a message; the channel's detail (and with it the pinned strip) follows the answer. */
export function usePinToggle(appId: string, channelId: string) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const pinMessage = usePinMessage();
  const unpinMessage = useUnpinMessage();
  return (messageId: string, pin: boolean) => {
    const target = { appId, channelId, messageId };
    const onSuccess = () => showSnackbar(t(pin ? "chat.pinDone" : "chat.unpinDone"), { severity: "success" });
    if (pin) pinMessage.mutate(target, { onSuccess });
    else unpinMessage.mutate(target, { onSuccess });
  };
}

/**
 * Removing a reaction from a message for everyone who added it: `ask` opens the confirmation (`dialog`, to render),
 * and the message on screen takes the counts the server answers.
 */
export function useReactionRemoval(appId: string, channelId: string, onPatched: (patch: MessagePatch) => void) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const removeReaction = useRemoveReaction();
  const [removing, setRemoving] = useState<{ message: TMessage; reaction: string } | null>(null);

  const confirm = () => {
    if (!removing) return;
    const { message, reaction } = removing;
    removeReaction.mutate(
      { appId, channelId, messageId: message.id, reaction },
      {
        onSuccess: (updated) => {
          onPatched({ messageId: updated.id, apply: (held) => ({ ...held, reactions: updated.reactions }) });
          showSnackbar(t("chat.reactionRemoved", { reaction }), { severity: "success" });
        },
        onSettled: () => setRemoving(null),
      },
    );
  };

  const dialog = (
    <ConfirmDialog
      open={removing !== null}
      title={t("chat.removeReactionTitle")}
      body={t("chat.removeReactionBody", {
        reaction: removing?.reaction ?? "",
        count: removing?.message.reactions?.[removing.reaction] ?? 0,
      })}
      confirmLabel={t("chat.removeReactionAction")}
      isDestructive
      isPending={removeReaction.isPending}
      onConfirm={confirm}
      onClose={() => setRemoving(null)}
    />
  );
  return { ask: (message: TMessage, reaction: string) => setRemoving({ message, reaction }), dialog };
}
