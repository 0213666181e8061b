import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { Readable } from "node:stream";
import {
  Errors,
  EXPORT_LINK_HOURS,
  EXPORTS_LISTED,
  type TCreateExportRequest,
  type TDataExport,
  type TEraseUserResponse,
} from "@parley/contract";
import { and, desc, eq } from "drizzle-orm";
import type { Context } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import type { ExportScope, ExportSectionReader } from "../../export-sections";
import type { FileStorage } from "../../integrations/storage";
import { sendMailJob } from "../../jobs/catalog";
import { JOBS_CHANNEL } from "../../jobs/queue";
import { renderMail } from "../../mail/templates";
import type { AppRow, AppService } from "../apps";
import type { Authenticated } from "../auth";
import type { ChatUserService } from "../chat-users";
import { type FileService, fileIdsSentBy } from "../files";
import type { MessageService } from "../messages";
import { type ArchiveEntry, writeArchive } from "./archive";
import { type DataExportRow, dataExports, type ExportState } from "./schema";

/** Runs an export may start before it is given up as failed (3134): a crash, or an error of the database or storage. */
const MAX_ATTEMPTS = 5;

const partKey = (id: string, section: string, part: number) =>
  `exports/${id}/${section}-${String(part).padStart(6, "0")}`;
const archiveKey = (id: string, owner: string) => `exports/${id}/archive-${owner}`;
const folderKey = (id: string) => `exports/${id}`;

/** `parley-export-20261128-0915.zip`: the export's creation time, in UTC. */
function archiveName(row: DataExportRow): string {
  const at = row.createdAt.toISOString();
  return `parley-export-${at.slice(0, 10).replaceAll("-", "")}-${at.slice(11, 16).replace(":", "")}.zip`;
}

export interface ExportDeps {
  apps: AppService;
  chatUsers: ChatUserService;
  messages: MessageService;
  files: FileService;
  storage: FileStorage;
  /** The archive's sections, in the order written; each read by the module that owns its tables. */
  sections: ExportSectionReader[];
  /** Tells the job queue to run an export now. */
  kick: (exportId: string) => Promise<void>;
}

/**
 * Data exports and user erasure. An export is a row the dashboard reads for its progress and a job that writes the
 * archive: it writes each section page by page as part files in storage, recording after each page where it stands,
 * so a run that dies is taken up (by any process, once its lease lapses) from the last recorded page. Rewriting a
 * page a crash left unrecorded replaces its part file whole, so no row is written twice.
 */
export function createExportService(ctx: Context, deps: ExportDeps) {
  const { db } = ctx.database;
  const { storage } = deps;
  const leaseMs = ctx.config.exportLeaseSeconds * 1000;

  const downloadUrl = (row: DataExportRow): string | null =>
    row.status === "completed" &&
    row.downloadToken &&
    !row.removedAt &&
    row.expiresAt &&
    row.expiresAt.getTime() > ctx.clock.now().getTime()
      ? `${ctx.config.publicUrl}/exports/${row.id}/${row.downloadToken}/${archiveName(row)}`
      : null;

  function toExport(row: DataExportRow): TDataExport {
    const sections = (row.state?.sections ?? []).map(({ section, done, total }) => ({ section, done, total }));
    const total = sections.reduce((sum, s) => sum + s.total, 0);
    const done = sections.reduce((sum, s) => sum + Math.min(s.done, s.total), 0);
    return {
      id: row.id,
      appId: row.appId,
      status: row.status,
      userId: row.userId,
      includeFiles: row.includeFiles,
      requestedBy: row.requestedBy,
      sections,
      progress: row.status === "completed" ? 1 : total === 0 ? 0 : Math.min(1, done / total),
      createdAt: row.createdAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      size: row.size,
      downloadUrl: downloadUrl(row),
      errorCode: row.errorCode,
    };
  }

  /**
   * Exports are the app's whole data, so only the account that owns the app may make or read them: not its
   * sub-accounts, and not administrators (who reach other accounts' apps for support).
   */
  async function requireOwner(auth: Authenticated, appId: string): Promise<AppRow> {
    const app = await deps.apps.requireAppAccess(auth, appId);
    if (auth.account.kind === "subaccount" || app.accountId !== auth.account.id)
      throw new AppError(Errors.EXPORT_OWNER_ONLY);
    return app;
  }

  async function findExport(appId: string, exportId: string): Promise<DataExportRow> {
    const [row] = await db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.id, exportId), eq(dataExports.appId, appId)))
      .limit(1);
    if (!row) throw new AppError(Errors.EXPORT_NOT_FOUND);
    return row;
  }

  /** Renews the lease of the run `owner` holds, saving `state` with it; false when the run no longer holds it. */
  async function holdLease(id: string, owner: string, state?: ExportState): Promise<boolean> {
    const rows = await db
      .update(dataExports)
      .set({ leaseUntil: new Date(ctx.clock.now().getTime() + leaseMs), ...(state ? { state } : {}) })
      .where(and(eq(dataExports.id, id), eq(dataExports.leaseOwner, owner), eq(dataExports.status, "running")))
      .returning({ id: dataExports.id });
    return rows.length > 0;
  }

  async function fail(id: string, code: string, owner?: string): Promise<void> {
    await db
      .update(dataExports)
      .set({ status: "failed", errorCode: code, leaseOwner: null, leaseUntil: null, completedAt: ctx.clock.now() })
      .where(and(eq(dataExports.id, id), owner ? eq(dataExports.leaseOwner, owner) : undefined));
  }

  async function scopeOf(row: DataExportRow): Promise<ExportScope | null> {
    if (row.userId === null) return { appId: row.appId, user: null };
    const user = await deps.chatUsers.requireUser(row.appId, row.userId).catch(() => null);
    return user ? { appId: row.appId, user: { id: user.id, userId: user.userId } } : null;
  }

  const readersOf = (row: DataExportRow) =>
    deps.sections.filter((reader) => reader.section !== "files" || row.includeFiles);

  /** Each section's part files joined, then (with files) each file's bytes, in the order `files.ndjson` lists them. */
  async function archiveEntries(row: DataExportRow, state: ExportState): Promise<ArchiveEntry[]> {
    const entries: ArchiveEntry[] = [];
    for (const { section, parts } of state.sections) {
      entries.push({
        path: `${section}.ndjson`,
        open: async () =>
          Readable.from(
            (async function* () {
              for (let part = 0; part < parts; part++) {
                const stream = await storage.get(partKey(row.id, section, part));
                if (!stream) throw new Error(`export ${row.id}: part ${section}-${part} is missing`);
                yield* stream;
              }
            })(),
          ),
      });
      if (section !== "files") continue;
      for (let part = 0; part < parts; part++) {
        const stream = await storage.get(partKey(row.id, section, part));
        if (!stream) throw new Error(`export ${row.id}: part ${section}-${part} is missing`);
        let text = "";
        for await (const chunk of stream) text += chunk;
        for (const line of text.split("\n")) {
          if (line === "") continue;
          const file = JSON.parse(line) as { id: string; path: string };
          entries.push({
            path: file.path,
            // A file removed since its line was written (its retention ran out) is archived empty.
            open: async () => (await deps.files.open(file.id).catch(() => null))?.stream ?? Readable.from([]),
          });
        }
      }
    }
    return entries;
  }

  /** Stores the archive and marks the export completed, queueing the ready mail in the same statement. */
  async function complete(row: DataExportRow, state: ExportState, owner: string): Promise<void> {
    const app = await deps.apps.cachedApp(row.appId);
    const manifest = {
      format: "parley-export",
      version: 1,
      exportId: row.id,
      app: { id: row.appId, name: app?.name ?? null },
      userId: row.userId,
      includeFiles: row.includeFiles,
      createdAt: row.createdAt.toISOString(),
      sections: Object.fromEntries(state.sections.map((s) => [`${s.section}.ndjson`, s.done])),
    };
    const archive = archiveKey(row.id, owner);
    const size = await writeArchive(await archiveEntries(row, state), manifest, (body) => storage.put(archive, body));
    const now = ctx.clock.now();
    const token = randomBytes(32).toString("base64url");
    const done: DataExportRow = {
      ...row,
      status: "completed",
      downloadToken: token,
      expiresAt: new Date(now.getTime() + EXPORT_LINK_HOURS * 3_600_000),
    };
    const what = row.userId === null ? (app?.name ?? row.appId) : `${app?.name ?? row.appId} (${row.userId})`;
    const mail = renderMail("exportReady", row.language, row.requestedBy, {
      name: what,
      link: downloadUrl(done) ?? "",
    });
    const completed = await ctx.database.query<{ id: string }>(
      `with done as (
         update data_exports set status = 'completed', download_token = $3, size = $4, completed_at = $5,
           expires_at = $6, lease_owner = null, lease_until = null, state = $10::jsonb
         where id = $1 and lease_owner = $2 and status = 'running'
         returning id
       )
       insert into jobs (name, data, retry_limit) select $7, $8::jsonb, $9 from done returning id`,
      [
        row.id,
        owner,
        token,
        size,
        now.toISOString(),
        done.expiresAt?.toISOString(),
        sendMailJob.name,
        JSON.stringify(mail),
        sendMailJob.retryLimit ?? 5,
        JSON.stringify({ ...state, archive } satisfies ExportState),
      ],
    );
    if (completed.length === 0) {
      await storage.delete(archive);
      return;
    }
    await ctx.database.query("select pg_notify($1, $2)", [JOBS_CHANNEL, sendMailJob.name]);
    for (const section of state.sections) {
      for (let part = 0; part < section.parts; part++) await storage.delete(partKey(row.id, section.section, part));
    }
  }

  /** Writes the sections' pages the state has not written yet; false when the run lost its lease meanwhile. */
  async function writeSections(row: DataExportRow, scope: ExportScope, state: ExportState, owner: string) {
    const pageRows = ctx.config.exportPageRows;
    for (const section of state.sections) {
      const reader = deps.sections.find((r) => r.section === section.section);
      if (!reader) throw new Error(`no reader for the export section ${section.section}`);
      while (!section.finished) {
        const page = await reader.page(scope, section.after, pageRows);
        if (page.rows.length > 0) {
          const lines = page.rows.map((r) => `${JSON.stringify(r)}\n`).join("");
          await storage.put(partKey(row.id, section.section, section.parts), Readable.from([lines]));
          section.parts += 1;
          section.done += page.rows.length;
          section.after = page.next;
        }
        section.finished = page.rows.length < pageRows;
        if (!(await holdLease(row.id, owner, state))) return false;
      }
    }
    return true;
  }

  const service = {
    async create(auth: Authenticated, appId: string, request: TCreateExportRequest): Promise<TDataExport> {
      const app = await requireOwner(auth, appId);
      if (request.userId !== undefined) await deps.chatUsers.requireUser(app.id, request.userId);
      let row: DataExportRow;
      try {
        [row] = (await db
          .insert(dataExports)
          .values({
            appId: app.id,
            accountId: auth.account.id,
            requestedBy: auth.account.email,
            language: auth.account.language,
            userId: request.userId ?? null,
            includeFiles: request.includeFiles,
            createdAt: ctx.clock.now(),
          })
          .returning()) as [DataExportRow];
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(Errors.EXPORT_IN_PROGRESS);
        throw err;
      }
      await deps.kick(row.id);
      return toExport(row);
    },

    async list(auth: Authenticated, appId: string): Promise<TDataExport[]> {
      const app = await requireOwner(auth, appId);
      const rows = await db
        .select()
        .from(dataExports)
        .where(eq(dataExports.appId, app.id))
        .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
        .limit(EXPORTS_LISTED);
      return rows.map(toExport);
    },

    async get(auth: Authenticated, appId: string, exportId: string): Promise<TDataExport> {
      const app = await requireOwner(auth, appId);
      return toExport(await findExport(app.id, exportId));
    },

    /**
     * Erases a user (a data-subject deletion): the files they sent are removed, the messages they sent stay in their
     * channels without what identifies them (see `anonymizeSentBy`), and the user's row goes with everything that
     * hangs on it (sessions, memberships, reactions, blocks, devices). Each step is audited with the request; run
     * again after an interruption, it finishes what is left.
     */
    async eraseUser(auth: Authenticated, appId: string, userId: string): Promise<TEraseUserResponse> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const user = await deps.chatUsers.requireUser(app.id, userId);
      const fileIds = await fileIdsSentBy(ctx.database, app.id, user.id);
      const messagesAnonymized = await deps.messages.anonymizeSentBy(app.id, user.id);
      const filesRemoved = await deps.files.removeFiles(app.id, fileIds);
      await deps.chatUsers.deleteUser(app, userId);
      return { userId, messagesAnonymized, filesRemoved };
    },

    /** The archive behind a download link, or 3131 for a link that never was, 3132 for one past its day. */
    async openDownload(exportId: string, token: string) {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1);
      const expected = Buffer.from(row?.downloadToken ?? "");
      const given = Buffer.from(token);
      if (!row || expected.length === 0 || expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw new AppError(Errors.EXPORT_NOT_FOUND);
      }
      if (!downloadUrl(row)) throw new AppError(Errors.EXPORT_EXPIRED);
      const stream = row.state?.archive ? await storage.get(row.state.archive) : null;
      if (!stream) throw new AppError(Errors.EXPORT_EXPIRED);
      return { stream, size: row.size, fileName: archiveName(row) };
    },

    /**
     * One run of an export's job. It takes the export's lease (none is taken while another run holds it), counts the
     * sections on its first run, writes what is left of them, then the archive. A failure releases the lease for the
     * minute's sweep to start another run, until {@link MAX_ATTEMPTS} runs have started.
     */
    async run(exportId: string): Promise<void> {
      const owner = randomUUID();
      const now = ctx.clock.now();
      const [claimed] = await ctx.database.query<{ id: string }>(
        `update data_exports set status = 'running', lease_owner = $2, lease_until = $3,
           started_at = coalesce(started_at, $4), attempts = attempts + 1
         where id = $1 and status in ('queued', 'running') and (lease_until is null or lease_until < $4)
         returning id`,
        [exportId, owner, new Date(now.getTime() + leaseMs).toISOString(), now.toISOString()],
      );
      if (!claimed) return;
      const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1);
      if (!row) return;
      if (row.attempts > MAX_ATTEMPTS) return fail(row.id, Errors.EXPORT_FAILED, owner);
      // The archive is written in one go, without a page to renew the lease after: a timer keeps it.
      const heartbeat = setInterval(() => void holdLease(row.id, owner).catch(() => {}), leaseMs / 3);
      heartbeat.unref();
      try {
        const scope = await scopeOf(row);
        if (!scope) return await fail(row.id, Errors.CHAT_USER_NOT_FOUND, owner);
        let state = row.state;
        if (!state) {
          const sections: ExportState["sections"] = [];
          for (const reader of readersOf(row)) {
            sections.push({
              section: reader.section,
              total: await reader.count(scope),
              done: 0,
              parts: 0,
              after: null,
              finished: false,
            });
          }
          state = { sections };
          if (!(await holdLease(row.id, owner, state))) return;
        }
        if (!(await writeSections(row, scope, state, owner))) return;
        await complete(row, state, owner);
      } catch (err) {
        ctx.log.error({ err, exportId }, "data export run failed; the sweep starts it again");
        await db
          .update(dataExports)
          .set({ leaseOwner: null, leaseUntil: null })
          .where(and(eq(dataExports.id, exportId), eq(dataExports.leaseOwner, owner)))
          .catch(() => {});
      } finally {
        clearInterval(heartbeat);
      }
    },

    /** Exports to (re)start: queued ones, and running ones whose run let its lease lapse or gave it up. */
    async due(): Promise<string[]> {
      const rows = await ctx.database.query<{ id: string }>(
        `select id from data_exports
         where status in ('queued', 'running') and (lease_until is null or lease_until < $1)
         order by created_at limit 100`,
        [ctx.clock.now().toISOString()],
      );
      return rows.map((row) => row.id);
    },

    /** Removes archives past their day and what failed exports left in storage. Answers how many were cleaned. */
    async removeExpired(): Promise<number> {
      const rows = await ctx.database.query<{ id: string }>(
        `select id from data_exports
         where removed_at is null and (status = 'failed' or (status = 'completed' and expires_at < $1))
         limit 100`,
        [ctx.clock.now().toISOString()],
      );
      for (const { id } of rows) {
        await storage.deleteFolder(folderKey(id));
        await ctx.database.query("update data_exports set removed_at = $2 where id = $1", [
          id,
          ctx.clock.now().toISOString(),
        ]);
      }
      return rows.length;
    },
  };
  return service;
}

export type ExportService = ReturnType<typeof createExportService>;
