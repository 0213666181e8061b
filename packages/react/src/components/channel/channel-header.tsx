import { useCall } from "../../hooks/use-call";
import { useConnection } from "../../hooks/use-connection";
import { useMyUserId, useStrings } from "../../hooks/use-parley";
import { LockIcon, MembersIcon, PhoneIcon, VideoIcon } from "../icons";
import { useChannelContext } from "./channel-context";

/**
 * The open channel's name, its members and how many are online (the other person's presence in a 1:1 chat), and its
 * controls: call (1:1 chats), the members panel, leave. The viewer counts as online while connected, as the members
 * panel shows them, so "2 members · 1 online" never stands for two people who are both there.
 */
export function ChannelHeader() {
  const { t } = useStrings();
  const me = useMyUserId();
  const { channel, title, isDirect, peer, members, side, setSide, leave } = useChannelContext();
  const calls = useCall();
  const canCall = calls.call === null;
  const membersOpen = side?.kind === "members";
  const connected = useConnection().state === "open";
  // Never more online than members, while the member list and the channel's count are each being read again.
  const online = Math.min(
    channel.memberCount,
    members.filter((m) => (m.userId === me ? connected : m.isOnline)).length,
  );
  const peerOnline = peer ? members.find((m) => m.userId === peer.userId)?.isOnline : undefined;

  const subtitle = isDirect
    ? `${t("chat.direct")}${peerOnline === undefined ? "" : ` · ${t(peerOnline ? "members.online" : "members.offline")}`}`
    : `${t("channels.members", { count: channel.memberCount })}${online > 0 ? ` · ${t("channels.online", { count: online })}` : ""}`;

  return (
    <header className="pk-channel-header">
      <div className="pk-channel-heading">
        <h2>
          <span className="pk-channel-icon" aria-hidden="true">
            {isDirect ? "@" : channel.requiresInviteCode ? <LockIcon /> : "#"}
          </span>{" "}
          {title}
        </h2>
        <div className="pk-muted pk-small" data-testid="channel-subtitle">
          {subtitle}
        </div>
      </div>
      <div className="pk-row">
        {peer && (
          <>
            <button
              type="button"
              className="pk-chip-button"
              disabled={!canCall}
              onClick={() => void calls.start(peer.userId, false)}
              aria-label={t("call.voiceWith", { name: title })}
            >
              <PhoneIcon /> {t("call.voice")}
            </button>
            <button
              type="button"
              className="pk-chip-button"
              disabled={!canCall}
              onClick={() => void calls.start(peer.userId, true)}
              aria-label={t("call.videoWith", { name: title })}
            >
              <VideoIcon /> {t("call.video")}
            </button>
          </>
        )}
        <button
          type="button"
          className={membersOpen ? "pk-chip-button pk-active" : "pk-chip-button"}
          aria-pressed={membersOpen}
          onClick={() => setSide(membersOpen ? null : { kind: "members" })}
        >
          <MembersIcon /> {t("chat.members")} <span className="pk-muted">{channel.memberCount}</span>
        </button>
        <button type="button" className="pk-link" onClick={() => void leave()}>
          {t("chat.leave")}
        </button>
      </div>
    </header>
  );
}
