import type { TChannel } from "@parley/sdk";
import { useId, useState } from "react";
import { useChannels } from "../../hooks/use-channels";
import { useParley, useStrings } from "../../hooks/use-parley";
import { isDirect } from "../../lib/direct";
import { describeError } from "../../lib/errors";
import { BellIcon, LockIcon, SearchIcon } from "../icons";
import { hasPushSettings, PushSettings } from "../settings/push-settings";
import { CreateChannelForm, InviteCodeForm } from "./channel-forms";
import { ChannelItem } from "./channel-item";

export interface ChannelListProps {
  /** The open channel's id, marked in the list (and its unread badge held back while it is read). */
  selectedId: string | null;
  onSelect: (channel: TChannel) => void;
  /** Change it when the app knows the user's channels changed (a 1:1 chat it opened), to list them again. */
  version?: number;
}

/**
 * The user's channels and 1:1 chats with unread badges (a red `@` when they were mentioned), a search over them, a
 * form for a new channel, the public and open channels they can join, and (with a client that has them) the user's
 * push settings behind the bell.
 */
export function ChannelList({ selectedId, onSelect, version }: ChannelListProps) {
  const { t } = useStrings();
  const list = useChannels({ version });
  const [creating, setCreating] = useState(false);
  const [pushOpen, setPushOpen] = useState(false);
  const client = useParley();
  const [joining, setJoining] = useState<TChannel | null>(null);
  const searchId = useId();
  const { setError } = list;

  async function join(channel: TChannel, inviteCode?: string) {
    try {
      const joined = await list.join(channel, inviteCode);
      setJoining(null);
      onSelect(joined);
    } catch (failure) {
      setError(failure);
    }
  }

  const item = (entry: (typeof list.channels)[number]) => (
    <li key={entry.channel.id}>
      <ChannelItem entry={entry} selected={entry.channel.id === selectedId} onSelect={() => onSelect(entry.channel)} />
    </li>
  );
  const groups = list.channels.filter((entry) => !isDirect(entry.channel));
  const directs = list.channels.filter((entry) => isDirect(entry.channel));
  const searching = list.search.trim() !== "";
  const noMatch = <li className="pk-muted pk-small pk-pad">{t("channels.noMatch", { search: list.search.trim() })}</li>;

  return (
    <nav className="pk-channel-list" aria-label={t("channels.label")}>
      <div className="pk-channel-search">
        <label htmlFor={searchId} className="pk-sr-only">
          {t("channels.search")}
        </label>
        <SearchIcon />
        <input
          id={searchId}
          className="pk-input"
          type="search"
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
          placeholder={t("channels.search")}
          autoComplete="off"
        />
      </div>
      <div className="pk-section-title">
        <h2>{t("channels.mine")}</h2>
        <span className="pk-row">
          {hasPushSettings(client) && (
            <button
              type="button"
              className="pk-icon-button pk-push-button"
              aria-label={t("push.open")}
              title={t("push.open")}
              aria-expanded={pushOpen}
              onClick={() => setPushOpen((v) => !v)}
            >
              <BellIcon />
            </button>
          )}
          <button type="button" className="pk-link" aria-expanded={creating} onClick={() => setCreating((v) => !v)}>
            {creating ? t("channels.cancel") : t("channels.new")}
          </button>
        </span>
      </div>
      {pushOpen && <PushSettings onClose={() => setPushOpen(false)} />}
      {creating && (
        <CreateChannelForm
          onCancel={() => setCreating(false)}
          onCreate={async (input) => {
            const channel = await list.create(input);
            setCreating(false);
            onSelect(channel);
          }}
        />
      )}
      {list.error !== null && (
        <p className="pk-error pk-small pk-pad" role="alert">
          {describeError(list.error, t)}
        </p>
      )}
      <ul>
        {groups.map(item)}
        {groups.length === 0 &&
          !list.loading &&
          (searching ? noMatch : <li className="pk-muted pk-small pk-pad">{t("channels.none")}</li>)}
      </ul>

      <div className="pk-section-title">
        <h2>{t("channels.direct")}</h2>
      </div>
      <ul>
        {directs.map(item)}
        {directs.length === 0 &&
          !list.loading &&
          (searching ? noMatch : <li className="pk-muted pk-small pk-pad">{t("channels.noDirect")}</li>)}
      </ul>

      <div className="pk-section-title">
        <h2>{t("channels.discover")}</h2>
        <button type="button" className="pk-link" onClick={() => void list.reload()}>
          {t("channels.refresh")}
        </button>
      </div>
      <ul>
        {list.discover.map((channel) => (
          <li key={channel.id}>
            {joining?.id === channel.id ? (
              <InviteCodeForm onJoin={(code) => join(channel, code)} onCancel={() => setJoining(null)} />
            ) : (
              <button
                type="button"
                className="pk-channel-item"
                onClick={() => (channel.requiresInviteCode ? setJoining(channel) : void join(channel))}
              >
                <span className="pk-channel-icon" aria-hidden="true">
                  {channel.requiresInviteCode ? <LockIcon /> : "#"}
                </span>
                <span className="pk-channel-text">
                  <span className="pk-channel-name">{channel.name}</span>
                  <span className="pk-channel-preview">
                    {channel.requiresInviteCode ? `${t("channels.inviteNeeded")} · ` : ""}
                    {t("channels.members", { count: channel.memberCount })} · {t("channels.join")}
                  </span>
                </span>
              </button>
            )}
          </li>
        ))}
        {list.discover.length === 0 && !list.discoverLoading && (
          <li className="pk-muted pk-small pk-pad">{t("channels.nothingToJoin")}</li>
        )}
      </ul>
    </nav>
  );
}
