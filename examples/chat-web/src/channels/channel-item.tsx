import type { TChannel, UnreadCounts } from "@parley/sdk";
import { channelTitle, isDirect } from "../direct";
import { useI18n } from "../i18n";
import { LockIcon } from "../icons";
import { Avatar } from "../members/avatar";

/** One of the user's channels in the list: its name, the latest message, and an unread badge. */
export function ChannelItem(props: {
  channel: TChannel;
  me: string;
  selected: boolean;
  unread: UnreadCounts | undefined;
  onSelect: () => void;
}) {
  const { t } = useI18n();
  const { channel, me, selected } = props;
  const title = channelTitle(channel, me);
  const last = channel.lastMessage;
  // The open channel is being read; a count there would only flicker until the read mark lands.
  const unread = selected ? 0 : (props.unread?.unreadCount ?? 0);
  const mentioned = !selected && (props.unread?.unreadMentionCount ?? 0) > 0;
  const preview = last
    ? `${last.sender?.nickname ?? t("channels.notice")}: ${last.text || t("channels.file")}`
    : isDirect(channel)
      ? t("chat.direct")
      : t("channels.members", { count: channel.memberCount });

  return (
    <button
      type="button"
      className={`channel ${selected ? "selected" : ""} ${unread > 0 ? "has-unread" : ""}`}
      aria-current={selected ? "true" : undefined}
      onClick={props.onSelect}
      data-testid="channel-item"
    >
      {isDirect(channel) ? (
        <Avatar name={title} small />
      ) : (
        <span className="channel-icon" aria-hidden="true">
          {channel.requiresInviteCode ? <LockIcon /> : "#"}
        </span>
      )}
      <span className="channel-text">
        <span className="channel-name">{title}</span>
        <span className="channel-preview">{preview}</span>
      </span>
      {unread > 0 && (
        <span
          className={`unread-badge ${mentioned ? "mention" : ""}`}
          data-testid="unread-badge"
          title={mentioned ? t("channels.mentioned") : undefined}
        >
          <span aria-hidden="true">
            {mentioned ? "@ " : ""}
            {unread > 99 ? "99+" : unread}
          </span>
          <span className="sr-only">
            {t("channels.unread", { count: unread })}
            {mentioned ? `, ${t("channels.mentioned")}` : ""}
          </span>
        </span>
      )}
    </button>
  );
}
