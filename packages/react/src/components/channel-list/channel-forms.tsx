import { type FormEvent, useId, useState } from "react";
import { usePanelFocus } from "../../hooks/use-panel-focus";
import { useStrings } from "../../hooks/use-parley";
import { describeError } from "../../lib/errors";
import {
  NEW_CHANNEL_TYPE_HINTS,
  NEW_CHANNEL_TYPE_LABELS,
  NEW_CHANNEL_TYPES,
  type NewChannel,
  type NewChannelType,
  newChannel,
} from "../../lib/new-channel";
import { ChoiceGroup } from "../settings/choice-group";

/**
 * Makes a channel: public, private (entered with the invite code given here) or open (read by anyone, no unread
 * counts). Focus starts on the name; Escape cancels and gives focus back to what opened the form.
 */
export function CreateChannelForm(props: { onCreate: (input: NewChannel) => Promise<void>; onCancel: () => void }) {
  const { t } = useStrings();
  const [name, setName] = useState("");
  const [type, setType] = useState<NewChannelType>("public");
  const [inviteCode, setInviteCode] = useState("");
  const [error, setError] = useState<unknown>(null);
  const typeName = useId();
  const panel = usePanelFocus<HTMLFormElement>(props.onCancel, (form) => form.querySelector("input"));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await props.onCreate(newChannel(name, type, inviteCode));
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
        options={NEW_CHANNEL_TYPES}
        value={type}
        label={(option) => t(NEW_CHANNEL_TYPE_LABELS[option])}
        hint={(option) => t(NEW_CHANNEL_TYPE_HINTS[option])}
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
