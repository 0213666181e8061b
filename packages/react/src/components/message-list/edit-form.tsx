import { type FormEvent, useState } from "react";
import { useStrings } from "../../hooks/use-parley";

/** Edits a message's text in place: Enter or Save keeps it, Escape or Cancel drops the change. */
export function EditForm(props: { text: string; onSave: (text: string) => Promise<void>; onCancel: () => void }) {
  const { t } = useStrings();
  const [text, setText] = useState(props.text);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = text.trim();
    if (!body || body === props.text) return props.onCancel();
    setBusy(true);
    try {
      await props.onSave(body);
    } catch {
      // Shown by whoever saved; the form stays open with the text, to try again.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="pk-edit-form" onSubmit={submit}>
      <input
        className="pk-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== "Escape") return;
          // Used here, so a thread around the message stays open.
          e.preventDefault();
          props.onCancel();
        }}
        aria-label={t("chat.editLabel")}
        // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this message, so the caret goes there
        autoFocus
      />
      <div className="pk-row">
        <button type="submit" className="pk-primary pk-small-button" disabled={busy || !text.trim()}>
          {t("chat.save")}
        </button>
        <button type="button" className="pk-link" onClick={props.onCancel}>
          {t("chat.cancel")}
        </button>
      </div>
    </form>
  );
}
