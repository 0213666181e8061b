import type { ParleyClient, TChannel, TMessage } from "@parley/sdk";
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useParleyEvent } from "./hooks";
import { describeError } from "./session";

const PAGE = 30;

interface Props {
  client: ParleyClient;
  me: string;
  channel: TChannel;
  onLeft: () => void;
}

/** Adds messages by id, keeping seq order, so a message heard twice (send reply and event) shows once. */
function merge(current: TMessage[], incoming: TMessage[]): TMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export function ChatPane({ client, me, channel: initial, onLeft }: Props) {
  const [channel, setChannel] = useState(initial);
  const [messages, setMessages] = useState<TMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [loading, setLoading] = useState(true);
  const [frozen, setFrozen] = useState(channel.isFrozen);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  /** Where to put the scroll after a render: the bottom for new messages, the same spot after older ones. */
  const scroll = useRef<{ kind: "bottom" } | { kind: "keep"; fromBottom: number }>({ kind: "bottom" });

  useEffect(() => {
    let cancelled = false;
    client.messages
      .history(channel.id, { limit: PAGE })
      .then((page) => {
        if (cancelled) return;
        scroll.current = { kind: "bottom" };
        setMessages((current) => merge(current, page.messages));
        setHasOlder(page.hasMore);
        void client.messages.markRead(channel.id).catch(() => undefined);
      })
      .catch((failure: unknown) => !cancelled && setError(describeError(failure)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [client, channel.id]);

  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const target = scroll.current;
    el.scrollTop = target.kind === "bottom" ? el.scrollHeight : el.scrollHeight - target.fromBottom;
    scroll.current = { kind: "bottom" };
  });

  useParleyEvent(client, "message.created", (event) => {
    const message = event.message;
    if (event.channelId !== channel.id || !message) return;
    setMessages((current) => merge(current, [message]));
    void client.messages.markRead(channel.id, message.seq).catch(() => undefined);
  });
  useParleyEvent(client, "message.deleted", (event) => {
    if (event.channelId === channel.id) setMessages((current) => current.filter((m) => m.id !== event.messageId));
  });
  // Member counts and names change under an open channel; the list's copy is only a starting point.
  const refresh = (event: { channelId: string }) => {
    if (event.channelId !== channel.id) return;
    client.channels
      .get(channel.id)
      .then(setChannel)
      .catch(() => undefined);
  };
  useParleyEvent(client, "member.joined", refresh);
  const refreshOrClose = (event: { channelId: string; userId?: string }) => {
    if (event.channelId === channel.id && event.userId === me) onLeft();
    else refresh(event);
  };
  useParleyEvent(client, "member.left", refreshOrClose);
  useParleyEvent(client, "member.banned", refreshOrClose);
  useParleyEvent(client, "channel.deleted", (event) => event.channelId === channel.id && onLeft());
  useParleyEvent(client, "channel.changed", refresh);
  useParleyEvent(client, "channel.frozen", (event) => event.channelId === channel.id && setFrozen(true));
  useParleyEvent(client, "channel.unfrozen", (event) => event.channelId === channel.id && setFrozen(false));
  async function loadOlder() {
    const oldest = messages[0];
    if (!oldest) return;
    try {
      const page = await client.messages.history(channel.id, { before: oldest.seq, limit: PAGE });
      const el = list.current;
      scroll.current = { kind: "keep", fromBottom: el ? el.scrollHeight - el.scrollTop : 0 };
      setMessages((current) => merge(current, page.messages));
      setHasOlder(page.hasMore);
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const body = text.trim();
    if (!body) return;
    setError(null);
    // Cleared at once, not after the reply, so what the user types meanwhile is not wiped.
    setText("");
    try {
      const message = await client.messages.send(channel.id, body);
      setMessages((current) => merge(current, [message]));
    } catch (failure) {
      setError(describeError(failure));
      setText((typed) => typed || body);
    }
  }

  async function remove(message: TMessage) {
    try {
      await client.messages.delete(channel.id, message.id);
      setMessages((current) => current.filter((m) => m.id !== message.id));
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  async function leave() {
    try {
      // The member.left event closes the pane.
      await client.channels.leave(channel.id);
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  return (
    <section className="chat">
      <header className="chat-header">
        <div>
          <h2>
            {channel.requiresInviteCode ? "🔒 " : "# "}
            {channel.name}
          </h2>
          <div className="muted small">
            {channel.memberCount} member{channel.memberCount === 1 ? "" : "s"} · {channel.type}
          </div>
        </div>
        <button type="button" className="link" onClick={leave}>
          Leave
        </button>
      </header>

      <div className="messages" ref={list}>
        {hasOlder && (
          <button type="button" className="load-older" onClick={loadOlder}>
            Load older messages
          </button>
        )}
        {loading && <div className="muted center">Loading…</div>}
        {!loading && messages.length === 0 && <div className="muted center">No messages yet. Say hello!</div>}
        {messages.map((message) =>
          message.type === "admin" ? (
            <div key={message.id} className="admin-message">
              {message.text}
            </div>
          ) : (
            <div key={message.id} className={`message ${message.sender?.userId === me ? "own" : ""}`}>
              <div className="meta">
                <span className="author">{message.sender?.nickname ?? "Unknown"}</span>
                <span className="time">{timeOf(message.createdAt)}</span>
                {message.sender?.userId === me && (
                  <button
                    type="button"
                    className="delete"
                    title="Delete message"
                    aria-label="Delete message"
                    onClick={() => remove(message)}
                  >
                    Delete
                  </button>
                )}
              </div>
              <div className="bubble">{message.text}</div>
            </div>
          ),
        )}
      </div>

      {error && <p className="error composer-error">{error}</p>}
      <form className="composer" onSubmit={send}>
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={frozen ? "This channel is frozen" : `Message #${channel.name}`}
          disabled={frozen}
          aria-label="Message"
        />
        <button type="submit" className="primary" disabled={frozen || !text.trim()}>
          Send
        </button>
      </form>
    </section>
  );
}
