import type { ConnectionState, ParleyClient, TChannel, TChatUser } from "@parley/sdk";
import { useCallback, useEffect, useState } from "react";
import { CallHistory } from "./calls/call-history";
import { CallLayer } from "./calls/call-layer";
import { useCalls } from "./calls/use-calls";
import { ChannelList } from "./channels/channel-list";
import { ChatPane } from "./chat-pane";
import { openDirectChannel } from "./direct";
import { useParleyEvent } from "./hooks";
import { LanguageSwitch, useI18n } from "./i18n";
import { Avatar } from "./members/avatar";
import { describeError } from "./session";
import { useUnreadTitle } from "./unread-title";

export function ChatScreen(props: { client: ParleyClient; user: TChatUser; onLogout: () => void }) {
  const { client, user } = props;
  const { t } = useI18n();
  const [state, setState] = useState<ConnectionState>(client.connectionState);
  const [linkError, setLinkError] = useState<unknown>(null);
  const [selected, setSelected] = useState<TChannel | null>(null);
  const [listVersion, setListVersion] = useState(0);
  const [openError, setOpenError] = useState<unknown>(null);
  const [showCalls, setShowCalls] = useState(false);
  const [callsVersion, setCallsVersion] = useState(0);
  const calls = useCalls(client);
  const { close: closeCall } = calls;
  const endCall = useCallback(() => {
    closeCall();
    setCallsVersion((v) => v + 1);
  }, [closeCall]);
  useUnreadTitle(client);

  useParleyEvent(client, "connection", (change) => {
    setState(change.state);
    setLinkError(change.state === "closed" && change.error ? change.error : null);
  });

  useEffect(() => {
    // A first attempt that fails is reported through the `connection` event; the button below retries.
    client.connect().catch(() => undefined);
    return () => client.disconnect();
  }, [client]);

  async function openDirect(userId: string, nickname: string) {
    setOpenError(null);
    try {
      const channel = await openDirectChannel(client, user, { userId, nickname });
      setSelected(channel);
      setListVersion((v) => v + 1);
    } catch (failure) {
      setOpenError(failure);
    }
  }

  return (
    <div className="layout">
      <aside className="sidebar">
        <header className="sidebar-header">
          <div className="me-box">
            <Avatar name={user.nickname} online={state === "open"} />
            <div>
              <div className="me">{user.nickname}</div>
              <div className={`status status-${state}`}>{t(`status.${state}`)}</div>
            </div>
          </div>
          <button type="button" className="link" onClick={props.onLogout}>
            {t("logout")}
          </button>
        </header>
        {state === "closed" && (
          <div className="offline">
            {linkError ? describeError(linkError, t) : t("notConnected")}{" "}
            <button type="button" className="link" onClick={() => client.connect().catch(() => undefined)}>
              {t("retry")}
            </button>
          </div>
        )}
        {openError !== null && <p className="error small pad">{describeError(openError, t)}</p>}
        {calls.error !== null && (
          <p className="error small pad" role="alert">
            {describeError(calls.error, t)}
          </p>
        )}
        <ChannelList
          client={client}
          me={user.userId}
          selectedId={selected?.id ?? null}
          onSelect={setSelected}
          version={listVersion}
        />
        <footer className="sidebar-footer">
          <button
            type="button"
            className={`chip-button ${showCalls ? "active" : ""}`}
            aria-pressed={showCalls}
            onClick={() => setShowCalls((shown) => !shown)}
          >
            {t("calls.title")}
          </button>
          <LanguageSwitch />
        </footer>
      </aside>
      <main className="main">
        {selected ? (
          <ChatPane
            key={selected.id}
            client={client}
            user={user}
            channel={selected}
            onLeft={() => setSelected(null)}
            onOpenDirect={openDirect}
            onCall={calls.call ? undefined : (userId, video) => void calls.start(userId, video)}
          />
        ) : (
          <div className="empty">{t("pickChannel")}</div>
        )}
      </main>
      {showCalls && (
        <CallHistory client={client} me={user.userId} version={callsVersion} onClose={() => setShowCalls(false)} />
      )}
      {calls.call && <CallLayer key={calls.call.id} client={client} call={calls.call} onClose={endCall} />}
    </div>
  );
}
