import type { TMessage, TPushTemplateKey } from "@parley/contract";
import type { Db } from "../../db/client";
import { threadParticipantIds } from "../messages";

/**
 * Whom a message speaks to in person. The users it mentions get `message/mention`, even where the channel would
 * push nothing (super channels off, or within their interval): a mention is news to that user alone, and a message
 * mentions 20 users at most. Those taking part in the thread a reply answers (its parent's sender and its earlier
 * repliers) get `message/reply`, under the channel's rules, since a long thread may have many. The rest of the
 * audience gets `message/send`, except for a reply kept in its thread, which is not the channel's news.
 */
export interface AddressedPush {
  /** The mentioned users, by user ID. */
  mentioned: ReadonlySet<string>;
  /** The thread's participants, by chat user id. */
  thread: ReadonlySet<string>;
  /** Whether the members it does not address hear of it. */
  reachesChannel: boolean;
}

export async function addressedBy(db: Db, message: TMessage): Promise<AddressedPush> {
  const parentId = message.parentMessageId;
  return {
    mentioned: new Set(message.mentionedUserIds ?? []),
    thread: new Set(parentId ? await threadParticipantIds(db, message.channelId, parentId) : []),
    reachesChannel: !parentId || message.showInChannel === true,
  };
}

/**
 * The template one member of the audience is pushed with, or null for none. `ordinary` is the event's own
 * template, or null when the channel pushes nothing now (super channels off).
 */
export function templateFor(
  addressed: AddressedPush | null,
  recipient: { userId: string; chatUserId: string },
  ordinary: TPushTemplateKey | null,
): TPushTemplateKey | null {
  if (!addressed) return ordinary;
  if (addressed.mentioned.has(recipient.userId)) return "message/mention";
  if (ordinary === null) return null;
  if (addressed.thread.has(recipient.chatUserId)) return "message/reply";
  return addressed.reachesChannel ? ordinary : null;
}
