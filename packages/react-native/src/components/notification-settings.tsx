import {
  describeError,
  formatScheduledAt,
  useParley,
  usePushPreferences,
  useSavedSetting,
} from "@parley/react/headless";
import type { TChannelPushMode, TDoNotDisturb, TPushPreferences } from "@parley/sdk";
import { useCallback, useEffect, useState } from "react";
import { TextInput, View } from "react-native";
import { useTheme } from "../context";
import { textInputStyle } from "../theme";
import { useStrings } from "../use-strings";
import { ChoiceList } from "./choice-list";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";
import { Sheet } from "./sheet";

const LEVELS: readonly TPushPreferences["level"][] = ["all", "mentions", "none"];
const MODES: readonly TChannelPushMode[] = ["default", "mentions", "mute"];
/** The snoozes offered, in hours: a meeting, a night, a day (as the web kit's). */
const SNOOZE_HOURS = [1, 8, 24] as const;
const HOUR_MS = 60 * 60_000;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether the client can read and change the user's push preferences, so the kit offers the sheet. */
export function hasNotificationSettings(client: { pushPreferences?: unknown; setPushPreferences?: unknown }) {
  return Boolean(client.pushPreferences && client.setPushPreferences);
}

/**
 * The user's push notifications in a sheet: for the open channel (all, mentions only, muted) when the client has
 * channel modes, then across the app (which messages, a snooze, quiet hours every day in the device's time zone).
 * Each change is saved at once and put back, with the reason, when the server refuses it.
 */
export function NotificationSettings(props: { channelId?: string; onClose: () => void }) {
  const { t, language } = useStrings();
  const { preferences, snoozedUntil: snoozed, busy, error, change } = usePushPreferences();

  return (
    <Sheet title={t("push.title")} onClose={props.onClose}>
      {props.channelId && <ChannelMode channelId={props.channelId} />}
      <ChoiceList
        label={t("push.level")}
        options={LEVELS}
        value={preferences?.level ?? null}
        optionLabel={(level) => t(`push.level.${level}`)}
        disabled={busy}
        onChange={(level) => change({ level })}
        testID="push-level"
      />
      <KitText size={14} style={{ fontWeight: "600" }}>
        {t("push.snooze")}
      </KitText>
      {snoozed ? (
        <View style={{ flexDirection: "row", alignItems: "center", gap: 8, flexWrap: "wrap" }}>
          <KitText size={14}>{t("push.snoozedUntil", { time: formatScheduledAt(snoozed, language) })}</KitText>
          <KitButton label={t("push.resume")} disabled={busy} onPress={() => change({ snoozeUntil: null })} />
        </View>
      ) : (
        <View style={{ flexDirection: "row", gap: 8, flexWrap: "wrap" }}>
          {SNOOZE_HOURS.map((hours) => (
            <KitButton
              key={hours}
              variant="soft"
              label={t("push.snoozeHours", { count: hours })}
              disabled={busy}
              onPress={() => change({ snoozeUntil: new Date(Date.now() + hours * HOUR_MS).toISOString() })}
            />
          ))}
        </View>
      )}
      <QuietHoursFields
        value={preferences?.doNotDisturb ?? null}
        disabled={busy}
        onChange={(doNotDisturb) => change({ doNotDisturb })}
      />
      {error !== null && (
        <KitText tone="danger" size={14} accessibilityRole="alert">
          {describeError(error, t)}
        </KitText>
      )}
    </Sheet>
  );
}

/** One channel's mode, read and saved on its own. Nothing is shown for a client without channel modes. */
function ChannelMode({ channelId }: { channelId: string }) {
  const { t } = useStrings();
  const client = useParley();
  const readMode = client.channelPushMode;
  const write = client.setChannelPushMode;
  const read = useCallback(
    () => (readMode ? readMode.call(client, channelId) : Promise.resolve<TChannelPushMode>("default")),
    [client, readMode, channelId],
  );
  const setting = useSavedSetting(readMode && write ? read : null);
  if (!readMode || !write) return null;
  return (
    <View style={{ gap: 4 }}>
      <ChoiceList
        label={t("notifications.title")}
        options={MODES}
        value={setting.value}
        optionLabel={(mode) => t(`notifications.${mode}`)}
        disabled={setting.value === null || setting.saving}
        onChange={(mode) => void setting.save(mode, () => write.call(client, channelId, mode))}
        testID="channel-push-mode"
      />
      {setting.error !== null && (
        <KitText tone="danger" size={14} accessibilityRole="alert">
          {describeError(setting.error, t)}
        </KitText>
      )}
    </View>
  );
}

/** Quiet hours as two typed times (`HH:MM`), saved in the device's time zone, as the web kit's panel does. */
function QuietHoursFields(props: {
  value: TDoNotDisturb | null;
  disabled: boolean;
  onChange: (value: TDoNotDisturb | null) => void;
}) {
  const tokens = useTheme();
  const { t } = useStrings();
  const { value } = props;
  const [start, setStart] = useState(value?.start ?? "22:00");
  const [end, setEnd] = useState(value?.end ?? "07:00");
  useEffect(() => {
    setStart(value?.start ?? "22:00");
    setEnd(value?.end ?? "07:00");
  }, [value?.start, value?.end]);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const valid = TIME_OF_DAY.test(start) && TIME_OF_DAY.test(end) && start !== end;
  const unchanged = value !== null && value.start === start && value.end === end && value.timeZone === timeZone;
  const field = { ...textInputStyle(tokens), flex: 1 };
  return (
    <View style={{ gap: 6 }}>
      <KitText size={14} style={{ fontWeight: "600" }}>
        {t("push.quietTitle")}
      </KitText>
      {value && (
        <View style={{ flexDirection: "row", alignItems: "center", gap: 8, flexWrap: "wrap" }}>
          <KitText size={14}>
            {t("push.quietHours", { start: value.start, end: value.end, timeZone: value.timeZone })}
          </KitText>
          <KitButton label={t("push.quietOff")} disabled={props.disabled} onPress={() => props.onChange(null)} />
        </View>
      )}
      <View style={{ flexDirection: "row", alignItems: "center", gap: 8 }}>
        <TextInput
          accessibilityLabel={t("push.quietFrom")}
          placeholder="22:00"
          value={start}
          onChangeText={setStart}
          editable={!props.disabled}
          keyboardType="numbers-and-punctuation"
          maxLength={5}
          style={field}
        />
        <KitText importantForAccessibility="no">–</KitText>
        <TextInput
          accessibilityLabel={t("push.quietTo")}
          placeholder="07:00"
          value={end}
          onChangeText={setEnd}
          editable={!props.disabled}
          keyboardType="numbers-and-punctuation"
          maxLength={5}
          style={field}
        />
        <KitButton
          variant="soft"
          label={value ? t("push.quietSave") : t("push.quietOn")}
          disabled={props.disabled || !valid || unchanged}
          onPress={() => props.onChange({ start, end, timeZone })}
        />
      </View>
      <KitText tone="muted" size={13}>
        {t("push.quietZone", { timeZone })}
      </KitText>
    </View>
  );
}
