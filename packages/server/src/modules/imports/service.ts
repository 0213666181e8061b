import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import {
  Errors,
  IMPORT_FILE_FAILURES_LISTED,
  IMPORT_FILE_MAX_BYTES,
  IMPORTS_LISTED,
  type TCreateTalkPlusImportRequest,
  type TDataImport,
  type TImportFileFailure,
  type TImportFileSource,
  type TImportReport,
} from "@parley/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Context } from "../../context";
import { type Db, rowsOf } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import type { FileStorage, Upload } from "../../integrations/storage";
import type { AppRow, AppService } from "../apps";
import type { Authenticated } from "../auth";
import type { FileService } from "../files";
import { writeImportedFiles } from "../messages";
import { AnalysisStopped, analyzeOffLoop } from "./analysis";
import { copyFiles } from "./copy-files";
import { inLanes } from "./lanes";
import { createImportLeases } from "./lease";
import { stored, toImport } from "./mapping";
import type { Plan, PlannedFile } from "./plan";
import { type DataImportRow, dataImports, type ImportState } from "./schema";
import { existingIds, readSource, sourceKey } from "./sources";
import { writePage } from "./write";

/** Runs an import may start before it is given up as failed (3175): a crash, or an error of the database or storage. */
const MAX_ATTEMPTS = 5;

const partKey = (plan: string, kind: string, part: number) => `${plan}/${kind}-${String(part).padStart(6, "0")}`;
const folderKey = (id: string) => `imports/${id}`;

/**
 * Pages of messages a run writes at once on PostgreSQL, each over a connection of its own: a page's statement keeps
 * one backend busy, and the database's CPU is most of a write. PGlite has one connection, so it writes one at a time.
 */
const MESSAGE_LANES = 2;

/** A run that found its lease gone (a pause, a cancel, another process): its page's transaction is undone. */
class LeaseLost extends Error {}

export interface ImportDeps {
  apps: AppService;
  files: FileService;
  storage: FileStorage;
  /** Tells the job queue to read an import's source now. */
  kickAnalyze: (importId: string) => Promise<void>;
  /** Tells the job queue to write an import now. */
  kickRun: (importId: string) => Promise<void>;
}

/**
 * Data imports. An import is a row the dashboard reads and two jobs. The first reads the source (the uploaded file, or
 * TalkPlus's API), checks it against the app (the dry run) and stores the plan: every row to write, cut into pages,
 * as part files in storage. The second, once the customer starts it, writes the pages kind by kind (two pages of
 * messages at once on PostgreSQL), each in one transaction with the mark that records it, under a lease, so a run that
 * dies is taken up by any process at the pages not marked; and as every row has a fixed ID and place, a page written
 * twice writes nothing twice.
 * Imported history is written straight to the tables: it publishes no events, so it sends no webhooks or pushes,
 * and it is not counted as usage.
 */
export function createImportService(ctx: Context, deps: ImportDeps) {
  const { db } = ctx.database;
  const { storage } = deps;
  const leaseMs = ctx.config.exportLeaseSeconds * 1000;
  const { leaseOwner, claim, holdLease, fail, release } = createImportLeases(ctx, leaseMs);

  /** Imports write the app's whole data, so only the account that owns the app may make or read them. */
  async function requireOwner(auth: Authenticated, appId: string): Promise<AppRow> {
    const app = await deps.apps.requireAppAccess(auth, appId);
    if (auth.account.kind === "subaccount" || app.accountId !== auth.account.id)
      throw new AppError(Errors.IMPORT_OWNER_ONLY);
    return app;
  }

  async function findImport(appId: string, importId: string): Promise<DataImportRow> {
    const [row] = await db
      .select()
      .from(dataImports)
      .where(and(eq(dataImports.id, importId), eq(dataImports.appId, appId)))
      .limit(1);
    if (!row) throw new AppError(Errors.IMPORT_NOT_FOUND);
    return row;
  }

  async function insertImport(
    auth: Authenticated,
    app: AppRow,
    values: Pick<DataImportRow, "source" | "origin" | "credentials" | "copyFiles">,
  ): Promise<DataImportRow> {
    try {
      const [row] = await db
        .insert(dataImports)
        .values({
          appId: app.id,
          accountId: auth.account.id,
          requestedBy: auth.account.email,
          createdAt: ctx.clock.now(),
          ...values,
        })
        .returning();
      if (!row) throw new Error("insert into data_imports returned no row");
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(Errors.IMPORT_IN_PROGRESS);
      throw err;
    }
  }

  /** Moves an import from one of `from` to `to`, or answers 3171; `set` is written with it. */
  async function transition(
    appId: string,
    importId: string,
    from: readonly DataImportRow["status"][],
    set: Partial<DataImportRow>,
  ): Promise<DataImportRow> {
    const row = await findImport(appId, importId);
    if (!from.includes(row.status)) throw new AppError(Errors.IMPORT_STATE_CONFLICT);
    const [moved] = await db
      .update(dataImports)
      .set(set)
      .where(and(eq(dataImports.id, row.id), eq(dataImports.status, row.status)))
      .returning();
    if (!moved) throw new AppError(Errors.IMPORT_STATE_CONFLICT);
    return moved;
  }

  /**
   * Writes one part of `entry` (the `index`th of the state's kinds) and marks it written in the same transaction, under
   * the lease; false when the run lost its lease. The mark is added to the row as it stands when the page commits, so
   * pages written at once never undo each other's marks.
   */
  async function writePart(
    row: DataImportRow,
    state: ImportState,
    index: number,
    part: number,
    owner: string,
  ): Promise<boolean> {
    const entry = state.kinds[index];
    if (!entry) throw new Error(`import ${row.id}: the state has no kind ${index}`);
    const stream = await storage.get(partKey(state.plan, entry.kind, part));
    if (!stream) throw new Error(`import ${row.id}: part ${entry.kind}-${part} is missing`);
    const text = Buffer.concat((await stream.toArray()) as Buffer[]).toString("utf8");
    const kind = entry.kind;
    let count: number;
    let failures: TImportFileFailure[] = [];
    let write: (tx: Db) => Promise<void>;
    if (kind === "files") {
      const planned = JSON.parse(text) as PlannedFile[];
      const result = await copyFiles(ctx, deps.files, row.appId, planned);
      count = planned.length;
      failures = result.failures;
      write = (tx) => writeImportedFiles(tx, row.appId, result.copied);
    } else {
      const rows = JSON.parse(text) as Plan[typeof kind];
      count = rows.length;
      write = (tx) => writePage(tx, row.appId, kind, rows);
    }
    // Files are copied one part at a time, so the failures the run holds are the row's.
    const listed =
      kind === "files"
        ? {
            fileFailures: [...(state.fileFailures ?? []), ...failures].slice(0, IMPORT_FILE_FAILURES_LISTED),
            fileFailuresTotal: (state.fileFailuresTotal ?? 0) + failures.length,
          }
        : {};
    const at = String(index);
    try {
      await db.transaction(async (tx) => {
        await write(tx);
        const held = await tx.execute(sql`
          update data_imports set
            state = jsonb_set(
              jsonb_set(state, array['kinds', ${at}, 'written'],
                coalesce(state #> array['kinds', ${at}, 'written'], '[]'::jsonb) || to_jsonb(${part}::int)),
              array['kinds', ${at}, 'done'],
              to_jsonb(least(${entry.total}::int, (state #>> array['kinds', ${at}, 'done'])::int + ${count}::int))
            ) || ${JSON.stringify(listed)}::jsonb,
            lease_until = ${new Date(ctx.clock.now().getTime() + leaseMs).toISOString()}::timestamptz
          where id = ${row.id} and lease_owner = ${owner} and status = 'running'
          returning id`);
        if (rowsOf(held).length === 0) throw new LeaseLost();
      });
    } catch (err) {
      if (err instanceof LeaseLost) return false;
      throw err;
    }
    entry.written = [...(entry.written ?? []), part];
    entry.done = Math.min(entry.total, entry.done + count);
    if (kind === "files") Object.assign(state, listed);
    return true;
  }

  /**
   * Writes the plan's parts a run has not written yet, kind after kind; false when the run lost its lease. Messages
   * are written {@link MESSAGE_LANES} pages at a time on PostgreSQL: threads first, then replies one page at a time,
   * as two pages of replies to the same threads would lock them in either order.
   */
  async function writeParts(row: DataImportRow, state: ImportState, owner: string): Promise<boolean> {
    for (const [index, entry] of state.kinds.entries()) {
      const written = new Set(entry.written ?? []);
      const left = Array.from({ length: entry.parts }, (_, part) => part).filter(
        (part) => part >= (entry.next ?? 0) && !written.has(part),
      );
      const lanes = entry.kind === "messages" && ctx.database.kind === "postgres" ? MESSAGE_LANES : 1;
      const firstReply = entry.firstReplyPart ?? 0;
      const groups: [number[], number][] =
        lanes > 1
          ? [
              [left.filter((part) => part < firstReply), lanes],
              [left.filter((part) => part >= firstReply), 1],
            ]
          : [[left, 1]];
      for (const [parts, width] of groups) {
        if (!(await inLanes(parts, width, (part) => writePart(row, state, index, part, owner)))) return false;
      }
    }
    return true;
  }

  async function removeStored(id: string): Promise<void> {
    await storage.deleteFolder(folderKey(id));
    await db.update(dataImports).set({ removedAt: ctx.clock.now() }).where(eq(dataImports.id, id));
  }

  const service = {
    requireOwner,

    /**
     * A new import of an uploaded file: stored, then read by the analysis job. The caller is checked before the
     * upload is read, and the import made before its file is received, so a refused upload is not received whole.
     */
    async createFromUpload(
      auth: Authenticated,
      appId: string,
      receive: () => Promise<{ source: TImportFileSource; copyFiles: boolean; upload: Upload }>,
    ): Promise<TDataImport> {
      const app = await requireOwner(auth, appId);
      const { source, copyFiles, upload } = await receive();
      let row: DataImportRow;
      try {
        row = await insertImport(auth, app, {
          source,
          origin: upload.fileName || "upload",
          credentials: null,
          copyFiles,
        });
      } catch (err) {
        upload.stream.destroy();
        throw err;
      }
      try {
        await storage.put(sourceKey(row.id), upload.stream);
        if (upload.truncated) {
          throw new AppError(Errors.IMPORT_FILE_INVALID, { reason: `larger than ${IMPORT_FILE_MAX_BYTES} bytes` });
        }
        await deps.kickAnalyze(row.id);
        return toImport(row);
      } catch (err) {
        await storage.deleteFolder(folderKey(row.id)).catch(() => {});
        await db.delete(dataImports).where(eq(dataImports.id, row.id));
        throw err;
      }
    },

    /** A new import pulled from TalkPlus; the credentials are kept until the pull is done. */
    async createFromTalkPlus(
      auth: Authenticated,
      appId: string,
      request: TCreateTalkPlusImportRequest,
    ): Promise<TDataImport> {
      const app = await requireOwner(auth, appId);
      const { baseUrl, appId: talkPlusAppId, apiKey, copyFiles } = request;
      const row = await insertImport(auth, app, {
        source: "talkplus",
        origin: baseUrl,
        credentials: { baseUrl, appId: talkPlusAppId, apiKey },
        copyFiles,
      });
      await deps.kickAnalyze(row.id);
      return toImport(row);
    },

    async list(auth: Authenticated, appId: string): Promise<TDataImport[]> {
      const app = await requireOwner(auth, appId);
      const rows = await db
        .select()
        .from(dataImports)
        .where(eq(dataImports.appId, app.id))
        .orderBy(desc(dataImports.createdAt), desc(dataImports.id))
        .limit(IMPORTS_LISTED);
      return rows.map(toImport);
    },

    async get(auth: Authenticated, appId: string, importId: string): Promise<TDataImport> {
      const app = await requireOwner(auth, appId);
      return toImport(await findImport(app.id, importId));
    },

    async report(auth: Authenticated, appId: string, importId: string): Promise<TImportReport> {
      const app = await requireOwner(auth, appId);
      const row = await findImport(app.id, importId);
      return { import: toImport(row), channelMap: row.dryRun?.channelMap ?? {} };
    },

    async start(auth: Authenticated, appId: string, importId: string): Promise<TDataImport> {
      const app = await requireOwner(auth, appId);
      const row = await transition(app.id, importId, ["ready"], { status: "queued" });
      await deps.kickRun(row.id);
      return toImport(row);
    },

    /** Stops a running import after the page it is writing; nothing written is undone. */
    async pause(auth: Authenticated, appId: string, importId: string): Promise<TDataImport> {
      const app = await requireOwner(auth, appId);
      return toImport(
        await transition(app.id, importId, ["queued", "running"], {
          status: "paused",
          leaseOwner: null,
          leaseUntil: null,
        }),
      );
    },

    async resume(auth: Authenticated, appId: string, importId: string): Promise<TDataImport> {
      const app = await requireOwner(auth, appId);
      const row = await transition(app.id, importId, ["paused"], { status: "queued", attempts: 0 });
      await deps.kickRun(row.id);
      return toImport(row);
    },

    /** Ends an import that is not finished. What it wrote stays; importing the same source again completes it. */
    async cancel(auth: Authenticated, appId: string, importId: string): Promise<TDataImport> {
      const app = await requireOwner(auth, appId);
      return toImport(
        await transition(app.id, importId, ["analyzing", "ready", "queued", "running", "paused"], {
          status: "canceled",
          credentials: null,
          leaseOwner: null,
          leaseUntil: null,
          completedAt: ctx.clock.now(),
        }),
      );
    },

    /**
     * Reads an import's source, checks it against the app and stores the plan. Reading again after a crash gives the
     * same plan, so the run simply starts over. A source that cannot be read at all fails the import with its code.
     */
    async analyze(importId: string): Promise<void> {
      const owner = leaseOwner();
      const row = await claim(importId, ["analyzing"], owner);
      if (!row) return;
      if (row.attempts > MAX_ATTEMPTS) return fail(row.id, owner, Errors.IMPORT_FAILED, null);
      // The parse and the plan run on a worker thread, so this timer renews the lease all along; a lost lease (a
      // cancel, another process) ends the worker at its next renewal.
      const stopped = new AbortController();
      const hold = async () => {
        const held = await holdLease(row.id, owner);
        if (!held) stopped.abort();
        return held;
      };
      const heartbeat = setInterval(() => void hold().catch(() => {}), leaseMs / 3);
      heartbeat.unref();
      // Each run writes its plan to a folder of its own: a run that lost its lease never touches the plan of the run
      // that took over, and the import's state names the one plan that is its own.
      const plan = `${folderKey(row.id)}/plan-${randomUUID()}`;
      try {
        const input = await readSource(row, storage, ctx.outbound);
        if (!(await hold())) return;
        const { report, kinds } = await analyzeOffLoop(
          input,
          {
            appId: row.appId,
            source: row.source,
            now: ctx.clock.now().toISOString(),
            copyFiles: row.copyFiles,
            pageRows: ctx.config.importPageRows,
          },
          {
            existing: (userIds, channelIds) => existingIds(ctx.database, row.appId, userIds, channelIds),
            storePage: (kind, index, json) => storage.put(partKey(plan, kind, index), Readable.from([json])),
          },
          stopped.signal,
        );
        if (!(await hold())) return;
        const state: ImportState = {
          plan,
          kinds: kinds.map((kind) => ({ ...kind, done: 0, written: [] })),
        };
        const [analyzed] = await db
          .update(dataImports)
          .set({
            status: "ready",
            dryRun: stored(report),
            state,
            credentials: null,
            attempts: 0,
            analyzedAt: ctx.clock.now(),
            leaseOwner: null,
            leaseUntil: null,
          })
          .where(
            and(eq(dataImports.id, row.id), eq(dataImports.leaseOwner, owner), eq(dataImports.status, "analyzing")),
          )
          .returning({ id: dataImports.id });
        if (analyzed) await storage.delete(sourceKey(row.id));
        else await storage.deleteFolder(plan);
      } catch (err) {
        if (err instanceof AnalysisStopped) return;
        if (err instanceof AppError) return await fail(row.id, owner, err.code, err.data?.reason ?? null);
        ctx.log.error({ err, importId }, "reading an import's source failed; the sweep starts it again");
        await release(row.id, owner);
      } finally {
        clearInterval(heartbeat);
      }
    },

    /**
     * One run of an import's job: takes the lease (none while another run holds it), writes the pages not yet
     * written, and completes. A failure releases the lease for the minute's sweep to start another run, until
     * {@link MAX_ATTEMPTS} runs have started.
     */
    async run(importId: string): Promise<void> {
      const owner = leaseOwner();
      const row = await claim(importId, ["queued", "running"], owner);
      if (!row) return;
      if (row.attempts > MAX_ATTEMPTS) return fail(row.id, owner, Errors.IMPORT_FAILED, null);
      if (!row.state) return fail(row.id, owner, Errors.IMPORT_FAILED, "the import has no plan");
      const heartbeat = setInterval(() => void holdLease(row.id, owner).catch(() => {}), leaseMs / 3);
      heartbeat.unref();
      try {
        if (!(await writeParts(row, row.state, owner))) return;
        const [completed] = await db
          .update(dataImports)
          .set({ status: "completed", completedAt: ctx.clock.now(), leaseOwner: null, leaseUntil: null })
          .where(and(eq(dataImports.id, row.id), eq(dataImports.leaseOwner, owner), eq(dataImports.status, "running")))
          .returning({ id: dataImports.id });
        if (completed) await removeStored(row.id);
      } catch (err) {
        ctx.log.error({ err, importId }, "data import run failed; the sweep starts it again");
        await release(row.id, owner);
      } finally {
        clearInterval(heartbeat);
      }
    },

    /** Imports to (re)start: those whose reading or writing is due and held by no live run. */
    async due(): Promise<{ analyze: string[]; run: string[] }> {
      const rows = await ctx.database.query<{ id: string; status: string }>(
        `select id, status from data_imports
         where status in ('analyzing', 'queued', 'running') and (lease_until is null or lease_until < $1)
         order by created_at limit 100`,
        [ctx.clock.now().toISOString()],
      );
      return {
        analyze: rows.filter((row) => row.status === "analyzing").map((row) => row.id),
        run: rows.filter((row) => row.status !== "analyzing").map((row) => row.id),
      };
    },

    /** Removes from storage what finished imports left (a failed or canceled one's source and plan). */
    async removeFinished(): Promise<number> {
      const rows = await ctx.database.query<{ id: string }>(
        `select id from data_imports
         where removed_at is null and status in ('completed', 'failed', 'canceled') limit 100`,
      );
      for (const { id } of rows) await removeStored(id);
      return rows.length;
    },
  };
  return service;
}

export type ImportService = ReturnType<typeof createImportService>;
