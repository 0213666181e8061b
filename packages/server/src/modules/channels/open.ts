import { Errors, OPEN_CHANNEL_MEMBER_LIMIT, type TChannelType } from "@parley/contract";
import { AppError } from "../../errors";
import type { ChannelMemberRow, ChannelRow } from "./schema";

/**
 * A new channel's member limit: none for a super group, the open channels' own for an open one, else the one asked
 * for or the app's default.
 */
export function memberLimitFor(type: TChannelType, requested: number | undefined, appDefault: number): number | null {
  if (type === "supergroup") return null;
  if (type === "open") return OPEN_CHANNEL_MEMBER_LIMIT;
  return requested ?? appDefault;
}

/**
 * 3207 for what an open channel cannot have: an invite code (anyone joins it) or hidden history before joining
 * (anyone reads it before joining).
 */
export function refuseForOpen(
  type: TChannelType,
  settings: { inviteCode?: string | undefined; hideMessagesBeforeJoin?: boolean | undefined },
): void {
  if (type !== "open") return;
  if (settings.inviteCode || settings.hideMessagesBeforeJoin) throw new AppError(Errors.OPEN_CHANNEL_REFUSED);
}

/**
 * What a user who has not joined an open channel reads of it: its whole history, as a member who joined before its
 * first message would, none of it hidden by a subchannel. Null for any other channel, which a non-member reads none of.
 */
export function openChannelVisitor(
  channel: Pick<ChannelRow, "type">,
  chatUserId: string,
): Pick<ChannelMemberRow, "chatUserId" | "joinedSeq"> | null {
  return channel.type === "open" ? { chatUserId, joinedSeq: -1 } : null;
}
