import { z } from "zod";

/**
 * Data import: another vendor's chat app (or another Parley installation's export) moved into an app. An import is
 * read and checked first (the dry run), then written by a background job the dashboard starts, pauses and cancels.
 */

/** Where an import reads from: an uploaded file (Stream's JSONL, Sendbird's export zip, Parley's export zip) or TalkPlus's REST API. */
export const IMPORT_SOURCES = ["stream", "sendbird", "talkplus", "parley"] as const;
export type TImportSource = (typeof IMPORT_SOURCES)[number];
/** The sources that arrive as an uploaded file. */
export const IMPORT_FILE_SOURCES = ["stream", "sendbird", "parley"] as const;
export type TImportFileSource = (typeof IMPORT_FILE_SOURCES)[number];

/**
 * `analyzing`: the source is being read and checked; `ready`: the dry run is there, waiting to be started;
 * `queued`/`running`: being written; `paused`: stopped between pages until resumed; then `completed`, `failed` or
 * `canceled` (what was written before a cancel stays).
 */
export const IMPORT_STATUSES = [
  "analyzing",
  "ready",
  "queued",
  "running",
  "paused",
  "completed",
  "failed",
  "canceled",
] as const;
export type TImportStatus = (typeof IMPORT_STATUSES)[number];
/** The statuses of an import that is not finished: an app has at most one. */
export const IMPORT_OPEN_STATUSES = ["analyzing", "ready", "queued", "running", "paused"] as const;

/** The kinds of record, in the order the job writes them; `files` are copied only when asked for. */
export const IMPORT_KINDS = ["users", "channels", "members", "messages", "reactions", "files"] as const;
export type TImportKind = (typeof IMPORT_KINDS)[number];

/**
 * The largest file an import takes. The file is read whole, as one string, into records in memory: a million messages
 * of Stream's JSONL are about 280 MB and took the server to about 3.2 GB, near Node's default heap limit.
 */
export const IMPORT_FILE_MAX_BYTES = 300_000_000;
/** The most a zip may unpack to, and how many files it may hold. */
export const IMPORT_UNZIPPED_MAX_BYTES = 2_000_000_000;
export const IMPORT_ZIP_FILES_MAX = 10_000;
/** Copy failures an import keeps to show; the total counts them all. */
export const IMPORT_FILE_FAILURES_LISTED = 1000;
/** Imports listed in the dashboard: the newest. */
export const IMPORTS_LISTED = 20;

export const zImportKindCount = z.object({
  /** Rows of this kind in the source, refused ones included. */
  found: z.number().int(),
  refused: z.number().int(),
  /** Of the rows not refused: those the import creates, and those the app already has (kept as they are). */
  new: z.number().int(),
  existing: z.number().int(),
});
export type TImportKindCount = z.infer<typeof zImportKindCount>;

/** A row of the source the import refuses, or (as a warning) imports differently than the source has it. */
export const zImportRowNote = z.object({
  file: z.string(),
  /** 1-based line (or item of a JSON array, or record of an API path); 0 for the file as a whole. */
  line: z.number().int(),
  /** A short, stable key: `malformed-json`, `unknown-user`, `missing-field:user.id`, `text-too-long`… */
  reason: z.string(),
  detail: z.string().optional(),
});
export type TImportRowNote = z.infer<typeof zImportRowNote>;

/** A record the app already has: a user is updated with the source's profile; a channel gets only what it lacks. */
export const zImportCollision = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("user"),
    userId: z.string(),
    action: z.literal("update"),
    file: z.string(),
    line: z.number(),
  }),
  z.object({
    kind: z.literal("channel"),
    sourceKey: z.string(),
    channelId: z.string(),
    action: z.literal("merge"),
    file: z.string(),
    line: z.number(),
  }),
]);
export type TImportCollision = z.infer<typeof zImportCollision>;

/** What the import will do, worked out before anything is written. Lists hold at most 1,000 entries; totals count all. */
export const zImportDryRun = z.object({
  counts: z.object({
    users: zImportKindCount,
    channels: zImportKindCount,
    members: zImportKindCount,
    messages: zImportKindCount,
    reactions: zImportKindCount,
  }),
  refused: z.array(zImportRowNote),
  refusedTotal: z.number().int(),
  warnings: z.array(zImportRowNote),
  warningsTotal: z.number().int(),
  collisions: z.array(zImportCollision),
  collisionsTotal: z.number().int(),
});
export type TImportDryRun = z.infer<typeof zImportDryRun>;

export const zImportKindProgress = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** Rows written so far (rows the app already had count as written). */
  done: z.number().int(),
  total: z.number().int(),
});
export type TImportKindProgress = z.infer<typeof zImportKindProgress>;

/** A file the import could not copy: the message keeps the source's URL. */
export const zImportFileFailure = z.object({
  url: z.string(),
  name: z.string(),
  /** What went wrong, in a few words: `HTTP 404`, `larger than 15 MB`, `refused address`, `timed out`… */
  reason: z.string(),
});
export type TImportFileFailure = z.infer<typeof zImportFileFailure>;

export const zDataImport = z.object({
  id: z.string(),
  appId: z.string(),
  source: z.enum(IMPORT_SOURCES),
  status: z.enum(IMPORT_STATUSES),
  /**
   * Whether the files messages reference by URL are copied into Parley (through the server's outbound guard, at most
   * 15 MB each); otherwise messages keep the source's URLs.
   */
  copyFiles: z.boolean(),
  /** Files that could not be copied, at most {@link IMPORT_FILE_FAILURES_LISTED}; the import goes on without them. */
  fileFailures: z.array(zImportFileFailure),
  fileFailuresTotal: z.number().int(),
  /** The uploaded file's name, or for TalkPlus the base URL it was pulled from. */
  origin: z.string(),
  /** The email of the account that asked for it. */
  requestedBy: z.string(),
  /** Null while the source is read. */
  dryRun: zImportDryRun.nullable(),
  kinds: z.array(zImportKindProgress),
  /** Rows written of all rows to write, 0 to 1; 1 once completed. */
  progress: z.number().min(0).max(1),
  createdAt: z.string(),
  analyzedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The catalogue code of what made it fail, with what the source or file said. */
  errorCode: z.string().nullable(),
  errorReason: z.string().nullable(),
});
export type TDataImport = z.infer<typeof zDataImport>;
export const zDataImportResponse = z.object({ import: zDataImport });
export type TDataImportResponse = z.infer<typeof zDataImportResponse>;
export const zDataImportsResponse = z.object({ imports: z.array(zDataImport) });
export type TDataImportsResponse = z.infer<typeof zDataImportsResponse>;
export const zAppImportParams = z.object({ id: z.string().uuid(), importId: z.string().uuid() });

/** An import pulled from TalkPlus's REST API with the customer's credentials, kept only until the pull is done. */
export const zCreateTalkPlusImportRequest = z.object({
  source: z.literal("talkplus"),
  baseUrl: z.string().url().max(500),
  appId: z.string().min(1).max(200),
  apiKey: z.string().min(1).max(500),
  copyFiles: z.boolean().default(false),
});
export type TCreateTalkPlusImportRequest = z.infer<typeof zCreateTalkPlusImportRequest>;

/**
 * The multipart fields that name an uploaded file's source and whether the files its messages reference are copied;
 * the file part comes after them.
 */
export const zImportUploadFields = z.object({
  source: z.enum(IMPORT_FILE_SOURCES),
  copyFiles: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
});

/** The report an import's page downloads: the dry run whole (every refusal), the channel map and the progress. */
export const zImportReport = z.object({
  import: zDataImport,
  /** Each channel's key in the source and the Parley channel ID it is imported under. */
  channelMap: z.record(z.string(), z.string()),
});
export type TImportReport = z.infer<typeof zImportReport>;

/** The data-import paths, relative to `/api`. */
export const dataImportApi = {
  /** The app's imports, newest first (GET), and a new one pulled from TalkPlus (POST, JSON). */
  imports: "/apps/:id/imports",
  /** A new import from a file (POST, multipart: `source` and `copyFiles`, then `file`). */
  upload: "/apps/:id/imports/upload",
  import: "/apps/:id/imports/:importId",
  start: "/apps/:id/imports/:importId/start",
  pause: "/apps/:id/imports/:importId/pause",
  resume: "/apps/:id/imports/:importId/resume",
  cancel: "/apps/:id/imports/:importId/cancel",
  /** The whole report as a JSON download. */
  report: "/apps/:id/imports/:importId/report",
} as const;
