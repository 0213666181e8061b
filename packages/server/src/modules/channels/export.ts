import type { Database } from "../../db/client";
import { type ExportScope, type ExportSectionReader, joinCursor, splitCursor } from "../../export-sections";

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface ChannelExportRow {
  id: string;
  name: string;
  type: string;
  image_url: string;
  data: Record<string, string>;
  member_limit: number | null;
  member_count: number;
  owner_user_id: string | null;
  is_frozen: boolean;
  hide_messages_before_join: boolean;
  subchannel_enabled: boolean;
  subchannel_min: number;
  subchannel_max: number;
  subchannel_merge_minutes: number;
  last_seq: number;
  tags: string[] | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A user's export holds the channels they are a member of; an app's, all of them. */
const channelScope = (scope: ExportScope, params: unknown[]) => {
  params.push(scope.appId);
  let where = `c.app_id = $${params.length}`;
  if (scope.user) {
    params.push(scope.user.id);
    where += ` and exists (select 1 from channel_members m where m.channel_id = c.id and m.chat_user_id = $${params.length})`;
  }
  return where;
};

/** The archive's `channels.ndjson`, by channel id. */
export function channelExportSection(database: Database): ExportSectionReader {
  return {
    section: "channels",
    async count(scope) {
      const params: unknown[] = [];
      const [row] = await database.query<{ n: number }>(
        `select count(*)::int as n from channels c where ${channelScope(scope, params)}`,
        params,
      );
      return row?.n ?? 0;
    },
    async page(scope, after, limit) {
      const params: unknown[] = [];
      let where = channelScope(scope, params);
      if (after !== null) {
        params.push(after);
        where += ` and c.id > $${params.length}::uuid`;
      }
      params.push(limit);
      const rows = await database.query<ChannelExportRow>(
        `select c.*, o.user_id as owner_user_id,
           (select array_agg(t.tag order by t.tag) from channel_tags t where t.channel_id = c.id) as tags
         from channels c left join chat_users o on o.id = c.owner_id
         where ${where} order by c.id limit $${params.length}`,
        params,
      );
      return {
        rows: rows.map((c) => ({
          id: c.id,
          name: c.name,
          type: c.type,
          imageUrl: c.image_url,
          data: c.data,
          tags: c.tags ?? [],
          ownerUserId: c.owner_user_id,
          memberLimit: c.member_limit,
          memberCount: c.member_count,
          isFrozen: c.is_frozen,
          hideMessagesBeforeJoin: c.hide_messages_before_join,
          subchannels: c.subchannel_enabled
            ? { min: c.subchannel_min, max: c.subchannel_max, mergeMinutes: c.subchannel_merge_minutes }
            : null,
          lastSeq: c.last_seq,
          createdAt: iso(c.created_at),
          updatedAt: iso(c.updated_at),
        })),
        next: rows.at(-1)?.id ?? after,
      };
    },
  };
}

interface MemberExportRow {
  channel_id: string;
  chat_user_id: string;
  user_id: string;
  joined_at: Date | string;
  muted_until: Date | string | null;
  last_read_seq: number;
  subchannel: number | null;
}

/** The archive's `members.ndjson`: who is in which channel, by channel then member (a user's own memberships alone). */
export function memberExportSection(database: Database): ExportSectionReader {
  const scoped = (scope: ExportScope, params: unknown[]) => {
    if (scope.user) {
      params.push(scope.user.id);
      return `m.chat_user_id = $${params.length}`;
    }
    params.push(scope.appId);
    return `m.channel_id in (select id from channels where app_id = $${params.length})`;
  };
  return {
    section: "members",
    async count(scope) {
      const params: unknown[] = [];
      const [row] = await database.query<{ n: number }>(
        `select count(*)::int as n from channel_members m where ${scoped(scope, params)}`,
        params,
      );
      return row?.n ?? 0;
    },
    async page(scope, after, limit) {
      const params: unknown[] = [];
      let where = scoped(scope, params);
      const [channelId, chatUserId] = splitCursor(after) ?? [];
      if (channelId !== undefined) {
        params.push(channelId, chatUserId);
        where += ` and (m.channel_id, m.chat_user_id) > ($${params.length - 1}::uuid, $${params.length}::uuid)`;
      }
      params.push(limit);
      const rows = await database.query<MemberExportRow>(
        `select m.channel_id, m.chat_user_id, u.user_id, m.joined_at, m.muted_until, m.last_read_seq, m.subchannel
         from channel_members m join chat_users u on u.id = m.chat_user_id
         where ${where} order by m.channel_id, m.chat_user_id limit $${params.length}`,
        params,
      );
      const last = rows.at(-1);
      return {
        rows: rows.map((m) => ({
          channelId: m.channel_id,
          userId: m.user_id,
          joinedAt: iso(m.joined_at),
          mutedUntil: iso(m.muted_until),
          lastReadSeq: m.last_read_seq,
          subchannel: m.subchannel,
        })),
        next: last ? joinCursor(last.channel_id, last.chat_user_id) : after,
      };
    },
  };
}
