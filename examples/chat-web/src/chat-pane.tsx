import type { ParleyClient, TChannel, TChatUser } from "@parley/sdk";
import { useCallback, useMemo, useState } from "react";
import { Composer } from "./composer/composer";
import { TypingIndicator } from "./composer/typing-indicator";
import { channelTitle, directPeer, isDirect } from "./direct";
import { useParleyEvent } from "./hooks";
import { useI18n } from "./i18n";
import { LockIcon, MembersIcon, PhoneIcon, VideoIcon } from "./icons";
import { MembersPanel } from "./members/members-panel";
import { nicknames, useMembers } from "./members/use-members";
import { baseMessageActions } from "./messages/message-actions";
import type { MessageActions } from "./messages/message-item";
import { MessageList } from "./messages/message-list";
import { PinnedBar } from "./messages/pinned-bar";
import { useChannelHistory } from "./messages/use-channel-history";
import { describeError } from "./session";
import { ThreadPanel } from "./thread/thread-panel";

interface Props {
  client: ParleyClient;
  user: TChatUser;
  channel: TChannel;
  onLeft: () => void;
  onOpenDirect: (userId: string, nickname: string) => void;
  /** Calls the other person of a 1:1 chat; absent while a call goes on. */
  onCall?: (userId: string, video: boolean) => void;
}

type Side = { kind: "members" } | { kind: "thread"; parentId: string } | null;

/** One open channel: its messages, the message box, and beside them the members or a thread. */
export function ChatPane({ client, user, channel: initial, onLeft, onOpenDirect, onCall }: Props) {
  const { t } = useI18n();
  const me = user.userId;
  const [channel, setChannel] = useState(initial);
  const [side, setSide] = useState<Side>(null);
  const history = useChannelHistory(client, me, channel.id);
  const { setError } = history;
  const members = useMembers(client, channel.id);
  const names = useMemo(() => nicknames(members), [members]);
  const direct = isDirect(channel);
  const title = channelTitle(channel, me);
  const peer = directPeer(channel, me);

  // Member counts, names and pins change under an open channel; the list's copy is only a starting point.
  const refresh = (event: { channelId: string }) => {
    if (event.channelId !== channel.id) return;
    client.channels.get(channel.id).then(setChannel, () => undefined);
  };
  const refreshOrClose = (event: { channelId: string; userId?: string }) => {
    if (event.channelId === channel.id && event.userId === me) onLeft();
    else refresh(event);
  };
  useParleyEvent(client, "member.joined", refresh);
  useParleyEvent(client, "member.left", refreshOrClose);
  useParleyEvent(client, "member.banned", refreshOrClose);
  useParleyEvent(client, "channel.changed", refresh);
  useParleyEvent(client, "message.pinned", refresh);
  useParleyEvent(client, "message.unpinned", refresh);
  useParleyEvent(client, "channel.deleted", (event) => event.channelId === channel.id && onLeft());
  useParleyEvent(client, "channel.frozen", (event) => {
    if (event.channelId === channel.id) setChannel((c) => ({ ...c, isFrozen: true }));
  });
  useParleyEvent(client, "channel.unfrozen", (event) => {
    if (event.channelId === channel.id) setChannel((c) => ({ ...c, isFrozen: false }));
  });

  const onError = useCallback((error: unknown) => setError(error), [setError]);
  const actions: MessageActions = {
    ...baseMessageActions({ client, channelId: channel.id, apply: history.apply, remove: history.remove, onError }),
    openThread: (parentId) => setSide({ kind: "thread", parentId }),
    openDirect: onOpenDirect,
    // Only a channel's owner may pin, so only they are offered it.
    pin:
      channel.ownerUserId === me
        ? (message, pin) => {
            const { id } = message;
            const call = pin ? client.channels.pin(channel.id, id) : client.channels.unpin(channel.id, id);
            call.then(setChannel, onError);
          }
        : undefined,
  };

  async function leave() {
    try {
      // The member.left event closes the pane.
      await client.channels.leave(channel.id);
    } catch (failure) {
      onError(failure);
    }
  }

  return (
    <div className={`chat-layout ${side ? "with-side" : ""}`}>
      <section className="chat" aria-label={title}>
        <header className="chat-header">
          <div>
            <h2>
              <span className="channel-icon">{direct ? "@" : channel.requiresInviteCode ? <LockIcon /> : "#"}</span>{" "}
              {title}
            </h2>
            <div className="muted small">
              {direct ? t("chat.direct") : t("channels.members", { count: channel.memberCount })}
            </div>
          </div>
          <div className="row">
            {peer && (
              <>
                <button
                  type="button"
                  className="chip-button"
                  disabled={!onCall}
                  onClick={() => onCall?.(peer.userId, false)}
                  aria-label={t("call.voiceWith", { name: title })}
                >
                  <PhoneIcon /> {t("call.voice")}
                </button>
                <button
                  type="button"
                  className="chip-button"
                  disabled={!onCall}
                  onClick={() => onCall?.(peer.userId, true)}
                  aria-label={t("call.videoWith", { name: title })}
                >
                  <VideoIcon /> {t("call.video")}
                </button>
              </>
            )}
            <button
              type="button"
              className={`chip-button ${side?.kind === "members" ? "active" : ""}`}
              aria-pressed={side?.kind === "members"}
              onClick={() => setSide((s) => (s?.kind === "members" ? null : { kind: "members" }))}
            >
              <MembersIcon /> {t("chat.members")} <span className="muted">{channel.memberCount}</span>
            </button>
            <button type="button" className="link" onClick={leave}>
              {t("chat.leave")}
            </button>
          </div>
        </header>
        <PinnedBar pinnedIds={channel.pinnedMessageIds ?? []} messages={history.messages} />
        <MessageList
          messages={history.messages}
          me={me}
          members={members}
          names={names}
          actions={actions}
          pinnedIds={channel.pinnedMessageIds}
          loading={history.loading}
          hasOlder={history.hasOlder}
          onLoadOlder={history.loadOlder}
          empty={t("chat.empty")}
        />
        <TypingIndicator client={client} channelId={channel.id} names={names} />
        {history.error !== null && (
          <p className="error composer-error" role="alert">
            {describeError(history.error, t)}{" "}
            <button type="button" className="link" aria-label={t("dismiss")} onClick={() => setError(null)}>
              ✕
            </button>
          </p>
        )}
        <Composer
          client={client}
          channelId={channel.id}
          me={me}
          members={members}
          placeholder={
            channel.isFrozen
              ? t("composer.frozen")
              : direct
                ? t("composer.placeholderDirect", { name: title })
                : t("composer.placeholder", { channel: title })
          }
          disabled={channel.isFrozen}
          onSend={async (text, options) => {
            try {
              history.apply(await client.messages.send(channel.id, text, undefined, options));
            } catch (error) {
              onError(error);
              throw error;
            }
          }}
        />
      </section>
      {side?.kind === "members" && (
        <MembersPanel members={members} me={me} onOpenDirect={onOpenDirect} onClose={() => setSide(null)} />
      )}
      {side?.kind === "thread" && (
        <ThreadPanel
          key={side.parentId}
          client={client}
          me={me}
          channel={channel}
          parentId={side.parentId}
          parent={history.messages.find((m) => m.id === side.parentId)}
          parentActions={actions}
          members={members}
          names={names}
          onError={onError}
          onClose={() => setSide(null)}
        />
      )}
    </div>
  );
}
