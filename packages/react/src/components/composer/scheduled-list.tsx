import type { TScheduledMessage } from "@parley/sdk";
import { type FormEvent, useId, useState } from "react";
import { usePanelFocus } from "../../hooks/use-panel-focus";
import { useStrings } from "../../hooks/use-parley";
import type { ScheduledState } from "../../hooks/use-scheduled";
import { describeCode, describeError } from "../../lib/errors";
import { formatScheduledAt, fromLocalInput, toLocalInput } from "../../lib/schedule-time";
import { ScheduleTimeField } from "./schedule-form";

/**
 * The user's scheduled messages in the open channel: a line above the composer ("2 scheduled messages") that opens
 * them in a panel, each with its time in the reader's language, its text, Edit and Cancel, and for one the rules
 * refused at its time, the reason. Shows nothing while there are none and the panel is closed.
 */
export function ScheduledMessages(props: { state: ScheduledState }) {
  const { t } = useStrings();
  const { messages } = props.state;
  const [open, setOpen] = useState(false);
  const panelId = useId();
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
    <div className="pk-scheduled">
      {messages.length > 0 && (
        <button
          type="button"
          className="pk-scheduled-banner"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((was) => !was)}
          data-testid="scheduled-banner"
        >
          {summary}
        </button>
      )}
      {open && <ScheduledPanel id={panelId} state={props.state} onClose={() => setOpen(false)} />}
    </div>
  );
}

function ScheduledPanel(props: { id: string; state: ScheduledState; onClose: () => void }) {
  const { t } = useStrings();
  const panel = usePanelFocus<HTMLElement>(props.onClose);
  const titleId = useId();
  const { messages, error } = props.state;
  return (
    <section
      ref={panel.ref}
      id={props.id}
      className="pk-scheduled-panel"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={panel.onKeyDown}
    >
      <header className="pk-scheduled-head">
        <h2 id={titleId}>{t("scheduled.title")}</h2>
        <button type="button" onClick={props.onClose}>
          {t("scheduled.close")}
        </button>
      </header>
      {error !== null && (
        <p className="pk-error pk-small" role="alert">
          {describeError(error, t)}
        </p>
      )}
      {messages.length === 0 ? (
        <p className="pk-muted pk-small">{t("scheduled.none")}</p>
      ) : (
        <ul className="pk-scheduled-list">
          {messages.map((message) => (
            <ScheduledItem
              key={message.id}
              message={message}
              state={props.state}
              // The removed row held focus: the panel takes it, so Escape and Tab still work from there.
              onRemoved={() => panel.ref.current?.focus()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ScheduledItem(props: { message: TScheduledMessage; state: ScheduledState; onRemoved: () => void }) {
  const { message, state } = props;
  const { t, language } = useStrings();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const time = formatScheduledAt(message.scheduledAt, language);

  async function cancel() {
    setError(null);
    try {
      await state.cancel(message.id);
      props.onRemoved();
    } catch (failure) {
      setError(failure);
    }
  }

  return (
    <li className="pk-scheduled-item" data-status={message.status}>
      <time dateTime={message.scheduledAt} className="pk-scheduled-time">
        {time}
      </time>
      {editing ? (
        <ScheduledEdit message={message} state={state} onDone={() => setEditing(false)} />
      ) : (
        <>
          <p className="pk-scheduled-text">{message.text}</p>
          {message.status === "sending" && <p className="pk-muted pk-small">{t("scheduled.sending")}</p>}
          {message.status === "failed" && (
            <p className="pk-error pk-small">
              {t("scheduled.failed", { reason: describeCode(message.errorCode ?? "", t) })}
            </p>
          )}
          {error !== null && (
            <p className="pk-error pk-small" role="alert">
              {describeError(error, t)}
            </p>
          )}
          <div className="pk-scheduled-actions">
            {message.status === "scheduled" && (
              <>
                <button type="button" aria-label={t("scheduled.editLabel", { time })} onClick={() => setEditing(true)}>
                  {t("scheduled.edit")}
                </button>
                <button type="button" aria-label={t("scheduled.cancelLabel", { time })} onClick={cancel}>
                  {t("scheduled.cancel")}
                </button>
              </>
            )}
            {message.status === "failed" && (
              <button type="button" aria-label={t("scheduled.removeLabel", { time })} onClick={cancel}>
                {t("scheduled.remove")}
              </button>
            )}
          </div>
        </>
      )}
    </li>
  );
}

function ScheduledEdit(props: { message: TScheduledMessage; state: ScheduledState; onDone: () => void }) {
  const { message, state } = props;
  const { t } = useStrings();
  const [text, setText] = useState(message.text);
  const [value, setValue] = useState(() => toLocalInput(new Date(message.scheduledAt)));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const at = fromLocalInput(value);
    if (!at || !text.trim()) return;
    const timeChanged = value !== toLocalInput(new Date(message.scheduledAt));
    setError(null);
    setBusy(true);
    try {
      await state.edit(message.id, { text: text.trim(), ...(timeChanged ? { scheduledAt: at } : {}) });
      props.onDone();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="pk-scheduled-edit"
      onSubmit={save}
      onKeyDown={(event) => {
        // Leaves the edit only, not the panel around it.
        if (event.key !== "Escape") return;
        event.preventDefault();
        props.onDone();
      }}
    >
      <label className="pk-schedule-field">
        <span>{t("scheduled.text")}</span>
        <input className="pk-input" value={text} required onChange={(e) => setText(e.target.value)} />
      </label>
      <ScheduleTimeField label={t("scheduled.at")} value={value} onChange={setValue} />
      {error !== null && (
        <p className="pk-error pk-small" role="alert">
          {describeError(error, t)}
        </p>
      )}
      <div className="pk-scheduled-actions">
        <button type="button" onClick={props.onDone}>
          {t("scheduled.discard")}
        </button>
        <button type="submit" className="pk-primary" disabled={busy || !text.trim() || !value}>
          {t("scheduled.save")}
        </button>
      </div>
    </form>
  );
}
