import type { TFileInfo } from "@parley/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** A message as an import writes it: its ID and place in its channel fixed by the import's plan. */
export interface ImportedMessageRow {
  id: string;
  channel_id: string;
  seq: number;
  type: "text" | "file" | "admin" | "custom";
  text: string;
  sender_user_id: string | null;
  metadata: Record<string, string>;
  file: { url: string; name: string; size: number; mimeType: string } | null;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  parent_id: string | null;
  /** A reply also shown in the channel's history, counted on the channel's unread counters like its messages. */
  show_in_channel: boolean;
  custom_type: string | null;
  mentioned_user_ids: string[] | null;
}

export interface ImportedReactionRow {
  message_id: string;
  user_id: string;
  reaction: string;
  created_at: string;
}

/**
 * Writes a page of an import's messages, counting each reply it really added on its thread. A reply comes in a later
 * page than its thread (the plan's order), so the thread is there to count it.
 */
export async function writeImportedMessages(tx: Db, appId: string, rows: readonly ImportedMessageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
  with stored as (
    insert into messages (id, app_id, channel_id, seq, type, text, sender_id, metadata, file, created_at,
      edited_at, deleted_at, parent_message_id, show_in_channel, custom_type, mentioned_user_ids)
    select r.id, ${appId}::uuid, c.id, r.seq, r.type, r.text, u.id, r.metadata, r.file, r.created_at,
      r.edited_at, r.deleted_at, r.parent_id, coalesce(r.show_in_channel, false), r.custom_type, r.mentioned_user_ids
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, channel_id uuid, seq int, type text, text text,
      sender_user_id text, metadata jsonb, file jsonb, created_at timestamptz, edited_at timestamptz,
      deleted_at timestamptz, parent_id uuid, show_in_channel boolean, custom_type text, mentioned_user_ids jsonb)
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
  from threads where m.id = threads.id`);
}

/**
 * Writes a page of an import's reactions, adding those it really added to each message's counts.
 */
export async function writeImportedReactions(
  tx: Db,
  appId: string,
  rows: readonly ImportedReactionRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
  with added as (
    insert into message_reactions (message_id, chat_user_id, reaction, created_at)
    select m.id, u.id, r.reaction, r.created_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(message_id uuid, user_id text, reaction text, created_at timestamptz)
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
  update messages m set reactions = m.reactions || merged.delta from merged where m.id = merged.message_id`);
}

/** An imported message's file, copied into Parley's storage. */
export interface ImportedFileRow {
  message_id: string;
  file: TFileInfo;
}

/** Points imported messages at the copies of their files, leaving any message the import did not write alone. */
export async function writeImportedFiles(tx: Db, appId: string, rows: readonly ImportedFileRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update messages m set file = r.file
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(message_id uuid, file jsonb)
    where m.id = r.message_id and m.app_id = ${appId}::uuid`);
}
