import type { ChannelEntry } from "../../hooks/use-channels";
import { useMyUserId, useStrings } from "../../hooks/use-parley";
import { channelTitle, isDirect } from "../../lib/direct";
import { LockIcon } from "../icons";
import { Avatar } from "../members/avatar";

/** One of the user's channels in the list: its name, the latest message, and an unread badge. */
export function ChannelItem(props: { entry: ChannelEntry; selected: boolean; onSelect: () => void }) {
  const { t } = useStrings();
  const me = useMyUserId();
  const { entry, selected } = props;
  const { channel } = entry;
  const title = channelTitle(channel, me);
  const last = channel.lastMessage;
  // The open channel is being read; a count there would only flicker until the read mark lands.
  const unread = selected ? 0 : entry.unreadCount;
  const mentioned = !selected && entry.unreadMentionCount > 0;
  const preview = last
    ? `${last.sender?.nickname ?? t("channels.notice")}: ${last.text || t("channels.file")}`
    : isDirect(channel)
      ? t("chat.direct")
      : t("channels.members", { count: channel.memberCount });
  const classes = ["pk-channel-item", selected && "pk-selected", unread > 0 && "pk-has-unread"].filter(Boolean);

  return (
    <button
      type="button"
      className={classes.join(" ")}
      aria-current={selected ? "true" : undefined}
      onClick={props.onSelect}
      data-testid="channel-item"
    >
      {isDirect(channel) ? (
        <Avatar name={title} small />
      ) : (
        <span className="pk-channel-icon" aria-hidden="true">
          {channel.requiresInviteCode ? <LockIcon /> : "#"}
        </span>
      )}
      <span className="pk-channel-text">
        <span className="pk-channel-name">
          {title}
          {channel.type === "open" && (
            <span className="pk-channel-tag" title={t("channels.typeOpenHint")} data-testid="open-tag">
              {t("channels.typeOpen")}
            </span>
          )}
        </span>
        <span className="pk-channel-preview">{preview}</span>
      </span>
      {unread > 0 && (
        <span
          className={mentioned ? "pk-unread-badge pk-mention-badge" : "pk-unread-badge"}
          data-testid="unread-badge"
          title={mentioned ? t("channels.mentioned") : undefined}
        >
          <span aria-hidden="true">
            {mentioned ? "@ " : ""}
            {unread > 99 ? "99+" : unread}
          </span>
          <span className="pk-sr-only">
            {t("channels.unread", { count: unread })}
            {mentioned ? `, ${t("channels.mentioned")}` : ""}
          </span>
        </span>
      )}
    </button>
  );
}
