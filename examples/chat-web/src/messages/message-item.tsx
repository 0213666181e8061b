import { MISSED_CALL_CUSTOM_TYPE, type TMessage } from "@parley/sdk";
import { useState } from "react";
import { useI18n } from "../i18n";
import { FileIcon, PinIcon, RepliesIcon } from "../icons";
import { Avatar } from "../members/avatar";
import { EMOTE_TYPE } from "./custom";
import { EditForm } from "./edit-form";
import { MessageText } from "./message-text";
import { ReactionChips, ReactionPicker } from "./reactions";

/** What a user may do with a message; an absent one is not offered here (no replies inside a thread, pins for owners). */
export interface MessageActions {
  toggleReaction: (message: TMessage, reaction: string) => void;
  edit: (message: TMessage, text: string) => Promise<void>;
  remove: (message: TMessage) => void;
  /** Opens the thread of the message with this id. */
  openThread?: (parentMessageId: string) => void;
  pin?: (message: TMessage, pinned: boolean) => void;
  openDirect?: (userId: string, nickname: string) => void;
}

interface Props {
  message: TMessage;
  me: string;
  names: Map<string, string>;
  actions: MessageActions;
  isPinned?: boolean;
  /** On the user's latest message: how many others have read up to it. */
  seenBy?: number;
}

export function MessageItem({ message, me, names, actions, isPinned, seenBy }: Props) {
  const { t, language } = useI18n();
  const [editing, setEditing] = useState(false);
  const own = message.sender?.userId === me;
  const time = (iso: string) => new Date(iso).toLocaleTimeString(language, { hour: "2-digit", minute: "2-digit" });

  if (message.type === "admin") return <div className="admin-message">{message.text}</div>;
  if (message.type === "custom" && message.customType === MISSED_CALL_CUSTOM_TYPE) {
    const video = (message.metadata as { kind?: string } | null)?.kind === "video";
    return (
      <div className="admin-message missed-call" data-testid="missed-call">
        {t(video ? "call.missedVideo" : "call.missedVoice")} ·{" "}
        <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
      </div>
    );
  }

  const sender = message.sender;
  const author = sender?.nickname ?? t("chat.unknown");
  const isEmote = message.type === "custom" && message.customType === EMOTE_TYPE;
  const mentionsMe = message.mentionedUserIds?.includes(me) ?? false;
  const replies = message.replyCount ?? 0;
  const openThread = actions.openThread;

  return (
    <article
      className={`message ${own ? "own" : ""} ${mentionsMe ? "mentions-me" : ""}`}
      data-testid="message"
      aria-label={`${author}: ${message.text}`}
    >
      {!own && <Avatar name={author} />}
      <div className="message-body">
        <div className="meta">
          {!own && sender && actions.openDirect ? (
            <button
              type="button"
              className="author link-plain"
              title={t("members.message", { name: author })}
              onClick={() => actions.openDirect?.(sender.userId, sender.nickname)}
            >
              {author}
            </button>
          ) : (
            <span className="author">{author}</span>
          )}
          <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
          {message.editedAt && (
            <span className="edited" title={t("chat.editedAt", { time: time(message.editedAt) })}>
              {t("chat.edited")}
            </span>
          )}
          {isPinned && (
            <span className="pin-mark">
              <PinIcon /> {t("chat.pinned")}
            </span>
          )}
        </div>
        {message.parentMessageId && message.showInChannel && openThread && (
          <button
            type="button"
            className="thread-note link"
            onClick={() => openThread(message.parentMessageId ?? message.id)}
          >
            ↳ {t("chat.inThread")}
          </button>
        )}
        {editing ? (
          <EditForm
            text={message.text}
            onCancel={() => setEditing(false)}
            onSave={async (text) => {
              await actions.edit(message, text);
              setEditing(false);
            }}
          />
        ) : (
          <div className={`bubble ${isEmote ? "emote" : ""}`}>
            {isEmote && <span className="emote-author">{author} </span>}
            {message.type === "custom" && !isEmote && <span className="custom-label">{message.customType}</span>}
            {message.file ? (
              <a href={message.file.url} target="_blank" rel="noreferrer">
                <FileIcon /> {message.file.name}
              </a>
            ) : (
              <MessageText message={message} me={me} names={names} />
            )}
          </div>
        )}
        <ReactionChips message={message} onToggle={(reaction) => actions.toggleReaction(message, reaction)} />
        {replies > 0 && openThread && (
          <button type="button" className="thread-link" onClick={() => openThread(message.id)}>
            <RepliesIcon /> {t("chat.replies", { count: replies })}
          </button>
        )}
        {seenBy !== undefined && seenBy > 0 && <div className="seen">{t("chat.seenBy", { count: seenBy })}</div>}
      </div>
      {!editing && (
        <div className="message-actions" role="toolbar" aria-label={t("chat.actions")}>
          <ReactionPicker onPick={(reaction) => actions.toggleReaction(message, reaction)} />
          {openThread && (
            <button type="button" className="icon-button" onClick={() => openThread(message.id)}>
              {t("chat.reply")}
            </button>
          )}
          {actions.pin && (
            <button type="button" className="icon-button" onClick={() => actions.pin?.(message, !isPinned)}>
              {isPinned ? t("chat.unpin") : t("chat.pin")}
            </button>
          )}
          {own && message.type !== "file" && (
            <button type="button" className="icon-button" onClick={() => setEditing(true)}>
              {t("chat.edit")}
            </button>
          )}
          {own && (
            <button type="button" className="icon-button danger" onClick={() => actions.remove(message)}>
              {t("chat.delete")}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
