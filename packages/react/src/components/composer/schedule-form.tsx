import { type FormEvent, useId, useState } from "react";
import { usePanelFocus } from "../../hooks/use-panel-focus";
import { useStrings } from "../../hooks/use-parley";
import { describeError } from "../../lib/errors";
import { defaultScheduleTime, fromLocalInput, scheduleBounds } from "../../lib/schedule-time";

/**
 * Picks when the composer's text is sent: a date and time from a minute to 30 days ahead. Focus starts on the time;
 * Escape or Cancel closes it and gives focus back to the Schedule button. A refusal (3230, 3233) is shown here and
 * the text stays in the composer.
 */
export function ScheduleForm(props: { onSchedule: (at: Date) => Promise<void>; onClose: () => void }) {
  const { t } = useStrings();
  const [value, setValue] = useState(() => defaultScheduleTime());
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const panel = usePanelFocus<HTMLFormElement>(props.onClose, (form) => form.querySelector("input"));
  const titleId = useId();
  const rangeId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const at = fromLocalInput(value);
    if (!at) return;
    setError(null);
    setBusy(true);
    try {
      await props.onSchedule(at);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={panel.ref}
      className="pk-schedule-form"
      role="dialog"
      aria-labelledby={titleId}
      onSubmit={submit}
      onKeyDown={panel.onKeyDown}
    >
      <h2 id={titleId} className="pk-schedule-title">
        {t("schedule.title")}
      </h2>
      <ScheduleTimeField label={t("schedule.at")} value={value} onChange={setValue} describedBy={rangeId} />
      <p id={rangeId} className="pk-muted pk-small">
        {t("schedule.range")}
      </p>
      {error !== null && (
        <p className="pk-error pk-small" role="alert">
          {describeError(error, t)}
        </p>
      )}
      <div className="pk-schedule-actions">
        <button type="button" onClick={props.onClose}>
          {t("schedule.cancel")}
        </button>
        <button type="submit" className="pk-primary" disabled={busy || !value}>
          {t("schedule.submit")}
        </button>
      </div>
    </form>
  );
}

/**
 * The time a scheduled message goes at, in the reader's local time, limited to the server's range (1 minute to 30
 * days ahead) as it stood when the form opened.
 */
export function ScheduleTimeField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
}) {
  const [bounds] = useState(() => scheduleBounds());
  return (
    <label className="pk-schedule-field">
      <span>{props.label}</span>
      <input
        className="pk-input"
        type="datetime-local"
        value={props.value}
        min={bounds.min}
        max={bounds.max}
        required
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
