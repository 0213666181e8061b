import type { TPushPreferences, TUpdatePushPreferencesRequest } from "@parley/sdk";
import { useCallback } from "react";
import { useParley } from "./use-parley";
import { useSavedSetting } from "./use-saved-setting";

/**
 * The user's push preferences as both kits' settings show them: read once, changed at once on screen and put back
 * with the reason when the server refuses. `available` is false for a client without the two calls.
 */
export function usePushPreferences() {
  const client = useParley();
  const readPreferences = client.pushPreferences;
  const write = client.setPushPreferences;
  const read = useCallback(
    () => (readPreferences ? readPreferences.call(client) : Promise.reject(new TypeError("no push preferences"))),
    [client, readPreferences],
  );
  const setting = useSavedSetting(readPreferences && write ? read : null);
  const preferences = setting.value;

  function change(changes: TUpdatePushPreferencesRequest) {
    if (!preferences || !write) return;
    const shown: TPushPreferences = {
      level: changes.level ?? preferences.level,
      doNotDisturb: changes.doNotDisturb === undefined ? preferences.doNotDisturb : changes.doNotDisturb,
      snoozeUntil: changes.snoozeUntil === undefined ? preferences.snoozeUntil : changes.snoozeUntil,
    };
    void setting.save(shown, () => write.call(client, changes));
  }

  // A snooze already past reads as none, as the server answers it.
  const snoozedUntil =
    preferences?.snoozeUntil && Date.parse(preferences.snoozeUntil) > Date.now() ? preferences.snoozeUntil : null;
  return {
    available: Boolean(readPreferences && write),
    preferences,
    snoozedUntil,
    busy: preferences === null || setting.saving,
    error: setting.error,
    change,
  };
}
