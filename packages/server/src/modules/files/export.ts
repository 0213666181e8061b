import type { Database } from "../../db/client";
import type { ExportScope, ExportSectionReader } from "../../export-sections";

/**
 * A file's id as its message's `file.url` holds it (`/files/{id}/{name}`): files are indexed by app and channel, not
 * by sender, so a user's files are found through the messages they sent.
 */
const FILE_ID_OF_URL = `(regexp_match(m.file ->> 'url', '/files/([0-9a-f-]{36})/'))[1]::uuid`;

/** The scope's files: an app's, or those a user sent. */
function fileScope(scope: ExportScope, params: unknown[]): string {
  params.push(scope.appId);
  let where = `f.app_id = $${params.length}`;
  if (scope.user) {
    params.push(scope.user.id);
    where += ` and f.id in (select ${FILE_ID_OF_URL} from messages m
      where m.app_id = $1 and m.sender_id = $${params.length} and m.file is not null)`;
  }
  return where;
}

/** A name a member gave a file, safe as one path segment of an archive: no separators, no `.` or `..`. */
function archiveSegment(name: string): string {
  const cleaned = name.replace(/[/\\\0]/g, "_").trim();
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "file" : cleaned;
}

/** Where a file's bytes go in the archive: its own folder, so two files of one name never meet. */
export const archivedFilePath = (file: { id: string; name: string }) => `files/${file.id}/${archiveSegment(file.name)}`;

/**
 * The archive's `files.ndjson`: one line per file with the path of its bytes in the archive, which the archive adds
 * after the line's section (only when the export includes files).
 */
export function fileExportSection(database: Database): ExportSectionReader {
  return {
    section: "files",
    async count(scope) {
      const params: unknown[] = [];
      const [row] = await database.query<{ n: number }>(
        `select count(*)::int as n from files f where ${fileScope(scope, params)}`,
        params,
      );
      return row?.n ?? 0;
    },
    async page(scope, after, limit) {
      const params: unknown[] = [];
      let where = fileScope(scope, params);
      if (after !== null) {
        params.push(after);
        where += ` and f.id > $${params.length}::uuid`;
      }
      params.push(limit);
      const rows = await database.query<{
        id: string;
        channel_id: string;
        name: string;
        size: number;
        mime_type: string;
        created_at: Date | string;
      }>(
        `select f.id, f.channel_id, f.name, f.size, f.mime_type, f.created_at from files f
         where ${where} order by f.id limit $${params.length}`,
        params,
      );
      return {
        rows: rows.map((f) => ({
          id: f.id,
          channelId: f.channel_id,
          name: f.name,
          size: f.size,
          mimeType: f.mime_type,
          createdAt: new Date(f.created_at).toISOString(),
          path: archivedFilePath(f),
        })),
        next: rows.at(-1)?.id ?? after,
      };
    },
  };
}

/** The ids of the files a user sent in an app. */
export async function fileIdsSentBy(database: Database, appId: string, chatUserId: string): Promise<string[]> {
  const rows = await database.query<{ id: string }>(
    `select f.id from files f where ${fileScope({ appId, user: { id: chatUserId, userId: "" } }, [])}`,
    [appId, chatUserId],
  );
  return rows.map((row) => row.id);
}
