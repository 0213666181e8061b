import { dashboardChat, fillPath, zBannedPage, zMembersPage } from "@parley/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys, type MemberListKind } from "./keys";

export const MEMBERS_PAGE_SIZE = 30;

/** One row of any of the three lists; banned users are no longer members, so they carry no role. */
export interface MemberRow {
  userId: string;
  nickname: string;
  profileImageUrl: string;
  role: "owner" | "moderator" | "member" | null;
  mutedUntil: string | null;
  bannedAt: string | null;
  /** Members only: whether they hold a socket open now, and how far they have read (a message's seq). */
  isOnline?: boolean | undefined;
  lastReadSeq?: number | undefined;
}

const listPath = {
  members: { all: dashboardChat.members, search: dashboardChat.membersSearch },
  muted: { all: dashboardChat.muted, search: dashboardChat.mutedSearch },
  banned: { all: dashboardChat.banned, search: dashboardChat.bannedSearch },
} as const;

export async function getMembers(
  {
    appId,
    channelId,
    kind,
    search,
    cursor,
  }: { appId: string; channelId: string; kind: MemberListKind; search: string; cursor?: string },
  signal?: AbortSignal,
): Promise<{ rows: MemberRow[]; nextCursor: string | null }> {
  const path = fillPath(search ? listPath[kind].search : listPath[kind].all, { id: appId, channelId });
  const options = { signal, query: { cursor, limit: MEMBERS_PAGE_SIZE, q: search || undefined } };
  if (kind === "banned") {
    const page = await api.get(path, zBannedPage, options);
    return {
      rows: page.users.map((user) => ({ ...user, role: null, mutedUntil: null })),
      nextCursor: page.nextCursor,
    };
  }
  const page = await api.get(path, zMembersPage, options);
  return {
    rows: page.members.map((member) => ({ ...member, bannedAt: null })),
    nextCursor: page.nextCursor,
  };
}

export const membersQueryOptions = (appId: string, channelId: string, kind: MemberListKind, search: string) =>
  infiniteQueryOptions({
    queryKey: channelKeys.memberList(appId, channelId, kind, search),
    queryFn: ({ signal, pageParam }) => getMembers({ appId, channelId, kind, search, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useMembers(appId: string, channelId: string, kind: MemberListKind, search: string) {
  return useInfiniteQuery(membersQueryOptions(appId, channelId, kind, search));
}
