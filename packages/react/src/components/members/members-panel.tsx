import { useConnection } from "../../hooks/use-connection";
import { usePanelFocus } from "../../hooks/use-panel-focus";
import { useMyUserId, useStrings } from "../../hooks/use-parley";
import { useChannelContext } from "../channel/channel-context";
import { Avatar } from "./avatar";
import { ChannelNotifications } from "./channel-notifications";

/**
 * The open channel's members, online first, each with a presence dot; another member's name opens a 1:1 chat. Below
 * them, the user's notifications for the channel (not in an open channel, whose readers are not members).
 * Inside a {@link Channel}. Opening it moves focus into it; Escape or Close closes it and gives focus back.
 */
export function MembersPanel() {
  const { t } = useStrings();
  const me = useMyUserId();
  const { channel, members, actions, setSide } = useChannelContext();
  const panel = usePanelFocus<HTMLElement>(() => setSide(null));
  const connected = useConnection().state === "open";
  // The viewer is online while connected, whatever presence last said of them; the header counts them the same way.
  const isOnline = (member: { userId: string; isOnline?: boolean }) =>
    member.userId === me ? connected : (member.isOnline ?? false);
  const sorted = [...members].sort(
    (a, b) => Number(isOnline(b)) - Number(isOnline(a)) || a.nickname.localeCompare(b.nickname),
  );
  return (
    <aside
      ref={panel.ref}
      className="pk-side-panel"
      aria-label={t("members.title")}
      tabIndex={-1}
      onKeyDown={panel.onKeyDown}
    >
      <header className="pk-side-header">
        <h3>
          {t("members.title")} <span className="pk-muted">{members.length}</span>
        </h3>
        <button type="button" className="pk-link" onClick={() => setSide(null)}>
          {t("members.close")}
        </button>
      </header>
      <ul className="pk-member-list">
        {sorted.map((member) => {
          const online = isOnline(member);
          const isMe = member.userId === me;
          return (
            <li key={member.userId} className="pk-member" data-testid="member">
              <Avatar name={member.nickname} online={online} />
              <div className="pk-member-text">
                {isMe || !actions.openDirect ? (
                  <span className="pk-member-name">
                    {member.nickname} {isMe && <span className="pk-muted">({t("members.you")})</span>}
                  </span>
                ) : (
                  <button
                    type="button"
                    className="pk-member-name pk-link-plain"
                    title={t("members.message", { name: member.nickname })}
                    onClick={() => actions.openDirect?.(member.userId, member.nickname)}
                  >
                    {member.nickname}
                  </button>
                )}
                <span className={online ? "pk-member-status pk-online" : "pk-member-status"}>
                  {online ? t("members.online") : t("members.offline")}
                  {member.role === "owner" && ` · ${t("members.owner")}`}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      {channel.type !== "open" && <ChannelNotifications channelId={channel.id} />}
    </aside>
  );
}
