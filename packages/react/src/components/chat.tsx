import type { TChannel } from "@parley/sdk";
import { type ReactNode, useCallback, useState } from "react";
import { useCall } from "../hooks/use-call";
import { useConnection } from "../hooks/use-connection";
import { useCurrentUser, useParley, useStrings } from "../hooks/use-parley";
import { openDirectChannel } from "../lib/direct";
import { describeError } from "../lib/errors";
import { CallHistory } from "./calls/call-history";
import { CallLayer } from "./calls/call-layer";
import { Channel } from "./channel/channel";
import { ChannelList } from "./channel-list/channel-list";
import { Avatar } from "./members/avatar";

export interface ChatProps {
  /** Offers "Log out" in the sidebar's header, and is called when it is picked. */
  onLogout?: () => void;
  /** More at the foot of the sidebar, beside the calls button: a language switch, a settings link. */
  sidebarFooter?: ReactNode;
  /** The channel open at first. */
  initialChannel?: TChannel;
}

/**
 * A whole chat: the sidebar (the user and their connection, the channel list, the call history), the open channel
 * with its thread or members beside it, and the call layer. Fills its container.
 */
export function Chat(props: ChatProps) {
  const client = useParley();
  const user = useCurrentUser();
  const { t } = useStrings();
  const connection = useConnection();
  const calls = useCall();
  const [selected, setSelected] = useState<TChannel | null>(props.initialChannel ?? null);
  const [listVersion, setListVersion] = useState(0);
  const [openError, setOpenError] = useState<unknown>(null);
  const [showCalls, setShowCalls] = useState(false);
  const state = connection.state;
  // With the local copy the chat goes on without the link, and says so; sends wait in the outbox meanwhile.
  const offlineLayer = Boolean(client.offline);
  const offline = offlineLayer && connection.attempted && (state === "reconnecting" || state === "closed");

  const openDirect = useCallback(
    async (userId: string, nickname: string) => {
      if (!user) return;
      setOpenError(null);
      try {
        const channel = await openDirectChannel(client, user, { userId, nickname });
        setSelected(channel);
        setListVersion((v) => v + 1);
      } catch (failure) {
        setOpenError(failure);
      }
    },
    [client, user],
  );
  const onLeft = useCallback(() => setSelected(null), []);
  // A copy each time, so picking the open channel again reads it again (its members may have changed meanwhile).
  const select = useCallback((channel: TChannel) => setSelected({ ...channel }), []);
  const onOpenDirect = useCallback(
    (userId: string, nickname: string) => void openDirect(userId, nickname),
    [openDirect],
  );

  return (
    <div className="pk-chat">
      <aside className="pk-sidebar">
        <header className="pk-sidebar-header">
          <div className="pk-me">
            <Avatar name={user?.nickname ?? "?"} online={state === "open"} />
            <div>
              <div className="pk-me-name">{user?.nickname}</div>
              <div className={`pk-status pk-status-${state}`} data-testid="connection-status">
                {t(`status.${state}`)}
              </div>
            </div>
          </div>
          {props.onLogout && (
            <button type="button" className="pk-link" onClick={props.onLogout}>
              {t("logout")}
            </button>
          )}
        </header>
        {offlineLayer && (
          <div role="status" className="pk-offline-status">
            {offline && <p className="pk-offline-banner">{t("offline.banner")}</p>}
          </div>
        )}
        {state === "closed" && (
          <div className="pk-offline" role="alert">
            {connection.error ? describeError(connection.error, t) : t("notConnected")}{" "}
            <button type="button" className="pk-link" onClick={connection.retry}>
              {t("retry")}
            </button>
          </div>
        )}
        {openError !== null && (
          <p className="pk-error pk-small pk-pad" role="alert">
            {describeError(openError, t)}
          </p>
        )}
        {calls.error !== null && (
          <p className="pk-error pk-small pk-pad" role="alert">
            {describeError(calls.error, t)}
          </p>
        )}
        <ChannelList selectedId={selected?.id ?? null} onSelect={select} version={listVersion} />
        <footer className="pk-sidebar-footer">
          <button
            type="button"
            className={showCalls ? "pk-chip-button pk-active" : "pk-chip-button"}
            aria-pressed={showCalls}
            onClick={() => setShowCalls((shown) => !shown)}
          >
            {t("calls.title")}
          </button>
          {props.sidebarFooter}
        </footer>
      </aside>
      <main className="pk-main">
        {selected ? (
          <Channel key={selected.id} channel={selected} onLeft={onLeft} onOpenDirect={onOpenDirect} />
        ) : (
          <div className="pk-empty">{t("pickChannel")}</div>
        )}
      </main>
      {showCalls && <CallHistory onClose={() => setShowCalls(false)} />}
      <CallLayer />
    </div>
  );
}
