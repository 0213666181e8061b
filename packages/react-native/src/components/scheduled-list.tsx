import {
  describeCode,
  describeError,
  formatScheduledAt,
  type ScheduledState,
  toLocalInput,
} from "@parley/react/headless";
import type { TScheduledMessage } from "@parley/sdk";
import { useState } from "react";
import { TextInput, View } from "react-native";
import { useTheme } from "../context";
import { textInputStyle } from "../theme";
import { useStrings } from "../use-strings";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";
import { fromTypedTime, ScheduleTimeField, toTypedTime } from "./schedule-form";
import { Sheet } from "./sheet";

/**
 * The user's scheduled messages in the channel: a line above the composer ("2 scheduled messages") that opens them
 * in a sheet, each with its time in the reader's language, its text, Edit and Cancel, and for one the rules refused
 * at its time, the reason. Shows nothing while there are none.
 */
export function ScheduledMessages(props: { state: ScheduledState }) {
  const tokens = useTheme();
  const { t } = useStrings();
  const { messages } = props.state;
  const [open, setOpen] = useState(false);
  if (messages.length === 0 && !open) return null;

  const failed = messages.filter((m) => m.status === "failed").length;
  const waiting = messages.length - failed;
  const summary = [
    waiting > 0 ? t("scheduled.banner", { count: waiting }) : null,
    failed > 0 ? t("scheduled.failedBanner", { count: failed }) : null,
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <View style={{ borderTopWidth: 1, borderTopColor: tokens.border }}>
      {messages.length > 0 && (
        <KitButton
          testID="scheduled-banner"
          label={summary}
          hint={t("scheduled.openHint")}
          onPress={() => setOpen(true)}
          style={{ alignItems: "flex-start", minHeight: 36, paddingVertical: 4 }}
        >
          <KitText tone={failed > 0 ? "danger" : "accent"} size={13}>
            🕒 {summary}
          </KitText>
        </KitButton>
      )}
      {open && (
        <Sheet title={t("scheduled.title")} onClose={() => setOpen(false)}>
          {props.state.error !== null && (
            <KitText tone="danger" size={13} accessibilityRole="alert">
              {describeError(props.state.error, t)}
            </KitText>
          )}
          {messages.length === 0 ? (
            <KitText tone="muted">{t("scheduled.none")}</KitText>
          ) : (
            messages.map((message) => <ScheduledItem key={message.id} message={message} state={props.state} />)
          )}
          <KitButton label={t("scheduled.close")} onPress={() => setOpen(false)} style={{ alignSelf: "flex-end" }} />
        </Sheet>
      )}
    </View>
  );
}

function ScheduledItem(props: { message: TScheduledMessage; state: ScheduledState }) {
  const { message, state } = props;
  const tokens = useTheme();
  const { t, language } = useStrings();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const time = formatScheduledAt(message.scheduledAt, language);

  const cancel = async () => {
    setError(null);
    try {
      await state.cancel(message.id);
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <View
      testID="scheduled-item"
      style={{ gap: 4, paddingVertical: 8, borderBottomWidth: 1, borderBottomColor: tokens.border }}
    >
      <KitText tone="muted" size={13}>
        {time}
      </KitText>
      {editing ? (
        <ScheduledEdit message={message} state={state} onDone={() => setEditing(false)} />
      ) : (
        <>
          <KitText>{message.text}</KitText>
          {message.status === "sending" && (
            <KitText tone="muted" size={13}>
              {t("scheduled.sending")}
            </KitText>
          )}
          {message.status === "failed" && (
            <KitText tone="danger" size={13}>
              {t("scheduled.failed", { reason: describeCode(message.errorCode ?? "", t) })}
            </KitText>
          )}
          {error !== null && (
            <KitText tone="danger" size={13} accessibilityRole="alert">
              {describeError(error, t)}
            </KitText>
          )}
          <View style={{ flexDirection: "row", gap: 8 }}>
            {message.status === "scheduled" && (
              <>
                <KitButton label={t("scheduled.editLabel", { time })} variant="soft" onPress={() => setEditing(true)}>
                  <KitText tone="accent" style={{ fontWeight: "600" }}>
                    {t("scheduled.edit")}
                  </KitText>
                </KitButton>
                <KitButton label={t("scheduled.cancelLabel", { time })} onPress={() => void cancel()}>
                  <KitText tone="danger" style={{ fontWeight: "600" }}>
                    {t("scheduled.cancel")}
                  </KitText>
                </KitButton>
              </>
            )}
            {message.status === "failed" && (
              <KitButton label={t("scheduled.removeLabel", { time })} onPress={() => void cancel()}>
                <KitText tone="danger" style={{ fontWeight: "600" }}>
                  {t("scheduled.remove")}
                </KitText>
              </KitButton>
            )}
          </View>
        </>
      )}
    </View>
  );
}

/** Edits a waiting message's text and time; the time is sent only when changed, so an unchanged one is not refused. */
function ScheduledEdit(props: { message: TScheduledMessage; state: ScheduledState; onDone: () => void }) {
  const { message, state } = props;
  const tokens = useTheme();
  const { t } = useStrings();
  const original = toTypedTime(new Date(message.scheduledAt));
  const [text, setText] = useState(message.text);
  const [value, setValue] = useState(original);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const at = fromTypedTime(value);

  const save = async () => {
    if (!at || !text.trim()) return;
    const timeChanged = toLocalInput(at) !== toLocalInput(new Date(message.scheduledAt));
    setError(null);
    setBusy(true);
    try {
      await state.edit(message.id, { text: text.trim(), ...(timeChanged ? { scheduledAt: at } : {}) });
      props.onDone();
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <View style={{ gap: 6 }}>
      <TextInput
        accessibilityLabel={t("scheduled.text")}
        value={text}
        onChangeText={setText}
        multiline
        allowFontScaling
        style={textInputStyle(tokens)}
      />
      <ScheduleTimeField label={t("scheduled.at")} value={value} onChange={setValue} />
      {error !== null && (
        <KitText tone="danger" size={13} accessibilityRole="alert">
          {describeError(error, t)}
        </KitText>
      )}
      <View style={{ flexDirection: "row", gap: 8, justifyContent: "flex-end" }}>
        <KitButton label={t("scheduled.discard")} onPress={props.onDone} />
        <KitButton
          label={t("scheduled.save")}
          variant="primary"
          disabled={busy || !text.trim() || !at}
          onPress={() => void save()}
        />
      </View>
    </View>
  );
}
