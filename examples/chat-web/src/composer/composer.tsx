import type { ParleyClient, SendOptions, TMember } from "@parley/sdk";
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { useI18n } from "../i18n";
import { EMOTE_TYPE } from "../messages/custom";
import { MentionMenu } from "./mention-menu";
import { mentionedIn, mentionQuery } from "./mentions";

const MENU_SIZE = 6;

interface Props {
  client: ParleyClient;
  channelId: string;
  me: string;
  members: TMember[];
  placeholder: string;
  disabled?: boolean;
  /** In a thread: the channel's name, to offer sending the reply to the channel too. */
  alsoToChannel?: string;
  onSend: (text: string, options: SendOptions) => Promise<void>;
}

/**
 * The message box: says the user is typing, completes `@` mentions from the channel's members (sent as
 * `mentionedUserIds`), and turns `/me …` into a custom `emote` message.
 */
export function Composer({ client, channelId, me, members, placeholder, disabled, alsoToChannel, onSend }: Props) {
  const { t } = useI18n();
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  /** The mention list was closed with Escape; typing on opens it again. */
  const [dismissed, setDismissed] = useState(false);
  const [alsoSend, setAlsoSend] = useState(false);
  const picked = useRef(new Map<string, string>());
  const input = useRef<HTMLInputElement>(null);
  const menuId = useId();

  const query = dismissed ? null : mentionQuery(text, caret);
  const candidates = query
    ? members
        .filter((m) => m.userId !== me)
        .filter((m) => `${m.nickname} ${m.userId}`.toLowerCase().includes(query.query.toLowerCase()))
        .slice(0, MENU_SIZE)
    : [];
  const menuOpen = candidates.length > 0;

  function change(value: string, at: number) {
    setText(value);
    setCaret(at);
    setActive(0);
    setDismissed(false);
    if (value.trim()) client.typing.keystroke(channelId);
    else client.typing.stop(channelId);
  }

  function pick(member: TMember) {
    if (!query) return;
    picked.current.set(member.userId, member.nickname);
    const inserted = `@${member.nickname} `;
    const value = text.slice(0, query.start) + inserted + text.slice(caret);
    const at = query.start + inserted.length;
    change(value, at);
    requestAnimationFrame(() => input.current?.setSelectionRange(at, at));
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!menuOpen) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + candidates.length) % candidates.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      const member = candidates[active];
      if (member) pick(member);
    } else if (event.key === "Escape") {
      setDismissed(true);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = text.trim();
    if (!body) return;
    const emote = /^\/me\s+(.+)$/s.exec(body)?.[1];
    const mentionedUserIds = mentionedIn(body, picked.current);
    const options: SendOptions = {
      ...(emote ? { type: "custom" as const, customType: EMOTE_TYPE } : {}),
      ...(mentionedUserIds.length > 0 ? { mentionedUserIds } : {}),
      ...(alsoToChannel && alsoSend ? { showInChannel: true } : {}),
    };
    // Cleared at once, not after the answer, so what the user types meanwhile is not wiped.
    setText("");
    picked.current = new Map();
    client.typing.stop(channelId);
    try {
      await onSend(emote ?? body, options);
    } catch {
      setText((typed) => typed || body);
    }
  }

  return (
    <form className="composer" onSubmit={submit}>
      {menuOpen && (
        <MentionMenu id={menuId} members={candidates} active={active} onPick={pick} label={t("composer.mentionList")} />
      )}
      <div className="composer-row">
        <input
          ref={input}
          value={text}
          onChange={(e) => change(e.target.value, e.target.selectionStart ?? e.target.value.length)}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
          onKeyDown={keyDown}
          onBlur={() => client.typing.stop(channelId)}
          placeholder={placeholder}
          disabled={disabled}
          aria-label={t("composer.label")}
          role="combobox"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-autocomplete="list"
          aria-activedescendant={menuOpen ? `${menuId}-${active}` : undefined}
          autoComplete="off"
        />
        <button type="submit" className="primary" disabled={disabled || !text.trim()}>
          {t("composer.send")}
        </button>
      </div>
      <div className="composer-foot">
        {alsoToChannel ? (
          <label className="check">
            <input type="checkbox" checked={alsoSend} onChange={(e) => setAlsoSend(e.target.checked)} />
            {t("composer.alsoToChannel", { channel: alsoToChannel })}
          </label>
        ) : (
          <span className="muted small">{t("composer.hint")}</span>
        )}
      </div>
    </form>
  );
}
