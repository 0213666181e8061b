import type { ParleyClient, TChannel } from "@parley/sdk";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useParleyEvent } from "./hooks";
import { describeError } from "./session";

interface Props {
  client: ParleyClient;
  me: string;
  selectedId: string | null;
  onSelect: (channel: TChannel) => void;
}

/** Newest activity first, as chat apps list their rooms. */
function byActivity(a: TChannel, b: TChannel): number {
  const at = (c: TChannel) => c.lastMessage?.createdAt ?? c.createdAt;
  return at(b).localeCompare(at(a));
}

export function ChannelList({ client, me, selectedId, onSelect }: Props) {
  const [mine, setMine] = useState<TChannel[]>([]);
  const [discover, setDiscover] = useState<TChannel[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [joining, setJoining] = useState<TChannel | null>(null);

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
      setError(describeError(failure));
    }
  }, [client]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useParleyEvent(client, "connection", (change) => {
    // Channels may have changed while the link was down.
    if (change.state === "open") void reload();
  });
  useParleyEvent(client, "message.created", (event) => {
    const message = event.message;
    if (!message) return;
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
      setError(describeError(failure));
    }
  }

  return (
    <nav className="channels">
      <div className="section-title">
        <span>My channels</span>
        <button type="button" className="link" onClick={() => setCreating((v) => !v)}>
          {creating ? "Cancel" : "+ New"}
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
      {error && <p className="error small">{error}</p>}
      <ul>
        {mine.map((channel) => (
          <li key={channel.id}>
            <button
              type="button"
              className={`channel ${channel.id === selectedId ? "selected" : ""}`}
              onClick={() => onSelect(channel)}
            >
              <span className="channel-name">
                {channel.requiresInviteCode ? "🔒 " : "# "}
                {channel.name}
              </span>
              <span className="channel-preview">
                {channel.lastMessage
                  ? `${channel.lastMessage.sender?.nickname ?? "Notice"}: ${channel.lastMessage.text}`
                  : `${channel.memberCount} member${channel.memberCount === 1 ? "" : "s"}`}
              </span>
            </button>
          </li>
        ))}
        {mine.length === 0 && <li className="muted small pad">No channels yet.</li>}
      </ul>

      <div className="section-title">
        <span>Discover</span>
        <button type="button" className="link" onClick={() => void reload()}>
          Refresh
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
                <span className="channel-name">
                  {channel.requiresInviteCode ? "🔒 " : "# "}
                  {channel.name}
                </span>
                <span className="channel-preview">
                  {channel.requiresInviteCode ? "Invite code needed · " : ""}
                  {channel.memberCount} member{channel.memberCount === 1 ? "" : "s"} · Join
                </span>
              </button>
            )}
          </li>
        ))}
        {discover.length === 0 && <li className="muted small pad">Nothing else to join.</li>}
      </ul>
    </nav>
  );
}

function CreateChannelForm(props: {
  onCreate: (input: { name: string; type: "public" | "private"; inviteCode?: string }) => Promise<void>;
}) {
  const [name, setName] = useState("");
  const [inviteCode, setInviteCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const code = inviteCode.trim();
      await props.onCreate(
        code ? { name: name.trim(), type: "private", inviteCode: code } : { name: name.trim(), type: "public" },
      );
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  return (
    <form className="inline-form" onSubmit={submit}>
      <input value={name} onChange={(e) => setName(e.target.value)} placeholder="Channel name" required />
      <input
        value={inviteCode}
        onChange={(e) => setInviteCode(e.target.value)}
        placeholder="Invite code (optional, makes it private)"
      />
      {error && <p className="error small">{error}</p>}
      <button type="submit" className="primary">
        Create
      </button>
    </form>
  );
}

function InviteCodeForm(props: { onJoin: (code: string) => Promise<void>; onCancel: () => void }) {
  const [code, setCode] = useState("");
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        void props.onJoin(code.trim());
      }}
    >
      <input value={code} onChange={(e) => setCode(e.target.value)} placeholder="Invite code" required />
      <div className="row">
        <button type="submit" className="primary">
          Join
        </button>
        <button type="button" className="link" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
