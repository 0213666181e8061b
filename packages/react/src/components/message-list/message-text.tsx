import type { TMessage } from "@parley/sdk";
import { splitMentions } from "../../lib/mentions";

/** A message's text with the users it mentions highlighted, the current user's own mention more strongly. */
export function MessageText(props: { message: TMessage; me: string; names: Map<string, string> }) {
  const mentioned = (props.message.mentionedUserIds ?? []).map((userId) => ({
    userId,
    nickname: props.names.get(userId) ?? userId,
  }));
  if (mentioned.length === 0) return <>{props.message.text}</>;
  return (
    <>
      {splitMentions(props.message.text, mentioned).map((segment, index) =>
        segment.mention ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the text is cut the same way on every render
          <mark key={index} className={segment.mention === props.me ? "pk-mention pk-mention-me" : "pk-mention"}>
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the text is cut the same way on every render
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
