import type { TMessage } from "@parley/sdk";
import { type KeyboardEvent, useId, useState } from "react";
import { useParley, useStrings } from "../../hooks/use-parley";
import { describeError } from "../../lib/errors";
import { PollIcon } from "../icons";

/** What a poll takes, as the server checks it (`POLL_OPTIONS_MIN`, `POLL_OPTIONS_MAX`). */
const OPTIONS_MIN = 2;
const OPTIONS_MAX = 10;

/**
 * The composer's poll action: a button that opens a small form (question, 2 to 10 options, several choices or one,
 * anonymous or not) and sends the poll as a message. Shown only with a client that has `polls`. The form sits inside
 * the composer's own `<form>`, and a form inside a form is submitted by the browser itself (a page load) rather than
 * through React, so the poll's fields are a group whose Send button and Enter key call `submit` directly.
 */
export function PollButton(props: { channelId: string; disabled?: boolean; onCreated: (message: TMessage) => void }) {
  const { t } = useStrings();
  const client = useParley();
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState("");
  const [options, setOptions] = useState<string[]>(["", ""]);
  const [allowsMultiple, setAllowsMultiple] = useState(false);
  const [anonymous, setAnonymous] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const titleId = useId();
  const polls = client.polls;
  if (!polls?.create) return null;
  const create = polls.create.bind(polls);

  const reset = () => {
    setQuestion("");
    setOptions(["", ""]);
    setAllowsMultiple(false);
    setAnonymous(false);
    setError(null);
  };
  const filled = options.map((o) => o.trim()).filter((o) => o !== "");
  const ready = question.trim() !== "" && filled.length >= OPTIONS_MIN && !busy;

  const submit = async () => {
    if (!ready) return;
    setBusy(true);
    setError(null);
    try {
      const message = await create(props.channelId, {
        question: question.trim(),
        options: filled,
        allowsMultiple,
        anonymous,
      });
      props.onCreated(message);
      reset();
      setOpen(false);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === "Enter" && event.target instanceof HTMLInputElement && event.target.type !== "checkbox") {
      // Enter in a field sends the poll, as in a form of its own, and never the composer's message.
      event.preventDefault();
      void submit();
    }
  };

  return (
    <>
      <button
        type="button"
        className="pk-icon-button pk-poll-action"
        aria-label={t("poll.create")}
        title={t("poll.create")}
        aria-expanded={open}
        disabled={props.disabled}
        onClick={() => setOpen(!open)}
      >
        <PollIcon />
      </button>
      {open && (
        <div className="pk-poll-dialog" role="dialog" aria-labelledby={titleId} onKeyDown={onKeyDown}>
          <div className="pk-poll-form">
            <h2 id={titleId} className="pk-poll-dialog-title">
              {t("poll.create")}
            </h2>
            <label className="pk-field">
              {t("poll.question")}
              <input value={question} maxLength={300} onChange={(e) => setQuestion(e.target.value)} />
            </label>
            {options.map((option, i) => (
              // Options have no identity but their place while being written.
              // biome-ignore lint/suspicious/noArrayIndexKey: the place is the option's only identity here
              <label key={i} className="pk-field">
                {t("poll.optionLabel", { number: i + 1 })}
                <input
                  value={option}
                  maxLength={100}
                  onChange={(e) => setOptions(options.map((o, j) => (j === i ? e.target.value : o)))}
                />
              </label>
            ))}
            {options.length < OPTIONS_MAX && (
              <button type="button" className="pk-link" onClick={() => setOptions([...options, ""])}>
                {t("poll.addOption")}
              </button>
            )}
            <label className="pk-check">
              <input type="checkbox" checked={allowsMultiple} onChange={(e) => setAllowsMultiple(e.target.checked)} />
              {t("poll.allowMultiple")}
            </label>
            <label className="pk-check">
              <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} />
              {t("poll.anonymousChoice")}
            </label>
            {error !== null && (
              <p className="pk-error pk-small" role="alert">
                {describeError(error, t)}
              </p>
            )}
            <div className="pk-poll-dialog-actions">
              <button type="button" onClick={() => setOpen(false)}>
                {t("chat.cancel")}
              </button>
              <button type="button" className="pk-primary" disabled={!ready} onClick={() => void submit()}>
                {t("poll.send")}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
