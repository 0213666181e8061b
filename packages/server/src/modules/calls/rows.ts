import type { TCall, TDashboardCall } from "@parley/contract";
import type { ChatUserRow } from "../chat-users";
import type { CallRow } from "./schema";

/** The users of the calls, by chat user id: a call's parties are its rows' ids, shown by their user ids. */
export type UsersById = Map<string, ChatUserRow>;

export function toCall(row: CallRow, users: UsersById): TCall {
  const userIdOf = (id: string) => users.get(id)?.userId ?? "";
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    callerId: userIdOf(row.callerId),
    calleeId: userIdOf(row.calleeId),
    createdAt: row.createdAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    // Never below zero: a clock stepped back between the answer and the end (or processes whose clocks disagree)
    // must not show a negative talk time, nor count negative call minutes.
    durationSeconds:
      row.acceptedAt && row.endedAt
        ? Math.max(0, Math.floor((row.endedAt.getTime() - row.acceptedAt.getTime()) / 1000))
        : null,
    endReason: row.endReason ?? null,
    endedBy: row.endedBy === null ? null : userIdOf(row.endedBy),
  };
}

export function toDashboardCall(row: CallRow, users: UsersById): TDashboardCall {
  const { callerId, calleeId, ...call } = toCall(row, users);
  return {
    ...call,
    caller: { userId: callerId, nickname: users.get(row.callerId)?.nickname ?? "" },
    callee: { userId: calleeId, nickname: users.get(row.calleeId)?.nickname ?? "" },
  };
}
