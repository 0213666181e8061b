import type { ConnectionState, ParleyClient, TChannel, TChatUser } from "@parley/sdk";
import { useEffect, useState } from "react";
import { ChannelList } from "./channel-list";
import { ChatPane } from "./chat-pane";
import { useParleyEvent } from "./hooks";
import { describeError } from "./session";

const STATE_LABELS: Record<ConnectionState, string> = {
  connecting: "Connecting…",
  open: "Online",
  reconnecting: "Reconnecting…",
  closed: "Offline",
};

export function ChatScreen(props: { client: ParleyClient; user: TChatUser; onLogout: () => void }) {
  const { client, user } = props;
  const [state, setState] = useState<ConnectionState>(client.connectionState);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [selected, setSelected] = useState<TChannel | null>(null);

  useParleyEvent(client, "connection", (change) => {
    setState(change.state);
    setLinkError(change.state === "closed" && change.error ? describeError(change.error) : null);
  });

  useEffect(() => {
    // A first attempt that fails is reported through the `connection` event; the button below retries.
    client.connect().catch(() => undefined);
    return () => client.disconnect();
  }, [client]);

  return (
    <div className="layout">
      <aside className="sidebar">
        <header className="sidebar-header">
          <div>
            <div className="me">{user.nickname}</div>
            <div className={`status status-${state}`}>{STATE_LABELS[state]}</div>
          </div>
          <button type="button" className="link" onClick={props.onLogout}>
            Log out
          </button>
        </header>
        {state === "closed" && (
          <div className="offline">
            {linkError ?? "Not connected."}{" "}
            <button type="button" className="link" onClick={() => client.connect().catch(() => undefined)}>
              Retry
            </button>
          </div>
        )}
        <ChannelList client={client} me={user.userId} selectedId={selected?.id ?? null} onSelect={setSelected} />
      </aside>
      <main className="main">
        {selected ? (
          <ChatPane
            key={selected.id}
            client={client}
            me={user.userId}
            channel={selected}
            onLeft={() => setSelected(null)}
          />
        ) : (
          <div className="empty">Pick a channel, or create one.</div>
        )}
      </main>
    </div>
  );
}
