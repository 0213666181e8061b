import { type FormEvent, useState } from "react";
import { useI18n } from "../i18n";
import { describeError } from "../session";

/** Makes a channel: public, or private when an invite code is given. */
export function CreateChannelForm(props: {
  onCreate: (input: { name: string; type: "public" | "private"; inviteCode?: string }) => Promise<void>;
}) {
  const { t } = useI18n();
  const [name, setName] = useState("");
  const [inviteCode, setInviteCode] = useState("");
  const [error, setError] = useState<unknown>(null);

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
    <form className="inline-form" onSubmit={submit}>
      <input
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder={t("channels.name")}
        aria-label={t("channels.name")}
        required
      />
      <input
        value={inviteCode}
        onChange={(e) => setInviteCode(e.target.value)}
        placeholder={t("channels.inviteCodeOptional")}
        aria-label={t("channels.inviteCodeOptional")}
      />
      {error !== null && <p className="error small">{describeError(error, t)}</p>}
      <button type="submit" className="primary">
        {t("channels.create")}
      </button>
    </form>
  );
}

/** Asks for a private channel's invite code before joining it. */
export function InviteCodeForm(props: { onJoin: (code: string) => Promise<void>; onCancel: () => void }) {
  const { t } = useI18n();
  const [code, setCode] = useState("");
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        void props.onJoin(code.trim());
      }}
    >
      <input
        value={code}
        onChange={(e) => setCode(e.target.value)}
        placeholder={t("channels.inviteCode")}
        aria-label={t("channels.inviteCode")}
        required
      />
      <div className="row">
        <button type="submit" className="primary">
          {t("channels.join")}
        </button>
        <button type="button" className="link" onClick={props.onCancel}>
          {t("channels.cancel")}
        </button>
      </div>
    </form>
  );
}
