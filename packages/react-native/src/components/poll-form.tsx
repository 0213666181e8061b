import { describeError, useParley } from "@parley/react/headless";
import type { TMessage } from "@parley/sdk";
import { useState } from "react";
import { TextInput, View } from "react-native";
import { useTheme } from "../context";
import { textInputStyle } from "../theme";
import { useStrings } from "../use-strings";
import { KitButton } from "./kit-button";
import { KitCheckbox } from "./kit-checkbox";
import { KitText } from "./kit-text";
import { Sheet } from "./sheet";

/** What a poll takes, as the server checks it (the contract's `POLL_OPTIONS_MIN` and `POLL_OPTIONS_MAX`). */
const OPTIONS_MIN = 2;
const OPTIONS_MAX = 10;
/** The contract's `POLL_QUESTION_MAX` and `POLL_OPTION_TEXT_MAX`, so the field stops where the server would refuse. */
const QUESTION_MAX = 300;
const OPTION_MAX = 100;

/**
 * The composer's poll action: a button that opens a sheet (question, 2 to 10 options, several choices or one,
 * anonymous or not) and sends the poll as a message, handed to `onCreated`. Shown only with a client that creates
 * polls.
 */
export function PollButton(props: { channelId: string; disabled?: boolean; onCreated: (message: TMessage) => void }) {
  const { t } = useStrings();
  const polls = useParley().polls;
  const [open, setOpen] = useState(false);
  if (!polls?.create) return null;
  return (
    <>
      <KitButton
        label={t("poll.create")}
        hint={t("poll.dialogHint")}
        onPress={() => setOpen(true)}
        {...(props.disabled ? { disabled: true } : {})}
      >
        <KitText tone="accent" size={20} importantForAccessibility="no">
          📊
        </KitText>
      </KitButton>
      {open && (
        <PollForm
          channelId={props.channelId}
          onClose={() => setOpen(false)}
          onCreated={(message) => {
            setOpen(false);
            props.onCreated(message);
          }}
        />
      )}
    </>
  );
}

function PollForm(props: { channelId: string; onClose: () => void; onCreated: (message: TMessage) => void }) {
  const tokens = useTheme();
  const { t } = useStrings();
  const polls = useParley().polls;
  const [question, setQuestion] = useState("");
  const [options, setOptions] = useState<string[]>(["", ""]);
  const [allowsMultiple, setAllowsMultiple] = useState(false);
  const [anonymous, setAnonymous] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const filled = options.map((o) => o.trim()).filter((o) => o !== "");
  const ready = question.trim() !== "" && filled.length >= OPTIONS_MIN && !busy;

  const submit = async () => {
    if (!ready || !polls?.create) return;
    setBusy(true);
    setError(null);
    try {
      const message = await polls.create(props.channelId, {
        question: question.trim(),
        options: filled,
        allowsMultiple,
        anonymous,
      });
      props.onCreated(message);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <Sheet title={t("poll.create")} onClose={props.onClose}>
      <TextInput
        accessibilityLabel={t("poll.question")}
        placeholder={t("poll.question")}
        placeholderTextColor={tokens.mutedText}
        value={question}
        onChangeText={setQuestion}
        maxLength={QUESTION_MAX}
        allowFontScaling
        style={textInputStyle(tokens)}
      />
      {options.map((option, i) => (
        <TextInput
          // biome-ignore lint/suspicious/noArrayIndexKey: the place is the option's only identity while it is written
          key={i}
          accessibilityLabel={t("poll.optionLabel", { number: i + 1 })}
          placeholder={t("poll.optionLabel", { number: i + 1 })}
          placeholderTextColor={tokens.mutedText}
          value={option}
          onChangeText={(text) => setOptions(options.map((o, j) => (j === i ? text : o)))}
          maxLength={OPTION_MAX}
          allowFontScaling
          style={textInputStyle(tokens)}
        />
      ))}
      {options.length < OPTIONS_MAX && (
        <KitButton
          label={t("poll.addOption")}
          onPress={() => setOptions([...options, ""])}
          style={{ alignSelf: "flex-start", paddingHorizontal: 0 }}
        />
      )}
      <KitCheckbox label={t("poll.allowMultiple")} isChecked={allowsMultiple} onChange={setAllowsMultiple} />
      <KitCheckbox label={t("poll.anonymousChoice")} isChecked={anonymous} onChange={setAnonymous} />
      {error !== null && (
        <KitText tone="danger" size={13} accessibilityRole="alert" accessibilityLiveRegion="polite">
          {describeError(error, t)}
        </KitText>
      )}
      <View style={{ flexDirection: "row", gap: 8, justifyContent: "flex-end" }}>
        <KitButton label={t("chat.cancel")} onPress={props.onClose} />
        <KitButton label={t("poll.send")} variant="primary" disabled={!ready} onPress={() => void submit()} />
      </View>
    </Sheet>
  );
}
