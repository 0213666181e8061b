import type { TPushPreferences, TUpdatePushPreferencesRequest } from "@parley/sdk";
import { useCallback, useId } from "react";
import type { ChatClient } from "../../client";
import { usePanelFocus } from "../../hooks/use-panel-focus";
import { useParley, useStrings } from "../../hooks/use-parley";
import { useSavedSetting } from "../../hooks/use-saved-setting";
import { describeError } from "../../lib/errors";
import { formatScheduledAt } from "../../lib/schedule-time";
import { ChoiceGroup } from "./choice-group";
import { QuietHours } from "./quiet-hours";

type Level = TPushPreferences["level"];
const LEVELS: readonly Level[] = ["all", "mentions", "none"];
/** The snoozes offered, in hours: a meeting, a night, a day. */
const SNOOZE_HOURS = [1, 8, 24] as const;
const HOUR_MS = 60 * 60_000;

/** Whether the client can read and change the user's push preferences, so the kit offers them. */
export function hasPushSettings(client: ChatClient): boolean {
  return Boolean(client.pushPreferences && client.setPushPreferences);
}

/**
 * The user's push notifications across the app (`client.pushPreferences` / `setPushPreferences`): which messages
 * push (all, mentions only, none), quiet hours every day, and a snooze for a while.
 * Focus moves into the panel when it opens; Escape or Close closes it and gives focus back.
 */
export function PushSettings({ onClose }: { onClose: () => void }) {
  const { t, language } = useStrings();
  const client = useParley();
  const headingId = useId();
  const levelName = useId();
  const panel = usePanelFocus<HTMLElement>(onClose);
  const readPreferences = client.pushPreferences;
  const write = client.setPushPreferences;
  const read = useCallback(
    () => (readPreferences ? readPreferences.call(client) : Promise.reject(new TypeError("no push preferences"))),
    [client, readPreferences],
  );
  const setting = useSavedSetting(readPreferences && write ? read : null);
  const preferences = setting.value;
  const busy = preferences === null || setting.saving;

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
  const snoozed =
    preferences?.snoozeUntil && Date.parse(preferences.snoozeUntil) > Date.now() ? preferences.snoozeUntil : null;
  const quiet = preferences?.doNotDisturb ?? null;

  return (
    <section
      ref={panel.ref}
      className="pk-push-settings"
      aria-labelledby={headingId}
      tabIndex={-1}
      onKeyDown={panel.onKeyDown}
    >
      <header className="pk-side-header">
        <h3 id={headingId}>{t("push.title")}</h3>
        <button type="button" className="pk-link" onClick={onClose}>
          {t("push.close")}
        </button>
      </header>
      <div className="pk-push-settings-body">
        <ChoiceGroup
          legend={t("push.level")}
          name={levelName}
          options={LEVELS}
          value={preferences?.level ?? null}
          label={(level) => t(`push.level.${level}`)}
          disabled={busy}
          busy={busy}
          onChange={(level) => {
            if (level !== preferences?.level) change({ level });
          }}
        >
          {preferences === null && setting.error === null && (
            <span className="pk-muted pk-small">{t("chat.loading")}</span>
          )}
        </ChoiceGroup>
        <fieldset className="pk-choices">
          <legend>{t("push.snooze")}</legend>
          {snoozed ? (
            <p className="pk-small">
              {t("push.snoozedUntil", { time: formatScheduledAt(snoozed, language) })}{" "}
              <button type="button" className="pk-link" disabled={busy} onClick={() => change({ snoozeUntil: null })}>
                {t("push.resume")}
              </button>
            </p>
          ) : (
            <div className="pk-row">
              {SNOOZE_HOURS.map((hours) => (
                <button
                  key={hours}
                  type="button"
                  className="pk-chip-button"
                  disabled={busy}
                  onClick={() => change({ snoozeUntil: new Date(Date.now() + hours * HOUR_MS).toISOString() })}
                >
                  {t("push.snoozeHours", { count: hours })}
                </button>
              ))}
            </div>
          )}
        </fieldset>
        <QuietHours value={quiet} disabled={busy} onChange={(doNotDisturb) => change({ doNotDisturb })} />
        {setting.error !== null && (
          <p className="pk-error pk-small" role="alert">
            {describeError(setting.error, t)}
          </p>
        )}
      </div>
    </section>
  );
}
