import type { TChannelType } from "@parley/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** A channel as an import writes it, its counters already at the end of its imported history. */
export interface ImportedChannelRow {
  id: string;
  name: string;
  type: TChannelType;
  owner_user_id: string | null;
  data: Record<string, string>;
  created_at: string;
  is_frozen: boolean;
  invite_code: string;
  /** Null for no cap, as a plan stored before imports wrote it also reads. */
  member_limit: number | null;
  last_seq: number;
  countable_seq: number;
  countable_public_seq: number;
}

/**
 * A member as an import writes it, with their read mark in the imported history and the counters the live code keeps
 * with a mark (see `setReadMark`).
 */
export interface ImportedMemberRow {
  channel_id: string;
  user_id: string;
  joined_at: string;
  last_read_seq: number;
  read_countable: number;
  read_countable_public: number;
  unread_mentions: number;
}

/**
 * Writes a page of an import's channels (modules/imports/write.ts). The counters come whole from the plan;
 * `member_count` is moved by the members' statement, which knows who joined.
 */
export async function writeImportedChannels(tx: Db, appId: string, rows: readonly ImportedChannelRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
  insert into channels (id, app_id, name, type, owner_id, data, is_frozen, invite_code, member_limit, last_seq,
    countable_seq, countable_public_seq, created_at, updated_at)
  select r.id, ${appId}::uuid, r.name, r.type, u.id, r.data, r.is_frozen, r.invite_code, r.member_limit, r.last_seq,
    r.countable_seq, r.countable_public_seq, r.created_at, r.created_at
  from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, name text, type text, owner_user_id text, data jsonb,
    is_frozen boolean, invite_code text, member_limit int, last_seq int, countable_seq int, countable_public_seq int,
    created_at timestamptz)
  left join chat_users u on u.app_id = ${appId}::uuid and u.user_id = r.owner_user_id
  on conflict do nothing`);
}

/**
 * Writes a page of an import's members, moving each channel's `member_count` by those it really added.
 */
export async function writeImportedMembers(tx: Db, appId: string, rows: readonly ImportedMemberRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
  with joined as (
    insert into channel_members (channel_id, chat_user_id, joined_at, last_read_seq, read_countable,
      read_countable_public, unread_mentions)
    select c.id, u.id, r.joined_at, r.last_read_seq, r.read_countable, r.read_countable_public,
      coalesce(r.unread_mentions, 0)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(channel_id uuid, user_id text, joined_at timestamptz,
      last_read_seq int, read_countable int, read_countable_public int, unread_mentions int)
    join channels c on c.id = r.channel_id and c.app_id = ${appId}::uuid
    join chat_users u on u.app_id = ${appId}::uuid and u.user_id = r.user_id
    on conflict do nothing
    returning channel_id
  ), counted as (select channel_id, count(*)::int as n from joined group by channel_id)
  update channels c set member_count = c.member_count + counted.n from counted where c.id = counted.channel_id`);
}
