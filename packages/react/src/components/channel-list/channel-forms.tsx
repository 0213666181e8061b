import { type FormEvent, useState } from "react";
import { usePanelFocus } from "../../hooks/use-panel-focus";
import { useStrings } from "../../hooks/use-parley";
import { describeError } from "../../lib/errors";

/**
 * Makes a channel: public, or private when an invite code is given. Focus starts on the name; Escape cancels and
 * gives focus back to what opened the form.
 */
export function CreateChannelForm(props: {
  onCreate: (input: { name: string; type: "public" | "private"; inviteCode?: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useStrings();
  const [name, setName] = useState("");
  const [inviteCode, setInviteCode] = useState("");
  const [error, setError] = useState<unknown>(null);
  const panel = usePanelFocus<HTMLFormElement>(props.onCancel, (form) => form.querySelector("input"));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const code = inviteCode.trim();
      await props.onCreate(
        code ? { name: name.trim(), type: "private", inviteCode: code } : { name: name.trim(), type: "public" },
      );
    } catch (failure) {
      setError(failure);
    }
  }

  return (
    <form ref={panel.ref} className="pk-inline-form" onSubmit={submit} onKeyDown={panel.onKeyDown}>
      <input
        className="pk-input"
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder={t("channels.name")}
        aria-label={t("channels.name")}
        required
      />
      <input
        className="pk-input"
        value={inviteCode}
        onChange={(e) => setInviteCode(e.target.value)}
        placeholder={t("channels.inviteCodeOptional")}
        aria-label={t("channels.inviteCodeOptional")}
      />
      {error !== null && (
        <p className="pk-error pk-small" role="alert">
          {describeError(error, t)}
        </p>
      )}
      <button type="submit" className="pk-primary">
        {t("channels.create")}
      </button>
    </form>
  );
}

/** Asks for a private channel's invite code before joining it; Escape cancels, as Cancel does. */
export function InviteCodeForm(props: { onJoin: (code: string) => Promise<void>; onCancel: () => void }) {
  const { t } = useStrings();
  const [code, setCode] = useState("");
  const panel = usePanelFocus<HTMLFormElement>(props.onCancel, (form) => form.querySelector("input"));
  return (
    <form
      ref={panel.ref}
      onKeyDown={panel.onKeyDown}
      className="pk-inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        void props.onJoin(code.trim());
      }}
    >
      <input
        className="pk-input"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        placeholder={t("channels.inviteCode")}
        aria-label={t("channels.inviteCode")}
        required
      />
      <div className="pk-row">
        <button type="submit" className="pk-primary">
          {t("channels.join")}
        </button>
        <button type="button" className="pk-link" onClick={props.onCancel}>
          {t("channels.cancel")}
        </button>
      </div>
    </form>
  );
}
