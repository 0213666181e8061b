import { describeError, formatTime, type PendingMessage, splitMentions } from "@parley/react/headless";
import { type MessageReceipt, ParleyError, type TMessage } from "@parley/sdk";
import { memo, useState } from "react";
import { Pressable, TextInput, View } from "react-native";
import { useNativeContext } from "../context";
import { useStrings } from "../use-strings";
import { Avatar } from "./avatar";
import { FileAttachment } from "./file-attachment";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";
import { LinkPreviewCard } from "./link-preview";
import type { MessageActionHandlers } from "./message-actions";
import { PollCard } from "./poll-card";
import { ReactionChips } from "./reactions";
import { ReceiptMark } from "./receipt-mark";

export interface MessageRowProps {
  message: TMessage;
  isMine: boolean;
  /** Nicknames by user ID, for the mentions in the text. */
  names: ReadonlyMap<string, string>;
  /** How many others have read up to this message, on the user's newest one they have read. */
  seenBy?: number;
  /** Where the user's own message stands (sent, delivered, read); left out where the channel keeps no receipts. */
  receipt?: MessageReceipt;
  isEditing: boolean;
  handlers: MessageActionHandlers;
  onOpenActions: (message: TMessage) => void;
  onSaveEdit: (message: TMessage, text: string) => void;
  onCancelEdit: () => void;
  /** Opens the message's thread; without it (inside a thread) the replies count is not shown. */
  onOpenThread?: (message: TMessage) => void;
}

/**
 * One message: who and when (with the receipt on the user's own), the text with its mentions or a poll, a file or an
 * image, the link's preview, reactions, the thread, and an actions button.
 */
export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  const { message, isMine } = props;
  const { tokens } = useNativeContext();
  const { t, language } = useStrings();
  const name = message.sender?.nickname ?? t("chat.unknown");
  const mentioned = (message.mentionedUserIds ?? []).map((userId) => ({
    userId,
    nickname: props.names.get(userId) ?? userId,
  }));

  return (
    <View testID="message-row" style={{ flexDirection: "row", gap: 10, paddingHorizontal: 12, paddingVertical: 6 }}>
      <Avatar name={name} imageUrl={message.sender?.profileImageUrl || undefined} size={36} />
      <Pressable onLongPress={() => props.onOpenActions(message)} accessible={false} style={{ flex: 1 }}>
        <View style={{ flexDirection: "row", flexWrap: "wrap", alignItems: "baseline", gap: 6 }}>
          <KitText tone={isMine ? "accent" : "normal"} style={{ fontWeight: "700" }}>
            {name}
          </KitText>
          <KitText tone="muted" size={12}>
            {formatTime(message.createdAt, language)}
          </KitText>
          {props.receipt && isMine ? <ReceiptMark receipt={props.receipt} /> : null}
          {message.editedAt ? (
            <KitText tone="muted" size={12}>
              {t("chat.edited")}
            </KitText>
          ) : null}
        </View>
        {props.isEditing ? (
          <EditBox message={message} onSave={props.onSaveEdit} onCancel={props.onCancelEdit} />
        ) : message.type === "poll" && message.poll ? (
          <PollCard message={message} />
        ) : (
          <>
            {message.text ? (
              <KitText>
                {splitMentions(message.text, mentioned).map((segment, i) =>
                  segment.mention ? (
                    <KitText
                      // biome-ignore lint/suspicious/noArrayIndexKey: a text's segments are fixed, so their place names them
                      key={i}
                      style={{
                        backgroundColor: tokens.mentionBackground,
                        color: tokens.mentionText,
                        fontWeight: "600",
                      }}
                    >
                      {segment.text}
                    </KitText>
                  ) : (
                    segment.text
                  ),
                )}
              </KitText>
            ) : null}
            {message.file ? <FileAttachment file={message.file} /> : null}
          </>
        )}
        {message.linkPreview && !props.isEditing ? (
          <LinkPreviewCard
            preview={message.linkPreview}
            onRemove={
              isMine && props.handlers.removeLinkPreview ? () => props.handlers.removeLinkPreview?.(message) : undefined
            }
          />
        ) : null}
        <ReactionChips message={message} onToggle={(reaction) => props.handlers.react(message, reaction)} />
        {props.onOpenThread && (message.replyCount ?? 0) > 0 && (
          <KitButton
            label={t("chat.replies", { count: message.replyCount ?? 0 })}
            onPress={() => props.onOpenThread?.(message)}
            style={{ alignSelf: "flex-start", paddingHorizontal: 0 }}
          />
        )}
        {props.seenBy !== undefined && props.seenBy > 0 && (
          <KitText tone="muted" size={12} testID="seen-by">
            {t("chat.seenBy", { count: props.seenBy })}
          </KitText>
        )}
      </Pressable>
      <KitButton
        label={t("chat.actions")}
        hint={t("chat.actionsHint")}
        onPress={() => props.onOpenActions(message)}
        style={{ alignSelf: "flex-start", paddingHorizontal: 4 }}
      >
        <KitText tone="muted" size={18} importantForAccessibility="no">
          ⋯
        </KitText>
      </KitButton>
    </View>
  );
});

function EditBox(props: {
  message: TMessage;
  onSave: (message: TMessage, text: string) => void;
  onCancel: () => void;
}) {
  const { tokens } = useNativeContext();
  const { t } = useStrings();
  const [text, setText] = useState(props.message.text);
  const trimmed = text.trim();
  return (
    <View style={{ gap: 6, marginTop: 4 }}>
      <TextInput
        accessibilityLabel={t("chat.editLabel")}
        value={text}
        onChangeText={setText}
        multiline
        autoFocus
        allowFontScaling
        style={{
          minHeight: 44,
          padding: 8,
          borderWidth: 1,
          borderColor: tokens.accent,
          borderRadius: tokens.radius,
          color: tokens.text,
          backgroundColor: tokens.inputBackground,
          fontSize: tokens.fontSize,
        }}
      />
      <View style={{ flexDirection: "row", gap: 8, justifyContent: "flex-end" }}>
        <KitButton label={t("chat.cancel")} onPress={props.onCancel} />
        <KitButton
          label={t("chat.save")}
          variant="primary"
          disabled={!trimmed || trimmed === props.message.text}
          onPress={() => props.onSave(props.message, trimmed)}
        />
      </View>
    </View>
  );
}

/** A message the user sent that the server has not confirmed: waiting, sending, or not sent with Retry and Discard. */
export const PendingRow = memo(function PendingRow(props: {
  item: PendingMessage;
  name: string;
  onRetry: (item: PendingMessage) => void;
  onDiscard: (item: PendingMessage) => void;
}) {
  const { item } = props;
  const { t } = useStrings();
  const failed = item.state === "failed";
  const status = failed ? t("outbox.failed") : item.state === "sending" ? t("outbox.sending") : t("outbox.waiting");
  const text = item.kind === "send" ? item.text : (item.caption ?? "");
  return (
    <View testID="message-row" style={{ flexDirection: "row", gap: 10, paddingHorizontal: 12, paddingVertical: 6 }}>
      <Avatar name={props.name} size={36} />
      <View style={{ flex: 1, opacity: failed ? 1 : 0.7 }}>
        <KitText style={{ fontWeight: "700" }}>{props.name}</KitText>
        {text ? <KitText>{text}</KitText> : null}
        {item.kind === "file" ? <KitText style={{ fontWeight: "600" }}>📎 {item.name}</KitText> : null}
        <KitText tone={failed ? "danger" : "muted"} size={12} accessibilityLiveRegion="polite">
          {failed && item.error ? `${status}: ${describeError(new ParleyError(item.error, 400), t)}` : status}
        </KitText>
        {failed && (
          <View style={{ flexDirection: "row", gap: 8 }}>
            <KitButton label={t("outbox.retry")} onPress={() => props.onRetry(item)} variant="soft" />
            <KitButton label={t("outbox.discard")} onPress={() => props.onDiscard(item)} />
          </View>
        )}
      </View>
    </View>
  );
});
