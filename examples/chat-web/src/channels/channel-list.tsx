import type { ParleyClient, TChannel } from "@parley/sdk";
import { useCallback, useEffect, useReducer, useState } from "react";
import { isDirect } from "../direct";
import { useParleyEvent } from "../hooks";
import { useI18n } from "../i18n";
import { LockIcon } from "../icons";
import { isThreadOnly } from "../messages/message-state";
import { describeError } from "../session";
import { CreateChannelForm, InviteCodeForm } from "./channel-forms";
import { ChannelItem } from "./channel-item";

interface Props {
  client: ParleyClient;
  me: string;
  selectedId: string | null;
  onSelect: (channel: TChannel) => void;
  /** Changes when the screen knows the user's channels changed (a 1:1 chat opened), to list them again. */
  version: number;
}

/** Newest activity first, as chat apps list their rooms. */
function byActivity(a: TChannel, b: TChannel): number {
  const at = (c: TChannel) => c.lastMessage?.createdAt ?? c.createdAt;
  return at(b).localeCompare(at(a));
}

/**
 * The user's channels and 1:1 chats with unread badges, and the public channels they can join. The badges come
 * from the SDK's unread counts (`client.unread.of`), which follow events and redraw on `unread.changed`.
 */
export function ChannelList({ client, me, selectedId, onSelect, version }: Props) {
  const { t } = useI18n();
  const [mine, setMine] = useState<TChannel[]>([]);
  const [discover, setDiscover] = useState<TChannel[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [creating, setCreating] = useState(false);
  const [joining, setJoining] = useState<TChannel | null>(null);
  const [, redraw] = useReducer((n: number) => n + 1, 0);

  const reload = useCallback(async () => {
    try {
      const [own, open] = await Promise.all([
        client.channels.list({ scope: "mine", limit: 100 }),
        client.channels.list({ scope: "public", limit: 100 }),
      ]);
      const joined = new Set(own.channels.map((c) => c.id));
      setMine(own.channels.sort(byActivity));
      setDiscover(open.channels.filter((c) => !joined.has(c.id)));
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, [client]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the signal to list the channels again
  useEffect(() => {
    void reload();
  }, [reload, version]);

  useParleyEvent(client, "unread.changed", redraw);
  useParleyEvent(client, "connection", (change) => {
    // Channels may have changed while the link was down.
    if (change.state === "open") void reload();
  });
  useParleyEvent(client, "message.created", (event) => {
    const message = event.message;
    if (!message || message.type === "hidden" || isThreadOnly(message)) return;
    if (!mine.some((c) => c.id === event.channelId)) {
      // A 1:1 chat someone else just opened with this user.
      void reload();
      return;
    }
    setMine((list) =>
      list.map((c) => (c.id === event.channelId ? { ...c, lastMessage: message } : c)).sort(byActivity),
    );
  });
  const reloadForMe = (event: { userId?: string }) => {
    if (event.userId === me) void reload();
  };
  useParleyEvent(client, "member.joined", reloadForMe);
  useParleyEvent(client, "member.left", reloadForMe);
  useParleyEvent(client, "member.banned", reloadForMe);
  useParleyEvent(client, "channel.deleted", () => void reload());
  useParleyEvent(client, "channel.changed", () => void reload());

  async function join(channel: TChannel, inviteCode?: string) {
    try {
      const joined = await client.channels.join(channel.id, inviteCode ? { inviteCode } : {});
      setJoining(null);
      await reload();
      onSelect(joined);
    } catch (failure) {
      setError(failure);
    }
  }

  const item = (channel: TChannel) => (
    <li key={channel.id}>
      <ChannelItem
        channel={channel}
        me={me}
        selected={channel.id === selectedId}
        unread={client.unread.of(channel.id)}
        onSelect={() => onSelect(channel)}
      />
    </li>
  );
  const groups = mine.filter((c) => !isDirect(c));
  const directs = mine.filter(isDirect);

  return (
    <nav className="channels">
      <div className="section-title">
        <span>{t("channels.mine")}</span>
        <button type="button" className="link" onClick={() => setCreating((v) => !v)}>
          {creating ? t("channels.cancel") : t("channels.new")}
        </button>
      </div>
      {creating && (
        <CreateChannelForm
          onCreate={async (input) => {
            const channel = await client.channels.create(input);
            setCreating(false);
            await reload();
            onSelect(channel);
          }}
        />
      )}
      {error !== null && <p className="error small pad">{describeError(error, t)}</p>}
      <ul>
        {groups.map(item)}
        {groups.length === 0 && <li className="muted small pad">{t("channels.none")}</li>}
      </ul>

      <div className="section-title">
        <span>{t("channels.direct")}</span>
      </div>
      <ul>
        {directs.map(item)}
        {directs.length === 0 && <li className="muted small pad">{t("channels.noDirect")}</li>}
      </ul>

      <div className="section-title">
        <span>{t("channels.discover")}</span>
        <button type="button" className="link" onClick={() => void reload()}>
          {t("channels.refresh")}
        </button>
      </div>
      <ul>
        {discover.map((channel) => (
          <li key={channel.id}>
            {joining?.id === channel.id ? (
              <InviteCodeForm onJoin={(code) => join(channel, code)} onCancel={() => setJoining(null)} />
            ) : (
              <button
                type="button"
                className="channel"
                onClick={() => (channel.requiresInviteCode ? setJoining(channel) : void join(channel))}
              >
                <span className="channel-icon" aria-hidden="true">
                  {channel.requiresInviteCode ? <LockIcon /> : "#"}
                </span>
                <span className="channel-text">
                  <span className="channel-name">{channel.name}</span>
                  <span className="channel-preview">
                    {channel.requiresInviteCode ? `${t("channels.inviteNeeded")} · ` : ""}
                    {t("channels.members", { count: channel.memberCount })} · {t("channels.join")}
                  </span>
                </span>
              </button>
            )}
          </li>
        ))}
        {discover.length === 0 && <li className="muted small pad">{t("channels.nothingToJoin")}</li>}
      </ul>
    </nav>
  );
}
