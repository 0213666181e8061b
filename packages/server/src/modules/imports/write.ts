/**
 * The statements that write one page of a plan: each inserts the page's rows with one `insert … select` from the page
 * as JSON, skips rows already there (`on conflict do nothing`, as a page written again after a crash has them), and
 * moves the counters that hang on what it inserted, counting only rows it really inserted. Users are looked up by
 * their user ID within the app in the statement itself, so a page never names another app's user.
 */
import type { TImportKind } from "@parley/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

const statements: Record<TImportKind, (appId: string, page: string) => ReturnType<typeof sql>> = {
  // An existing user is updated only where the source says otherwise, so importing the same file again changes nothing.
  users: (appId, page) => sql`
    insert into chat_users (app_id, user_id, nickname, profile_image_url, metadata, is_active, created_at)
    select ${appId}::uuid, r.user_id, r.nickname, r.profile_image_url, r.metadata, r.is_active, r.created_at
    from jsonb_to_recordset(${page}::jsonb) as r(user_id text, nickname text, profile_image_url text,
      metadata jsonb, is_active boolean, created_at timestamptz)
    on conflict (app_id, user_id) do update set nickname = excluded.nickname,
      profile_image_url = excluded.profile_image_url, metadata = excluded.metadata, is_active = excluded.is_active
    where (chat_users.nickname, chat_users.profile_image_url, chat_users.metadata, chat_users.is_active)
      is distinct from (excluded.nickname, excluded.profile_image_url, excluded.metadata, excluded.is_active)`,

  // The counters come whole from the plan; `member_count` is moved by the members' statement, which knows who joined.
  channels: (appId, page) => sql`
    insert into channels (id, app_id, name, type, owner_id, data, is_frozen, invite_code, last_seq, countable_seq,
      countable_public_seq, created_at, updated_at)
    select r.id, ${appId}::uuid, r.name, r.type, u.id, r.data, r.is_frozen, r.invite_code, r.last_seq,
      r.countable_seq, r.countable_public_seq, r.created_at, r.created_at
    from jsonb_to_recordset(${page}::jsonb) as r(id uuid, name text, type text, owner_user_id text, data jsonb,
      is_frozen boolean, invite_code text, last_seq int, countable_seq int, countable_public_seq int,
      created_at timestamptz)
    left join chat_users u on u.app_id = ${appId}::uuid and u.user_id = r.owner_user_id
    on conflict do nothing`,

  members: (appId, page) => sql`
    with joined as (
      insert into channel_members (channel_id, chat_user_id, joined_at, last_read_seq, read_countable,
        read_countable_public)
      select c.id, u.id, r.joined_at, r.last_read_seq, r.read_countable, r.read_countable_public
      from jsonb_to_recordset(${page}::jsonb) as r(channel_id uuid, user_id text, joined_at timestamptz,
        last_read_seq int, read_countable int, read_countable_public int)
      join channels c on c.id = r.channel_id and c.app_id = ${appId}::uuid
      join chat_users u on u.app_id = ${appId}::uuid and u.user_id = r.user_id
      on conflict do nothing
      returning channel_id
    ), counted as (select channel_id, count(*)::int as n from joined group by channel_id)
    update channels c set member_count = c.member_count + counted.n from counted where c.id = counted.channel_id`,

  // Replies come in later pages than their threads (the plan's order), so each thread's count sees them land.
  messages: (appId, page) => sql`
    with stored as (
      insert into messages (id, app_id, channel_id, seq, type, text, sender_id, metadata, file, created_at,
        edited_at, deleted_at, parent_message_id)
      select r.id, ${appId}::uuid, c.id, r.seq, r.type, r.text, u.id, r.metadata, r.file, r.created_at,
        r.edited_at, r.deleted_at, r.parent_id
      from jsonb_to_recordset(${page}::jsonb) as r(id uuid, channel_id uuid, seq int, type text, text text,
        sender_user_id text, metadata jsonb, file jsonb, created_at timestamptz, edited_at timestamptz,
        deleted_at timestamptz, parent_id uuid)
      join channels c on c.id = r.channel_id and c.app_id = ${appId}::uuid
      left join chat_users u on u.app_id = ${appId}::uuid and u.user_id = r.sender_user_id
      on conflict do nothing
      returning parent_message_id, created_at, deleted_at
    ), threads as (
      select parent_message_id as id, count(*)::int as n, max(created_at) as last from stored
      where parent_message_id is not null and deleted_at is null
      group by parent_message_id
    )
    update messages m set reply_count = m.reply_count + threads.n,
      last_replied_at = greatest(m.last_replied_at, threads.last)
    from threads where m.id = threads.id`,

  reactions: (appId, page) => sql`
    with added as (
      insert into message_reactions (message_id, chat_user_id, reaction, created_at)
      select m.id, u.id, r.reaction, r.created_at
      from jsonb_to_recordset(${page}::jsonb) as r(message_id uuid, user_id text, reaction text, created_at timestamptz)
      join messages m on m.id = r.message_id and m.app_id = ${appId}::uuid
      join chat_users u on u.app_id = ${appId}::uuid and u.user_id = r.user_id
      on conflict do nothing
      returning message_id, reaction
    ), counted as (
      select message_id, reaction, count(*)::int as n from added group by message_id, reaction
    ), merged as (
      select c.message_id, jsonb_object_agg(c.reaction, coalesce((m.reactions ->> c.reaction)::int, 0) + c.n) as delta
      from counted c join messages m on m.id = c.message_id
      group by c.message_id
    )
    update messages m set reactions = m.reactions || merged.delta from merged where m.id = merged.message_id`,
};

/** Writes one page of `kind`'s planned rows (as the plan stores them) into the app `appId`, in the caller's transaction. */
export async function writePage(tx: Db, appId: string, kind: TImportKind, rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(statements[kind](appId, JSON.stringify(rows)));
}
