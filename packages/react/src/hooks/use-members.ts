import type { TMember } from "@parley/sdk";
import { useCallback, useEffect, useState } from "react";
import { useParley, useParleyEvent } from "./use-parley";

/** The members listed and followed: one page, as many as presence follows at once. */
const MEMBERS_SHOWN = 100;

/**
 * A channel's members with their presence and read marks, kept current: joins and leaves reload the list,
 * `user.presence` moves the online dots (`presence.subscribe` follows the listed members) and `channel.read` the
 * read marks.
 */
export function useMembers(channelId: string): TMember[] {
  const client = useParley();
  const [members, setMembers] = useState<TMember[]>([]);

  const reload = useCallback(async () => {
    try {
      const page = await client.members.list(channelId, { limit: MEMBERS_SHOWN });
      setMembers(page.members);
      client.presence.subscribe(page.members.map((m) => m.userId));
    } catch {
      // The list keeps what it showed; the next join, leave or reconnect loads it again.
    }
  }, [client, channelId]);

  useEffect(() => {
    void reload();
    return () => client.presence.subscribe([]);
  }, [client, reload]);

  const reloadFor = (event: { channelId: string }) => {
    if (event.channelId === channelId) void reload();
  };
  useParleyEvent("member.joined", reloadFor);
  useParleyEvent("member.left", reloadFor);
  useParleyEvent("member.banned", reloadFor);
  useParleyEvent("connection", (change) => {
    if (change.state === "open") void reload();
  });
  useParleyEvent("user.presence", (event) => {
    setMembers((list) => list.map((m) => (m.userId === event.userId ? { ...m, isOnline: event.isOnline } : m)));
  });
  useParleyEvent("channel.read", (event) => {
    const { userId, seq } = event;
    if (event.channelId !== channelId || !userId || seq === undefined) return;
    setMembers((list) => list.map((m) => (m.userId === userId ? { ...m, lastReadSeq: seq } : m)));
  });

  return members;
}

/** Nicknames by user ID, for names in mentions and the typing line. */
export function nicknames(members: TMember[]): Map<string, string> {
  return new Map(members.map((m) => [m.userId, m.nickname]));
}
