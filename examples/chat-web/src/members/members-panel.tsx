import type { TMember } from "@parley/sdk";
import { useI18n } from "../i18n";
import { Avatar } from "./avatar";

/** The channel's members, online first, each with a presence dot; another member's name opens a 1:1 chat. */
export function MembersPanel(props: {
  members: TMember[];
  me: string;
  onOpenDirect: (userId: string, nickname: string) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const sorted = [...props.members].sort(
    (a, b) => Number(b.isOnline ?? false) - Number(a.isOnline ?? false) || a.nickname.localeCompare(b.nickname),
  );
  return (
    <aside className="side-panel" aria-label={t("members.title")}>
      <header className="side-header">
        <h3>
          {t("members.title")} <span className="muted">{props.members.length}</span>
        </h3>
        <button type="button" className="link" onClick={props.onClose}>
          {t("members.close")}
        </button>
      </header>
      <ul className="member-list">
        {sorted.map((member) => {
          const online = member.isOnline ?? false;
          const isMe = member.userId === props.me;
          return (
            <li key={member.userId} className="member" data-testid="member">
              <Avatar name={member.nickname} online={online} />
              <div className="member-text">
                {isMe ? (
                  <span className="member-name">
                    {member.nickname} <span className="muted">({t("members.you")})</span>
                  </span>
                ) : (
                  <button
                    type="button"
                    className="member-name link-plain"
                    title={t("members.message", { name: member.nickname })}
                    onClick={() => props.onOpenDirect(member.userId, member.nickname)}
                  >
                    {member.nickname}
                  </button>
                )}
                <span className={`member-status ${online ? "online" : ""}`}>
                  {online ? t("members.online") : t("members.offline")}
                  {member.role === "owner" && ` · ${t("members.owner")}`}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
