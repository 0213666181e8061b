import { defaultScheduleTime, describeError, fromLocalInput, toLocalInput } from "@parley/react/headless";
import { useState } from "react";
import { TextInput, View } from "react-native";
import { useNativeContext } from "../context";
import { textInputStyle } from "../theme";
import { useStrings } from "../use-strings";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";
import { Sheet } from "./sheet";

/** The typed form of a time, in the device's zone: the web kit's `datetime-local` value with a space for the `T`. */
export function toTypedTime(at: Date): string {
  return toLocalInput(at).replace("T", " ");
}

/** A time typed as `YYYY-MM-DD HH:mm` (a `T` between also does), read in the device's zone; null when it is not one. */
export function fromTypedTime(text: string): Date | null {
  const match = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})[ T]+(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const at = new Date(year, month - 1, day, hour, minute);
  // `Date` rolls 2026-02-30 over to March: a date that does not exist is refused rather than moved.
  return at.getMonth() === month - 1 && at.getDate() === day && hour < 24 ? at : null;
}

/** The quick choices beside the field: an hour ahead on a quarter hour (the field's start), tomorrow at 9, a week. */
function quickChoices(
  now = Date.now(),
): { key: "schedule.inHour" | "schedule.tomorrowMorning" | "schedule.nextWeek"; at: Date }[] {
  const inHour = fromLocalInput(defaultScheduleTime(now)) ?? new Date(now + 60 * 60_000);
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(9, 0, 0, 0);
  const nextWeek = new Date(inHour);
  nextWeek.setDate(nextWeek.getDate() + 7);
  return [
    { key: "schedule.inHour", at: inHour },
    { key: "schedule.tomorrowMorning", at: tomorrow },
    { key: "schedule.nextWeek", at: nextWeek },
  ];
}

/**
 * The time a scheduled message goes at, typed as `YYYY-MM-DD HH:mm` in the device's zone, with quick choices and,
 * when the app gave the provider a picker, a button that opens it. React Native has no date picker of its own.
 */
export function ScheduleTimeField(props: { label: string; value: string; onChange: (value: string) => void }) {
  const { tokens, pickScheduleTime } = useNativeContext();
  const { t } = useStrings();
  const [choices] = useState(() => quickChoices());
  const example = toTypedTime(choices[0]?.at ?? new Date());
  const typed = props.value.trim() === "" ? null : fromTypedTime(props.value);
  const pick = async () => {
    if (!pickScheduleTime) return;
    const picked = await pickScheduleTime(typed ?? choices[0]?.at ?? new Date()).catch(() => null);
    if (picked) props.onChange(toTypedTime(picked));
  };
  return (
    <View style={{ gap: 6 }}>
      <KitText tone="muted" size={13} importantForAccessibility="no">
        {props.label}
      </KitText>
      <TextInput
        accessibilityLabel={props.label}
        accessibilityHint={t("schedule.format", { example })}
        value={props.value}
        onChangeText={props.onChange}
        placeholder={example}
        placeholderTextColor={tokens.mutedText}
        keyboardType="numbers-and-punctuation"
        autoCorrect={false}
        allowFontScaling
        style={textInputStyle(tokens)}
      />
      {props.value.trim() !== "" && !typed && (
        <KitText tone="danger" size={13} accessibilityLiveRegion="polite">
          {t("schedule.invalid", { example })}
        </KitText>
      )}
      <View style={{ flexDirection: "row", flexWrap: "wrap", gap: 6 }}>
        {choices.map((choice) => (
          <KitButton
            key={choice.key}
            label={t(choice.key)}
            variant="soft"
            selected={props.value === toTypedTime(choice.at)}
            onPress={() => props.onChange(toTypedTime(choice.at))}
          />
        ))}
        {pickScheduleTime && <KitButton label={t("schedule.pick")} variant="soft" onPress={() => void pick()} />}
      </View>
    </View>
  );
}

/**
 * Picks when the composer's text is sent: from a minute to 30 days ahead, starting an hour ahead as the web kit's
 * form does. A refusal (3230 out of range, 3233 too many waiting) is shown here and the text stays in the composer.
 */
export function ScheduleForm(props: { onSchedule: (at: Date) => Promise<void>; onClose: () => void }) {
  const { t } = useStrings();
  const [value, setValue] = useState(() => toTypedTime(fromLocalInput(defaultScheduleTime()) ?? new Date()));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const at = fromTypedTime(value);

  const submit = async () => {
    if (!at) return;
    setError(null);
    setBusy(true);
    try {
      await props.onSchedule(at);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <Sheet title={t("schedule.title")} onClose={props.onClose}>
      <ScheduleTimeField label={t("schedule.at")} value={value} onChange={setValue} />
      <KitText tone="muted" size={13}>
        {t("schedule.range")}
      </KitText>
      {error !== null && (
        <KitText tone="danger" size={13} accessibilityRole="alert" accessibilityLiveRegion="polite">
          {describeError(error, t)}
        </KitText>
      )}
      <View style={{ flexDirection: "row", gap: 8, justifyContent: "flex-end" }}>
        <KitButton label={t("schedule.cancel")} onPress={props.onClose} />
        <KitButton
          label={t("schedule.submit")}
          variant="primary"
          disabled={busy || !at}
          onPress={() => void submit()}
        />
      </View>
    </Sheet>
  );
}
