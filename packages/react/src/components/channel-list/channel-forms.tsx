import { type FormEvent, useId, useState } from "react";
import { usePanelFocus } from "../../hooks/use-panel-focus";
import { useStrings } from "../../hooks/use-parley";
import { describeError } from "../../lib/errors";
import { ChoiceGroup } from "../settings/choice-group";

/** The types a user makes from the kit; the others (super groups, broadcasts) are the app server's to make. */
const TYPES = ["public", "private", "open"] as const;
type KitChannelType = (typeof TYPES)[number];

/** What the form makes: a private channel always with its code, the others without one. */
export type NewChannel =
  | { name: string; type: "public" | "open" }
  | { name: string; type: "private"; inviteCode: string };

/**
 * Makes a channel: public, private (entered with the invite code given here) or open (read by anyone, no unread
 * counts). Focus starts on the name; Escape cancels and gives focus back to what opened the form.
 */
export function CreateChannelForm(props: { onCreate: (input: NewChannel) => Promise<void>; onCancel: () => void }) {
  const { t } = useStrings();
  const [name, setName] = useState("");
  const [type, setType] = useState<KitChannelType>("public");
  const [inviteCode, setInviteCode] = useState("");
  const [error, setError] = useState<unknown>(null);
  const typeName = useId();
  const panel = usePanelFocus<HTMLFormElement>(props.onCancel, (form) => form.querySelector("input"));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const trimmed = name.trim();
      await props.onCreate(
        type === "private" ? { name: trimmed, type, inviteCode: inviteCode.trim() } : { name: trimmed, type },
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
      <ChoiceGroup
        legend={t("channels.type")}
        name={typeName}
        options={TYPES}
        value={type}
        label={(option) => t(TYPE_LABELS[option])}
        hint={(option) => t(TYPE_HINTS[option])}
        onChange={setType}
      />
      {type === "private" && (
        <input
          className="pk-input"
          value={inviteCode}
          onChange={(e) => setInviteCode(e.target.value)}
          placeholder={t("channels.inviteCode")}
          aria-label={t("channels.inviteCode")}
          required
        />
      )}
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

const TYPE_LABELS = {
  public: "channels.typePublic",
  private: "channels.typePrivate",
  open: "channels.typeOpen",
} as const;

const TYPE_HINTS = {
  public: "channels.typePublicHint",
  private: "channels.typePrivateHint",
  open: "channels.typeOpenHint",
} as const;

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
