import { z } from "zod";
import { zUserId } from "./chat";

/**
 * Data export: an app's data (or one user's, for a data-subject request) written by a background job as NDJSON files
 * in a zip archive, downloadable for a day by a link the dashboard shows and the requester is mailed. And the other
 * half of a data-subject request: erasing one user, whose messages stay in their channels without them.
 */

export const EXPORT_STATUSES = ["queued", "running", "completed", "failed"] as const;
export type TExportStatus = (typeof EXPORT_STATUSES)[number];
/** The archive's parts, in the order the job writes them; `files` only when asked for. */
export const EXPORT_SECTIONS = ["users", "channels", "members", "messages", "files"] as const;
export type TExportSection = (typeof EXPORT_SECTIONS)[number];
/** How long a completed archive can be downloaded; then it is removed and the export shows as expired. */
export const EXPORT_LINK_HOURS = 24;
/** Exports listed in the dashboard: the newest. */
export const EXPORTS_LISTED = 20;

export const zCreateExportRequest = z.object({
  /** Also the files members sent, each under `files/` in the archive. */
  includeFiles: z.boolean().default(false),
  /** Only this user's data: their profile, memberships, the messages they sent and their files. */
  userId: zUserId.optional(),
});
export type TCreateExportRequest = z.infer<typeof zCreateExportRequest>;
export type TCreateExportRequestInput = z.input<typeof zCreateExportRequest>;

export const zExportSectionProgress = z.object({
  section: z.enum(EXPORT_SECTIONS),
  /** Rows written so far. */
  done: z.number().int(),
  /** Rows the section holds, counted when the job starts; 0 before. */
  total: z.number().int(),
});
export type TExportSectionProgress = z.infer<typeof zExportSectionProgress>;

export const zDataExport = z.object({
  id: z.string(),
  appId: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** The one user exported, or null for the whole app. */
  userId: z.string().nullable(),
  includeFiles: z.boolean(),
  /** The email of the account that asked for it (an administrator's for the admin console's). */
  requestedBy: z.string(),
  sections: z.array(zExportSectionProgress),
  /** Rows written of all rows counted, 0 to 1; 1 once completed. */
  progress: z.number().min(0).max(1),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** When the download link stops working; null until completed. */
  expiresAt: z.string().nullable(),
  /** The archive's size in bytes, once completed. */
  size: z.number().int().nullable(),
  /** The archive's address while it can be downloaded: no session needed, so it works from the mail too. */
  downloadUrl: z.string().nullable(),
  /** The catalogue code of what made it fail. */
  errorCode: z.string().nullable(),
});
export type TDataExport = z.infer<typeof zDataExport>;
export const zDataExportResponse = z.object({ export: zDataExport });
export type TDataExportResponse = z.infer<typeof zDataExportResponse>;
export const zDataExportsResponse = z.object({ exports: z.array(zDataExport) });
export type TDataExportsResponse = z.infer<typeof zDataExportsResponse>;
export const zAppExportParams = z.object({ id: z.string().uuid(), exportId: z.string().uuid() });

/** What erasing a user did. */
export const zEraseUserResponse = z.object({
  userId: z.string(),
  /** Messages the user sent, kept in their channels with no sender and no metadata. */
  messagesAnonymized: z.number().int(),
  /** Files the user sent, removed from storage; their messages keep their text without the file. */
  filesRemoved: z.number().int(),
});
export type TEraseUserResponse = z.infer<typeof zEraseUserResponse>;

/** The data-export paths, relative to `/api`. */
export const dataExportApi = {
  /** The app's exports, newest first (GET), and a new one (POST). */
  exports: "/apps/:id/exports",
  export: "/apps/:id/exports/:exportId",
  /** Erases one user of the app: a data-subject deletion (POST). */
  eraseUser: "/apps/:id/users/:userId/erase",
} as const;

/** The archive's download, outside `/api`: the token in the path is the capability, valid {@link EXPORT_LINK_HOURS}. */
export const EXPORT_DOWNLOAD_ROUTE = "/exports/:exportId/:token/:fileName";
