import type { TMember } from "@parley/sdk";
import { Avatar } from "../members/avatar";

/** The members matching an `@` being typed; the composer moves `active` with the arrow keys. */
export function MentionMenu(props: {
  id: string;
  members: TMember[];
  active: number;
  label: string;
  onPick: (member: TMember) => void;
}) {
  return (
    <div className="pk-mention-menu" id={props.id} role="listbox" aria-label={props.label}>
      {props.members.map((member, index) => (
        <div
          key={member.userId}
          id={`${props.id}-${index}`}
          role="option"
          tabIndex={-1}
          aria-selected={index === props.active}
          className={index === props.active ? "pk-mention-option pk-active" : "pk-mention-option"}
          // Picked on press, before the box loses focus, so the caret stays where the name went.
          onMouseDown={(event) => {
            event.preventDefault();
            props.onPick(member);
          }}
        >
          <Avatar name={member.nickname} online={member.isOnline} small />
          <span className="pk-mention-name">{member.nickname}</span>
          <span className="pk-muted pk-small">@{member.userId}</span>
        </div>
      ))}
    </div>
  );
}
