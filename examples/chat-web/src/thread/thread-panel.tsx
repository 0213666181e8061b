import type { ParleyClient, TChannel, TMember, TMessage } from "@parley/sdk";
import { useEffect, useState } from "react";
import { Composer } from "../composer/composer";
import { useI18n } from "../i18n";
import { baseMessageActions } from "../messages/message-actions";
import { type MessageActions, MessageItem } from "../messages/message-item";
import { MessageList } from "../messages/message-list";
import { useLiveMessages } from "../messages/use-live-messages";

const PAGE = 50;

interface Props {
  client: ParleyClient;
  me: string;
  channel: TChannel;
  parentId: string;
  /** The thread's first message as the channel's list holds it, so its reactions and edits stay live here too. */
  parent: TMessage | undefined;
  parentActions: MessageActions;
  members: TMember[];
  names: Map<string, string>;
  onError: (error: unknown) => void;
  onClose: () => void;
}

/** One thread: its parent on top, the replies under it, and a box to reply (optionally to the channel too). */
export function ThreadPanel({ client, me, channel, parentId, parent, parentActions, members, names, ...props }: Props) {
  const { t } = useI18n();
  const { onError } = props;
  const live = useLiveMessages(client, me, channel.id, (m) => m.parentMessageId === parentId);
  const { apply, setMessages } = live;
  const [hasOlder, setHasOlder] = useState(false);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    setMessages([]);
    setLoading(true);
    client.messages
      .replies(channel.id, parentId, { limit: PAGE })
      .then((page) => {
        if (cancelled) return;
        apply(...page.messages);
        setHasOlder(page.hasMore);
      })
      .catch((error: unknown) => !cancelled && onError(error))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [client, channel.id, parentId, apply, setMessages, onError]);

  async function loadOlder() {
    const oldest = live.messages[0];
    if (!oldest) return;
    try {
      const page = await client.messages.replies(channel.id, parentId, { before: oldest.seq, limit: PAGE });
      apply(...page.messages);
      setHasOlder(page.hasMore);
    } catch (error) {
      onError(error);
    }
  }

  const actions = baseMessageActions({ client, channelId: channel.id, apply, remove: live.remove, onError });
  // The parent is shown inside its own thread, so it offers no way to open it again.
  const onParent: MessageActions = { ...parentActions, openThread: undefined };

  return (
    <aside className="side-panel thread-panel" aria-label={t("thread.title")}>
      <header className="side-header">
        <h3>{t("thread.title")}</h3>
        <button type="button" className="link" onClick={props.onClose}>
          {t("thread.close")}
        </button>
      </header>
      <MessageList
        messages={live.messages}
        me={me}
        members={members}
        names={names}
        actions={actions}
        loading={loading}
        hasOlder={hasOlder}
        onLoadOlder={loadOlder}
        empty={t("thread.noReplies")}
        showSeen={false}
        header={
          parent && (
            <div className="thread-parent">
              <MessageItem message={parent} me={me} names={names} actions={onParent} />
            </div>
          )
        }
      />
      <Composer
        client={client}
        channelId={channel.id}
        me={me}
        members={members}
        placeholder={t("composer.placeholderThread")}
        disabled={channel.isFrozen}
        alsoToChannel={channel.name}
        onSend={async (text, options) => {
          try {
            apply(await client.messages.send(channel.id, text, undefined, { ...options, parentMessageId: parentId }));
          } catch (error) {
            onError(error);
            throw error;
          }
        }}
      />
    </aside>
  );
}
