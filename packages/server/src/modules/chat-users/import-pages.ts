import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** A user as an import writes it: its user ID is the key within the app. */
export interface ImportedUserRow {
  user_id: string;
  nickname: string;
  profile_image_url: string;
  metadata: Record<string, string>;
  created_at: string;
  is_active: boolean;
}

/**
 * Writes a page of an import's users (modules/imports/write.ts). A user the app has is updated only where the source
 * differs, so importing the same file again changes nothing.
 */
export async function writeImportedUsers(tx: Db, appId: string, rows: readonly ImportedUserRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
  insert into chat_users (app_id, user_id, nickname, profile_image_url, metadata, is_active, created_at)
  select ${appId}::uuid, r.user_id, r.nickname, r.profile_image_url, r.metadata, r.is_active, r.created_at
  from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(user_id text, nickname text, profile_image_url text,
    metadata jsonb, is_active boolean, created_at timestamptz)
  on conflict (app_id, user_id) do update set nickname = excluded.nickname,
    profile_image_url = excluded.profile_image_url, metadata = excluded.metadata, is_active = excluded.is_active
  where (chat_users.nickname, chat_users.profile_image_url, chat_users.metadata, chat_users.is_active)
    is distinct from (excluded.nickname, excluded.profile_image_url, excluded.metadata, excluded.is_active)`);
}
