import type { TPushPreferences } from "@parley/sdk";
import { useId } from "react";
import type { ChatClient } from "../../client";
import { usePanelFocus } from "../../hooks/use-panel-focus";
import { useStrings } from "../../hooks/use-parley";
import { usePushPreferences } from "../../hooks/use-push-preferences";
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
  const headingId = useId();
  const levelName = useId();
  const panel = usePanelFocus<HTMLElement>(onClose);
  const { preferences, snoozedUntil: snoozed, busy, error, change } = usePushPreferences();
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
          {preferences === null && error === null && <span className="pk-muted pk-small">{t("chat.loading")}</span>}
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
        {error !== null && (
          <p className="pk-error pk-small" role="alert">
            {describeError(error, t)}
          </p>
        )}
      </div>
    </section>
  );
}
