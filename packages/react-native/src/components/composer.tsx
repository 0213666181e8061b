import type { ChatClient } from "@parley/react/headless";
import {
  type MessagesState,
  mentionedIn,
  mentionQuery,
  useMyUserId,
  useParley,
  useTyping,
} from "@parley/react/headless";
import type { FileInput, MessagesApi, ScheduleOptions, TMember } from "@parley/sdk";
import { useRef, useState } from "react";
import { ActivityIndicator, TextInput, View } from "react-native";
import { type PickedAttachment, useNativeContext } from "../context";
import { textInputStyle } from "../theme";
import { useStrings } from "../use-strings";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";
import { PollButton } from "./poll-form";
import { ScheduleForm } from "./schedule-form";

/** How many members the mention list offers at once: enough to pick from on a phone, few enough to fit. */
const MENTION_CHOICES = 5;

export interface ComposerProps {
  channelId: string;
  /** The state the message list shows (`useMessages`): sends land in it at once. */
  messages: MessagesState;
  /** The members to offer when the user types `@`. */
  members: TMember[];
  placeholder?: string;
  /** Offers Attach when the provider has a picker (default true); a thread's box does not, files go to channels. */
  canAttach?: boolean;
  /** Why nothing can be sent (a frozen channel); the box is read-only while set. */
  disabledReason?: string;
  /** Offers creating a poll when the client creates polls (default false; a thread's box does not). */
  allowPolls?: boolean;
  /**
   * Offers Schedule beside Send: the text is sent at a time the user picks instead of now (`useScheduledMessages`'s
   * `schedule`). A refusal (3230 out of range, 3233 too many waiting) is shown in the form and the text is kept.
   */
  onSchedule?: (text: string, at: Date, options: ScheduleOptions) => Promise<unknown>;
}

/** A real `ParleyClient` sends files; a stand-in given as the provider's client may not. */
function fileSender(client: ChatClient): Pick<MessagesApi, "sendFile"> | null {
  const messages = client.messages as ChatClient["messages"] & Partial<Pick<MessagesApi, "sendFile">>;
  return typeof messages.sendFile === "function" ? (messages as Pick<MessagesApi, "sendFile">) : null;
}

/** A file on the device as the bytes the outbox stores; React Native's `fetch` reads `file://` and `content://` URIs. */
async function asBlob(file: PickedAttachment): Promise<Blob> {
  if (file instanceof Blob) return file;
  const response = await fetch(file.uri);
  return response.blob();
}

/**
 * The message box: text with `@` completion of the members' names (the picked ones are sent as mentions), Send,
 * Attach when the app gave the provider a picker, a poll and Schedule when asked for. Typing is told to the channel
 * as the user types.
 */
export function Composer(props: ComposerProps) {
  const { channelId, messages: state, members } = props;
  const client = useParley();
  const me = useMyUserId();
  const { tokens, pickAttachment } = useNativeContext();
  const { t } = useStrings();
  const { keystroke, stop } = useTyping(channelId);
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [uploading, setUploading] = useState<string | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const picked = useRef(new Map<string, string>());
  const disabled = props.disabledReason !== undefined;

  const query = mentionQuery(text, Math.min(caret, text.length));
  const choices = query
    ? members
        .filter((m) => m.userId !== me && m.nickname.toLocaleLowerCase().startsWith(query.query.toLocaleLowerCase()))
        .slice(0, MENTION_CHOICES)
    : [];

  const change = (next: string) => {
    setText(next);
    // Typing is at the end far more often than not; a caret moved elsewhere is reported right after.
    setCaret(next.length);
    if (next) keystroke();
    else stop();
  };

  const mention = (member: TMember) => {
    if (!query) return;
    const before = `${text.slice(0, query.start)}@${member.nickname} `;
    picked.current.set(member.userId, member.nickname);
    setText(before + text.slice(caret));
    setCaret(before.length);
  };

  const send = async () => {
    const body = text.trim();
    if (!body) return;
    const mentionedUserIds = mentionedIn(body, picked.current);
    setText("");
    setCaret(0);
    picked.current = new Map();
    stop();
    try {
      await state.send(body, mentionedUserIds.length > 0 ? { mentionedUserIds } : {});
    } catch {
      // The refusal is in the state's `error`, shown by the screen; the text comes back to be sent again.
      setText((current) => current || body);
    }
  };

  const schedule = async (at: Date) => {
    const body = text.trim();
    if (!props.onSchedule || !body) return;
    const mentionedUserIds = mentionedIn(body, picked.current);
    await props.onSchedule(body, at, mentionedUserIds.length > 0 ? { mentionedUserIds } : {});
    setText("");
    setCaret(0);
    picked.current = new Map();
    stop();
    setScheduling(false);
  };

  const attach = async () => {
    if (!pickAttachment) return;
    let file: PickedAttachment | null;
    try {
      file = await pickAttachment();
    } catch (failure) {
      state.setError(failure);
      return;
    }
    if (!file) return;
    const name = file instanceof Blob ? ("name" in file && typeof file.name === "string" ? file.name : "") : file.name;
    setUploading(name);
    try {
      if (state.sendFile) {
        await state.sendFile(await asBlob(file));
      } else {
        const sender = fileSender(client);
        if (!sender) throw new Error("This client cannot send files");
        state.apply(await sender.sendFile(channelId, file as FileInput));
      }
    } catch (failure) {
      state.setError(failure);
    } finally {
      setUploading(null);
    }
  };

  return (
    <View style={{ borderTopWidth: 1, borderTopColor: tokens.border, backgroundColor: tokens.surface }}>
      {choices.length > 0 && (
        <View accessibilityLabel={t("composer.mentionList")} accessibilityRole="list" style={{ paddingVertical: 4 }}>
          {choices.map((member) => (
            <KitButton
              key={member.userId}
              label={member.nickname}
              onPress={() => mention(member)}
              style={{ alignItems: "flex-start" }}
            >
              <KitText>@{member.nickname}</KitText>
            </KitButton>
          ))}
        </View>
      )}
      {uploading !== null && (
        <View style={{ flexDirection: "row", alignItems: "center", gap: 8, paddingHorizontal: 12, paddingTop: 6 }}>
          <ActivityIndicator color={tokens.accent} />
          <KitText tone="muted" size={13} accessibilityLiveRegion="polite">
            {t("composer.uploading", { name: uploading, percent: "…" })}
          </KitText>
        </View>
      )}
      <View style={{ flexDirection: "row", alignItems: "flex-end", gap: 4, padding: 6 }}>
        {pickAttachment && props.canAttach !== false && !disabled && (
          <KitButton label={t("composer.attach")} onPress={() => void attach()} disabled={uploading !== null}>
            <KitText tone="accent" size={22} importantForAccessibility="no">
              ＋
            </KitText>
          </KitButton>
        )}
        {props.allowPolls && !disabled && (
          <PollButton channelId={channelId} onCreated={(message) => state.apply(message)} />
        )}
        <TextInput
          accessibilityLabel={t("composer.label")}
          {...(props.disabledReason ? { accessibilityHint: props.disabledReason } : {})}
          placeholder={props.disabledReason ?? props.placeholder ?? t("composer.label")}
          placeholderTextColor={tokens.mutedText}
          value={text}
          onChangeText={change}
          onSelectionChange={(event) => setCaret(event.nativeEvent.selection.end)}
          editable={!disabled}
          multiline
          allowFontScaling
          textAlignVertical="center"
          style={{ ...textInputStyle(tokens), flex: 1, maxHeight: 160, paddingVertical: 10 }}
        />
        <KitButton
          label={t("composer.send")}
          variant="primary"
          onPress={() => void send()}
          disabled={disabled || !text.trim()}
        />
      </View>
      {props.onSchedule && !disabled && (
        <KitButton
          label={t("composer.schedule")}
          hint={t("schedule.hint")}
          onPress={() => setScheduling(true)}
          disabled={!text.trim()}
          style={{ alignSelf: "flex-end", minHeight: 36, paddingVertical: 2, marginRight: 6, marginBottom: 4 }}
        />
      )}
      {scheduling && <ScheduleForm onSchedule={schedule} onClose={() => setScheduling(false)} />}
    </View>
  );
}
