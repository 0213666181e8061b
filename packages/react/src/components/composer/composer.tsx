import type { ScheduleOptions, SendOptions, TMember, TMessage, VoiceRecording } from "@parley/sdk";
import { type FormEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { useParleyContext } from "../../context";
import { useMyUserId, useStrings } from "../../hooks/use-parley";
import { useScheduledMessages } from "../../hooks/use-scheduled";
import { useSlowMode } from "../../hooks/use-slow-mode";
import { useTyping } from "../../hooks/use-typing";
import { describeError } from "../../lib/errors";
import { mentionedIn, mentionQuery } from "../../lib/mentions";
import { recordingFileName } from "../../lib/voice";
import { useChannelContext } from "../channel/channel-context";
import { FileIcon } from "../icons";
import { EMOTE_TYPE } from "../message-list/message-item";
import { MentionMenu } from "./mention-menu";
import { PollButton } from "./poll-dialog";
import { ScheduleForm } from "./schedule-form";
import { ScheduledMessages } from "./scheduled-list";
import { canRecordVoice, type Recording, useVoiceRecorder } from "./use-voice-recorder";
import { RecordButton, RecordingBar } from "./voice-recorder";

/** Members the mention list offers at once. */
const MENU_SIZE = 6;

export interface ComposerBoxProps {
  channelId: string;
  members: TMember[];
  placeholder: string;
  disabled?: boolean;
  /** In a thread: the channel's name, to offer sending the reply to the channel too. */
  alsoToChannel?: string;
  /** Offers attaching a file when the provider has an uploader. */
  allowFiles?: boolean;
  onSend: (text: string, options: SendOptions) => Promise<unknown>;
  /** A file message the upload answered with. */
  onUploaded?: (message: TMessage) => void;
  /**
   * Takes a chosen file instead of the provider's `upload`: with the client's offline layer, `useMessages().sendFile`
   * queues it in the outbox, where it shows at once as a pending row (no progress is shown here). A failure is left
   * to it to say (`useMessages` sets it as the channel's error). Files are still offered only with an uploader.
   */
  onQueueFile?: (file: File, options?: { voice?: VoiceRecording }) => Promise<unknown>;
  /** Offers creating a poll, when the client has `polls`; the poll's message is handed to `onUploaded`. */
  allowPolls?: boolean;
  /**
   * Offers Schedule beside Send: the text is sent at a time the user picks instead of now. A refusal (3230 out of
   * range, 3233 too many waiting) is shown in the time form and the text stays.
   */
  onSchedule?: (text: string, at: Date, options: ScheduleOptions) => Promise<unknown>;
}

/**
 * The message box: says the user is typing, completes `@` mentions from the channel's members (sent as
 * `mentionedUserIds`), turns `/me …` into a custom `emote` message, and sends files with their progress shown (or
 * hands them to `onQueueFile`, with the client's offline layer), records voice messages where the browser can, and
 * with `onSchedule` sends the text at a picked time.
 */
export function ComposerBox(props: ComposerBoxProps) {
  const { channelId, members, placeholder, disabled, alsoToChannel } = props;
  const { t } = useStrings();
  const { upload } = useParleyContext();
  const me = useMyUserId();
  const typing = useTyping(channelId);
  const slowMode = useSlowMode(channelId);
  const slowModeId = useId();
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  /** The mention list was closed with Escape; typing on opens it again. */
  const [dismissed, setDismissed] = useState(false);
  const [alsoSend, setAlsoSend] = useState(false);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [scheduling, setScheduling] = useState(false);
  const picked = useRef(new Map<string, string>());
  /** Where the caret goes once a picked mention is in the box. */
  const caretAfterPick = useRef<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const filePicker = useRef<HTMLInputElement>(null);
  const menuId = useId();
  const recorder = useVoiceRecorder((recording) => void sendRecording(recording));

  const query = dismissed ? null : mentionQuery(text, caret);
  const candidates = query
    ? members
        .filter((m) => m.userId !== me)
        .filter((m) => `${m.nickname} ${m.userId}`.toLowerCase().includes(query.query.toLowerCase()))
        .slice(0, MENU_SIZE)
    : [];
  const menuOpen = candidates.length > 0;

  function change(value: string, at: number) {
    setText(value);
    setCaret(at);
    setActive(0);
    setDismissed(false);
    if (value.trim()) typing.keystroke();
    else typing.stop();
  }

  function pick(member: TMember) {
    if (!query) return;
    picked.current.set(member.userId, member.nickname);
    const inserted = `@${member.nickname} `;
    const value = text.slice(0, query.start) + inserted + text.slice(caret);
    const at = query.start + inserted.length;
    caretAfterPick.current = at;
    change(value, at);
  }

  // Placed in the same commit as the new value, before the next key is handled: placed a frame later, a key typed
  // in between went in after the caret and the rest of the word before it.
  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null) return;
    caretAfterPick.current = null;
    input.current?.setSelectionRange(at, at);
  });

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!menuOpen) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + candidates.length) % candidates.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      const member = candidates[active];
      if (member) pick(member);
    } else if (event.key === "Escape") {
      // Closes the list only, not the thread the box may be in.
      event.preventDefault();
      setDismissed(true);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = text.trim();
    if (!body || slowMode.remainingSeconds > 0) return;
    const emote = /^\/me\s+(.+)$/s.exec(body)?.[1];
    const mentionedUserIds = mentionedIn(body, picked.current);
    const options: SendOptions = {
      ...(emote ? { type: "custom" as const, customType: EMOTE_TYPE } : {}),
      ...(mentionedUserIds.length > 0 ? { mentionedUserIds } : {}),
      ...(alsoToChannel && alsoSend ? { showInChannel: true } : {}),
    };
    // Cleared at once, not after the answer, so what the user types meanwhile is not wiped.
    setText("");
    picked.current = new Map();
    typing.stop();
    try {
      await props.onSend(emote ?? body, options);
    } catch {
      setText((typed) => typed || body);
    } finally {
      slowMode.recheck();
    }
  }

  /** Throws a refusal for the time form to show; on success the text is gone, as after a send. */
  async function schedule(at: Date) {
    const onSchedule = props.onSchedule;
    const body = text.trim();
    if (!onSchedule || !body) return;
    const mentionedUserIds = mentionedIn(body, picked.current);
    await onSchedule(body, at, mentionedUserIds.length > 0 ? { mentionedUserIds } : {});
    setText("");
    picked.current = new Map();
    typing.stop();
    setScheduling(false);
  }

  function sendRecording(recording: Recording) {
    const file = new File([recording.blob], recordingFileName(recording.mimeType, new Date()), {
      type: recording.mimeType,
    });
    return sendFile(file, { durationMs: recording.durationMs, waveform: recording.waveform });
  }

  async function sendFile(file: File, voice?: VoiceRecording) {
    const queue = props.onQueueFile;
    if (queue) {
      setUploadError(null);
      await queue(file, voice ? { voice } : {}).catch(() => undefined);
      return;
    }
    if (!upload) return;
    setUploadError(null);
    setProgress({ name: file.name, fraction: 0 });
    try {
      const message = await upload({
        channelId,
        file,
        ...(voice ? { voice } : {}),
        onProgress: (fraction) => setProgress({ name: file.name, fraction }),
      });
      props.onUploaded?.(message);
    } catch (failure) {
      setUploadError(failure);
    } finally {
      setProgress(null);
    }
  }

  const canAttach = Boolean(upload && props.allowFiles);
  const canRecord = canAttach && canRecordVoice();
  const recording = recorder.state.status === "recording" || recorder.state.status === "starting";
  const percent = progress ? Math.round(progress.fraction * 100) : 0;

  return (
    <>
      {scheduling && <ScheduleForm onSchedule={schedule} onClose={() => setScheduling(false)} />}
      <form className="pk-composer" onSubmit={submit}>
        {menuOpen && (
          <MentionMenu
            id={menuId}
            members={candidates}
            active={active}
            onPick={pick}
            label={t("composer.mentionList")}
          />
        )}
        {progress && (
          <div className="pk-upload" role="status">
            <span>{t("composer.uploading", { name: progress.name, percent })}</span>
            <progress max={100} value={percent} aria-label={progress.name} />
          </div>
        )}
        <RecordingBar state={recorder.state} onFinish={recorder.finish} onDismiss={recorder.dismiss} />
        {uploadError !== null && (
          <p className="pk-error pk-small" role="alert">
            {describeError(uploadError, t)}
          </p>
        )}
        <div className="pk-composer-row">
          {canAttach && (
            <>
              <button
                type="button"
                className="pk-icon-button pk-attach"
                aria-label={t("composer.attach")}
                title={t("composer.attach")}
                disabled={disabled || progress !== null}
                onClick={() => filePicker.current?.click()}
              >
                <FileIcon />
              </button>
              <input
                ref={filePicker}
                type="file"
                hidden
                data-testid="file-input"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = "";
                  if (file) void sendFile(file);
                }}
              />
              {canRecord && (
                <RecordButton
                  disabled={Boolean(disabled) || progress !== null || recording}
                  onStart={() => void recorder.start()}
                />
              )}
            </>
          )}
          {props.allowPolls && (
            <PollButton
              channelId={channelId}
              {...(disabled !== undefined ? { disabled } : {})}
              onCreated={(message) => props.onUploaded?.(message)}
            />
          )}
          <input
            ref={input}
            className="pk-input"
            value={text}
            onChange={(e) => change(e.target.value, e.target.selectionStart ?? e.target.value.length)}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
            onKeyDown={keyDown}
            onBlur={() => typing.stop()}
            placeholder={placeholder}
            disabled={disabled}
            aria-label={t("composer.label")}
            role="combobox"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={menuOpen ? `${menuId}-${active}` : undefined}
            autoComplete="off"
          />
          <button
            type="submit"
            className="pk-primary"
            disabled={disabled || !text.trim() || slowMode.remainingSeconds > 0}
            aria-describedby={slowMode.remainingSeconds > 0 ? slowModeId : undefined}
          >
            {t("composer.send")}
          </button>
          {props.onSchedule && (
            <button
              type="button"
              className="pk-schedule-button"
              disabled={disabled || !text.trim()}
              aria-haspopup="dialog"
              aria-expanded={scheduling}
              onClick={() => setScheduling((was) => !was)}
            >
              {t("composer.schedule")}
            </button>
          )}
        </div>
        {slowMode.remainingSeconds > 0 && (
          <p id={slowModeId} className="pk-muted pk-small" data-testid="slow-mode">
            {t("composer.slowMode", { seconds: slowMode.remainingSeconds })}
          </p>
        )}
        <div className="pk-composer-foot">
          {alsoToChannel ? (
            <label className="pk-check">
              <input type="checkbox" checked={alsoSend} onChange={(e) => setAlsoSend(e.target.checked)} />
              {t("composer.alsoToChannel", { channel: alsoToChannel })}
            </label>
          ) : (
            <span className="pk-muted pk-small">{t("composer.hint")}</span>
          )}
        </div>
      </form>
    </>
  );
}

export interface ComposerProps {
  /** The box's placeholder; by default "Message #channel" (or the other person's name in a 1:1 chat). */
  placeholder?: string;
}

/** The open channel's message box; inside a {@link Channel}. */
export function Composer(props: ComposerProps) {
  const { t } = useStrings();
  const { channel, title, isDirect, members, messages } = useChannelContext();
  const scheduled = useScheduledMessages(channel.id);
  const placeholder =
    props.placeholder ??
    (channel.isFrozen
      ? t("composer.frozen")
      : isDirect
        ? t("composer.placeholderDirect", { name: title })
        : t("composer.placeholder", { channel: title }));
  return (
    <>
      {scheduled.available && <ScheduledMessages state={scheduled} />}
      <ComposerBox
        channelId={channel.id}
        members={members}
        placeholder={placeholder}
        disabled={channel.isFrozen}
        allowFiles
        allowPolls
        onSend={messages.send}
        onUploaded={(message) => messages.apply(message)}
        // With the client's offline layer a file goes through the outbox, not the uploader.
        onQueueFile={messages.sendFile ?? undefined}
        onSchedule={scheduled.available ? scheduled.schedule : undefined}
      />
    </>
  );
}
