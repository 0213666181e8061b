import type { ReactNode } from "react";

/**
 * One choice among a few, as radio buttons under a legend: a channel's type, a channel's notifications, the user's
 * push level. Arrow keys move between the options, as for any radio group.
 */
export function ChoiceGroup<T extends string>(props: {
  legend: string;
  /** The radios' shared name; unique on the page. */
  name: string;
  options: readonly T[];
  /** The chosen option, or null while it is not known yet. */
  value: T | null;
  label: (option: T) => string;
  /** A line under an option's label, tied to its radio as its description. */
  hint?: (option: T) => string | undefined;
  onChange: (option: T) => void;
  disabled?: boolean;
  busy?: boolean;
  className?: string;
  /** Shown under the options: a loading line, an error. */
  children?: ReactNode;
}) {
  return (
    <fieldset className={`pk-choices ${props.className ?? ""}`.trim()} aria-busy={props.busy ?? false}>
      <legend>{props.legend}</legend>
      {props.options.map((option) => {
        const hint = props.hint?.(option);
        const hintId = `${props.name}-${option}-hint`;
        return (
          <label key={option} className="pk-choice">
            <input
              type="radio"
              name={props.name}
              value={option}
              checked={props.value === option}
              disabled={props.disabled}
              aria-describedby={hint ? hintId : undefined}
              onChange={() => props.onChange(option)}
            />
            <span className="pk-choice-text">
              {props.label(option)}
              {hint && (
                <span id={hintId} className="pk-muted pk-small pk-choice-hint">
                  {hint}
                </span>
              )}
            </span>
          </label>
        );
      })}
      {props.children}
    </fieldset>
  );
}
