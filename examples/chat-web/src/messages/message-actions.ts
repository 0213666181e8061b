import type { ParleyClient, TMessage } from "@parley/sdk";
import type { MessageActions } from "./message-item";

/**
 * The actions every list of messages offers, each applying the server's answer to the list at once (the event that
 * follows changes nothing more) and handing a failure to `onError`.
 */
export function baseMessageActions(options: {
  client: ParleyClient;
  channelId: string;
  apply: (message: TMessage) => void;
  remove: (messageId: string) => void;
  onError: (error: unknown) => void;
}): Pick<MessageActions, "toggleReaction" | "edit" | "remove"> {
  const { client, channelId, apply, remove, onError } = options;
  return {
    toggleReaction(message, reaction) {
      const added = message.myReactions?.includes(reaction) ?? false;
      const call = added
        ? client.messages.unreact(channelId, message.id, reaction)
        : client.messages.react(channelId, message.id, reaction);
      call.then(apply, onError);
    },
    async edit(message, text) {
      try {
        apply(await client.messages.edit(channelId, message.id, { text }));
      } catch (error) {
        onError(error);
        throw error;
      }
    },
    remove(message) {
      client.messages.delete(channelId, message.id).then(() => remove(message.id), onError);
    },
  };
}
