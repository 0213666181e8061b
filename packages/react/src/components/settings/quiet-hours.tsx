import type { TDoNotDisturb } from "@parley/sdk";
import { useEffect, useId, useState } from "react";
import { useStrings } from "../../hooks/use-parley";

/** What the fields hold before the user has set quiet hours: a night. */
const NIGHT = { start: "22:00", end: "07:00" } as const;

/** The device's own time zone, which quiet hours are saved in: the hours are the user's wherever the server is. */
const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/**
 * Quiet hours, every day: pushes wait from `start` up to `end` (past midnight when `end` comes first), in the time
 * zone of the device they are saved from. Set with two time fields and Turn on (or Save once set), cleared with
 * Turn off. The server refuses a time zone it does not know with 3241, which the panel shows.
 */
export function QuietHours(props: {
  value: TDoNotDisturb | null;
  disabled: boolean;
  onChange: (value: TDoNotDisturb | null) => void;
}) {
  const { t } = useStrings();
  const { value } = props;
  const fromId = useId();
  const toId = useId();
  const [start, setStart] = useState<string>(value?.start ?? NIGHT.start);
  const [end, setEnd] = useState<string>(value?.end ?? NIGHT.end);
  // The saved hours arrive after the panel opens, and come back after a refused change: the fields follow them.
  useEffect(() => {
    setStart(value?.start ?? NIGHT.start);
    setEnd(value?.end ?? NIGHT.end);
  }, [value?.start, value?.end]);

  const timeZone = deviceTimeZone();
  const unchanged = value !== null && value.start === start && value.end === end && value.timeZone === timeZone;
  const valid = /^\d\d:\d\d$/.test(start) && /^\d\d:\d\d$/.test(end) && start !== end;

  return (
    <fieldset className="pk-choices pk-quiet-hours">
      <legend>{t("push.quietTitle")}</legend>
      {value && (
        <p className="pk-small">
          {t("push.quietHours", { start: value.start, end: value.end, timeZone: value.timeZone })}{" "}
          <button type="button" className="pk-link" disabled={props.disabled} onClick={() => props.onChange(null)}>
            {t("push.quietOff")}
          </button>
        </p>
      )}
      <div className="pk-quiet-fields">
        <label htmlFor={fromId}>{t("push.quietFrom")}</label>
        <input
          id={fromId}
          type="time"
          value={start}
          disabled={props.disabled}
          onChange={(e) => setStart(e.target.value)}
        />
        <label htmlFor={toId}>{t("push.quietTo")}</label>
        <input id={toId} type="time" value={end} disabled={props.disabled} onChange={(e) => setEnd(e.target.value)} />
        <button
          type="button"
          className="pk-chip-button"
          disabled={props.disabled || !valid || unchanged}
          onClick={() => props.onChange({ start, end, timeZone })}
        >
          {value ? t("push.quietSave") : t("push.quietOn")}
        </button>
      </div>
      <p className="pk-muted pk-small">{t("push.quietZone", { timeZone })}</p>
    </fieldset>
  );
}
