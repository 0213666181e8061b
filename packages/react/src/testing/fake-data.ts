import type { TChannel, TChatUser, TMember, TMessage, TPoll } from "@parley/sdk";
import { AT } from "./fake-time";

export function makeUser(userId: string, nickname = userId.toUpperCase()): TChatUser {
  return {
    userId,
    nickname,
    profileImageUrl: "",
    isActive: true,
    isAnonymous: true,
    metadata: {},
    createdAt: AT,
    lastSeenAt: AT,
  };
}

export function makeChannel(id: string, fields: Partial<TChannel> = {}): TChannel {
  return {
    id,
    name: id,
    imageUrl: "",
    type: "public",
    memberLimit: 100,
    requiresInviteCode: false,
    isFrozen: false,
    ownerUserId: null,
    memberCount: 2,
    tags: [],
    lastMessage: null,
    createdAt: AT,
    ...fields,
  };
}

export function makeMember(userId: string, fields: Partial<TMember> = {}): TMember {
  return {
    userId,
    nickname: userId.toUpperCase(),
    profileImageUrl: "",
    isActive: true,
    role: "member",
    isOnline: false,
    joinedAt: AT,
    mutedUntil: null,
    ...fields,
  };
}

export function makeMessage(
  channelId: string,
  seq: number,
  sender: string,
  text: string,
  fields: Partial<TMessage> = {},
) {
  const message: TMessage = {
    id: `${channelId}-m${seq}`,
    channelId,
    seq,
    type: "text",
    text,
    sender: { userId: sender, nickname: sender.toUpperCase(), profileImageUrl: "" },
    metadata: {},
    file: null,
    createdAt: AT,
    ...fields,
  };
  return message;
}

/** A channel's state in the fake: its record, members and messages (replies included), oldest first. */

/** A poll message of `senderId` with no votes yet. */
export function makePollMessage(
  channelId: string,
  seq: number,
  senderId: string,
  question: string,
  options: string[],
  fields: Partial<TPoll> = {},
): TMessage {
  const message = makeMessage(channelId, seq, senderId, question, { type: "poll" });
  return {
    ...message,
    poll: {
      id: `${message.id}-poll`,
      messageId: message.id,
      question,
      options: options.map((text, i) => ({ id: String(i + 1), text, voteCount: 0 })),
      allowsMultiple: false,
      anonymous: false,
      closesAt: null,
      closedAt: null,
      totalVoters: 0,
      createdBy: senderId,
      myVotes: [],
      ...fields,
    },
  };
}
