import { MISSED_CALL_CUSTOM_TYPE, type TMessage } from "@parley/sdk";
import { useState } from "react";
import { useMyUserId, useStrings } from "../../hooks/use-parley";
import { formatTime } from "../../lib/format";
import type { MessageActions } from "../channel/channel-context";
import { FileIcon, PinIcon, RepliesIcon } from "../icons";
import { Avatar } from "../members/avatar";
import { EditForm } from "./edit-form";
import { MessageText } from "./message-text";
import { ReactionPicker, Reactions } from "./reactions";

/**
 * The kit's own kind of custom message: `/me waves` is sent as `type: "custom"` with this `customType` and shown
 * as an action ("Kim waves"). Apps pick their own custom types; clients render those they know.
 */
export const EMOTE_TYPE = "emote";

export interface MessageItemProps {
  message: TMessage;
  names: Map<string, string>;
  actions: MessageActions;
  isPinned?: boolean;
  /** On the user's latest message: how many others have read up to it. */
  seenBy?: number;
}

/** One message: author, time, text (or file), reactions, thread link, read mark, and its actions on hover or focus. */
export function MessageItem({ message, names, actions, isPinned, seenBy }: MessageItemProps) {
  const { t, language } = useStrings();
  const me = useMyUserId();
  const [editing, setEditing] = useState(false);
  const own = message.sender?.userId === me;
  const time = (iso: string) => formatTime(iso, language);

  if (message.type === "admin") return <div className="pk-admin-message">{message.text}</div>;
  if (message.type === "custom" && message.customType === MISSED_CALL_CUSTOM_TYPE) {
    const video = (message.metadata as { kind?: string } | null)?.kind === "video";
    return (
      <div className="pk-admin-message pk-missed-call" data-testid="missed-call">
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
  const classes = ["pk-message", own && "pk-own", mentionsMe && "pk-mentions-me"].filter(Boolean).join(" ");

  return (
    <article className={classes} data-testid="message" aria-label={`${author}: ${message.text}`}>
      {!own && <Avatar name={author} />}
      <div className="pk-message-body">
        <div className="pk-meta">
          {!own && sender && actions.openDirect ? (
            <button
              type="button"
              className="pk-author pk-link-plain"
              title={t("members.message", { name: author })}
              onClick={() => actions.openDirect?.(sender.userId, sender.nickname)}
            >
              {author}
            </button>
          ) : (
            <span className="pk-author">{author}</span>
          )}
          <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
          {message.editedAt && (
            <span className="pk-edited" title={t("chat.editedAt", { time: time(message.editedAt) })}>
              {t("chat.edited")}
            </span>
          )}
          {isPinned && (
            <span className="pk-pin-mark">
              <PinIcon /> {t("chat.pinned")}
            </span>
          )}
          {mentionsMe && <span className="pk-sr-only">{t("chat.mentionsYou")}</span>}
        </div>
        {message.parentMessageId && message.showInChannel && openThread && (
          <button
            type="button"
            className="pk-thread-note pk-link"
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
          <div className={isEmote ? "pk-bubble pk-emote" : "pk-bubble"}>
            {isEmote && <span className="pk-emote-author">{author} </span>}
            {message.type === "custom" && !isEmote && <span className="pk-custom-label">{message.customType}</span>}
            {message.file ? (
              <a href={message.file.url} target="_blank" rel="noreferrer">
                <FileIcon /> {message.file.name}
              </a>
            ) : (
              <MessageText message={message} me={me} names={names} />
            )}
          </div>
        )}
        <Reactions message={message} onToggle={(reaction) => actions.toggleReaction(message, reaction)} />
        {replies > 0 && openThread && (
          <button type="button" className="pk-thread-link" onClick={() => openThread(message.id)}>
            <RepliesIcon /> {t("chat.replies", { count: replies })}
          </button>
        )}
        {seenBy !== undefined && seenBy > 0 && <div className="pk-seen">{t("chat.seenBy", { count: seenBy })}</div>}
      </div>
      {!editing && (
        <div className="pk-message-actions" role="toolbar" aria-label={t("chat.actions")}>
          <ReactionPicker onPick={(reaction) => actions.toggleReaction(message, reaction)} />
          {openThread && (
            <button type="button" className="pk-icon-button" onClick={() => openThread(message.id)}>
              {t("chat.reply")}
            </button>
          )}
          {actions.pin && (
            <button type="button" className="pk-icon-button" onClick={() => actions.pin?.(message, !isPinned)}>
              {isPinned ? t("chat.unpin") : t("chat.pin")}
            </button>
          )}
          {own && message.type !== "file" && (
            <button type="button" className="pk-icon-button" onClick={() => setEditing(true)}>
              {t("chat.edit")}
            </button>
          )}
          {own && (
            <button type="button" className="pk-icon-button pk-danger" onClick={() => actions.remove(message)}>
              {t("chat.delete")}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
