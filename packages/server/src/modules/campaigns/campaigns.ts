import {
  CAMPAIGN_EXCLUDED_CSV_COLUMNS,
  campaignAllows,
  campaignMissing,
  campaignReportDays,
  Errors,
  type TCampaign,
  type TCampaignAction,
  type TCampaignListQuery,
  type TCampaignPage,
  type TCampaignReport,
  type TCampaignRequest,
  type TExclusionReason,
  zUserId,
} from "@parley/contract";
import { and, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { decodeCursor, likePattern, pageOf, pastCursor } from "../../chat/cursor";
import type { Context } from "../../context";
import { toCsv } from "../../csv";
import { type Db, rowsOf } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import type { AppRow, AppService } from "../apps";
import type { Authenticated } from "../auth";
import { chatUsersOfApp } from "../chat-users";
import { type BrandService, requireNoticeFeature } from "./brands";
import { readRecipientCsv } from "./recipient-csv";
import { type BrandRow, brands, type CampaignRow, campaignExclusions, campaigns } from "./schema";

/** Statuses in which a campaign holds its brand: the brand's usage status may not change under it. */
const HOLDS_BRAND = ["awaiting", "sending"] as const;
/** Rows of an upload checked and stored per statement. */
const STORE_SLICE = 10_000;

/** Asks for a campaign's send or deletion to be run now (or at `startAfter` seconds); set by the sender. */
export type CampaignKick = (campaignId: string, startAfterSeconds?: number) => Promise<void>;

/**
 * Bulk messages: the dashboard's side (drafts, recipients, confirm, cancel, retry, delete, resend, reports). The
 * sending itself is in `sender.ts`.
 */
export function createCampaignService(ctx: Context, deps: { apps: AppService; brands: BrandService }) {
  const { db } = ctx.database;
  const { clock } = ctx;
  let kick: CampaignKick = async () => {};

  function toCampaign(row: CampaignRow, brand: Pick<BrandRow, "id" | "name" | "inUse"> | null): TCampaign {
    const sent = row.succeededCount + row.failedCount;
    return {
      id: row.id,
      brand: brand ? { id: brand.id, name: brand.name, inUse: brand.inUse } : null,
      title: row.title,
      content: row.content,
      metadata: row.metadata,
      push: { enabled: row.pushEnabled, title: row.pushTitle, body: row.pushBody },
      sendType: row.sendType,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      status: row.status,
      recipients: {
        fileName: row.recipientFileName,
        uploadedAt: row.recipientsUploadedAt?.toISOString() ?? null,
        total: row.totalRows,
        valid: row.recipientCount,
        excluded: {
          unknown: row.excludedUnknown,
          duplicate: row.excludedDuplicate,
          deactivated: row.excludedDeactivated,
        },
      },
      progress: {
        recipients: row.recipientCount,
        sent,
        succeeded: row.succeededCount,
        failed: row.failedCount,
        deleted: row.deletedCount,
      },
      errorCode: row.errorCode,
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      resentFromId: row.resentFromId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function present(rows: CampaignRow[]): Promise<TCampaign[]> {
    const ids = [...new Set(rows.map((r) => r.brandId).filter((id): id is string => id !== null))];
    const found = ids.length
      ? await db
          .select({ id: brands.id, name: brands.name, inUse: brands.inUse })
          .from(brands)
          .where(inArray(brands.id, ids))
      : [];
    const byId = new Map(found.map((b) => [b.id, b]));
    return rows.map((row) => toCampaign(row, row.brandId ? (byId.get(row.brandId) ?? null) : null));
  }

  const presentOne = async (row: CampaignRow) => (await present([row]))[0] as TCampaign;

  async function requireApp(auth: Authenticated, appId: string): Promise<AppRow> {
    requireNoticeFeature(auth);
    return deps.apps.requireAppAccess(auth, appId);
  }

  async function requireCampaign(appId: string, campaignId: string, q: Db = db): Promise<CampaignRow> {
    const [row] = await q
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.appId, appId)))
      .limit(1);
    if (!row) throw new AppError(Errors.CAMPAIGN_NOT_FOUND);
    return row;
  }

  function requireStatus(row: CampaignRow, action: TCampaignAction): void {
    if (!campaignAllows(action, row.status))
      throw new AppError(Errors.CAMPAIGN_STATUS_CONFLICT, { status: row.status });
  }

  async function requireBrandOfApp(appId: string, brandId: string | null): Promise<BrandRow | null> {
    if (brandId === null) return null;
    const [row] = await db
      .select()
      .from(brands)
      .where(and(eq(brands.id, brandId), eq(brands.appId, appId)))
      .limit(1);
    if (!row) throw new AppError(Errors.BRAND_NOT_FOUND);
    return row;
  }

  const formValues = (input: TCampaignRequest) => ({
    brandId: input.brandId,
    title: input.title,
    content: input.content,
    metadata: input.metadata.map(({ key, value }) => ({ key: key.trim(), value })),
    pushEnabled: input.push.enabled,
    pushTitle: input.push.title,
    pushBody: input.push.body,
    sendType: input.sendType,
    scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
  });

  /**
   * Moves a campaign from one of `from` to `to` under its row lock, so a sender between chunks and a dashboard
   * action never both win. Answers 3057 with the status found when it is not one of `from`.
   */
  async function transition(
    appId: string,
    campaignId: string,
    action: TCampaignAction,
    change: (row: CampaignRow) => Partial<CampaignRow>,
  ): Promise<CampaignRow> {
    return withTransaction(db, async (tx) => {
      const [row] = await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.id, campaignId), eq(campaigns.appId, appId)))
        .for("update")
        .limit(1);
      if (!row) throw new AppError(Errors.CAMPAIGN_NOT_FOUND);
      requireStatus(row, action);
      const [updated] = await tx
        .update(campaigns)
        .set({ ...change(row), updatedAt: clock.now() })
        .where(eq(campaigns.id, row.id))
        .returning();
      return updated as CampaignRow;
    });
  }

  const service = {
    /** The sender registers how to start a run; the dashboard's actions call it after they commit. */
    setKick(fn: CampaignKick) {
      kick = fn;
    },

    /** Brands whose campaign awaits or is being sent keep their usage status (spec section 4). */
    async holdsBrand(brandId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.brandId, brandId), inArray(campaigns.status, [...HOLDS_BRAND])))
        .limit(1);
      return Boolean(row);
    },

    async list(auth: Authenticated, appId: string, query: TCampaignListQuery): Promise<TCampaignPage> {
      const app = await requireApp(auth, appId);
      const conditions: (SQL | undefined)[] = [eq(campaigns.appId, app.id)];
      if (query.q) conditions.push(ilike(campaigns.title, likePattern(query.q)));
      if (query.status) conditions.push(eq(campaigns.status, query.status));
      conditions.push(pastCursor(decodeCursor(query.cursor), campaigns.createdAt, campaigns.id, "desc"));
      const rows = await db
        .select()
        .from(campaigns)
        .where(and(...conditions))
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
        .limit(query.limit + 1);
      const page = pageOf(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
      return { campaigns: await present(page.items), nextCursor: page.nextCursor };
    },

    async get(auth: Authenticated, appId: string, campaignId: string): Promise<TCampaign> {
      const app = await requireApp(auth, appId);
      return presentOne(await requireCampaign(app.id, campaignId));
    },

    /** A new draft. An app with no brand in use has nothing to send as (3053). */
    async create(auth: Authenticated, appId: string, input: TCampaignRequest): Promise<TCampaign> {
      const app = await requireApp(auth, appId);
      const [usable] = await db
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.appId, app.id), eq(brands.inUse, true)))
        .limit(1);
      if (!usable) throw new AppError(Errors.NO_BRAND_IN_USE);
      await requireBrandOfApp(app.id, input.brandId);
      const now = clock.now();
      const [row] = await db
        .insert(campaigns)
        .values({ appId: app.id, ...formValues(input), status: "draft", createdAt: now, updatedAt: now })
        .returning();
      return presentOne(row as CampaignRow);
    },

    /** Saves the form of a draft ("temporary save"); a campaign past its draft no longer changes. */
    async update(auth: Authenticated, appId: string, campaignId: string, input: TCampaignRequest) {
      const app = await requireApp(auth, appId);
      await requireBrandOfApp(app.id, input.brandId);
      return presentOne(await transition(app.id, campaignId, "edit", () => formValues(input)));
    },

    async discard(auth: Authenticated, appId: string, campaignId: string): Promise<void> {
      const app = await requireApp(auth, appId);
      await withTransaction(db, async (tx) => {
        const [row] = await tx
          .select()
          .from(campaigns)
          .where(and(eq(campaigns.id, campaignId), eq(campaigns.appId, app.id)))
          .for("update")
          .limit(1);
        if (!row) throw new AppError(Errors.CAMPAIGN_NOT_FOUND);
        requireStatus(row, "discard");
        await tx.delete(campaigns).where(eq(campaigns.id, row.id));
      });
    },

    /**
     * Reads and checks a recipient file and keeps its outcome, replacing an earlier upload. Each row is a
     * recipient or excluded for one reason: unknown (no such user, or not a valid user id), duplicate (named by
     * an earlier row), deactivated.
     */
    async uploadRecipients(
      auth: Authenticated,
      appId: string,
      campaignId: string,
      upload: { fileName: string; bytes: Uint8Array },
    ): Promise<TCampaign> {
      const app = await requireApp(auth, appId);
      requireStatus(await requireCampaign(app.id, campaignId), "edit");
      const rows = readRecipientCsv(upload.bytes);

      // Rows that are no user id at all, and repeats, are told apart here; the rest is checked against the
      // app's users by the database, which stores the outcome in the same statement, so the rows never come back.
      const seen = new Set<string>();
      const candidates: { r: number; v: string }[] = [];
      const excluded: { r: number; v: string; reason: TExclusionReason }[] = [];
      for (const row of rows) {
        if (!zUserId.safeParse(row.value).success) {
          excluded.push({ r: row.rowNo, v: row.value, reason: "unknown" });
        } else if (seen.has(row.value)) {
          excluded.push({ r: row.rowNo, v: row.value, reason: "duplicate" });
        } else {
          seen.add(row.value);
          candidates.push({ r: row.rowNo, v: row.value });
        }
      }

      const now = clock.now();
      const updated = await withTransaction(db, async (tx) => {
        const [locked] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update").limit(1);
        if (!locked) throw new AppError(Errors.CAMPAIGN_NOT_FOUND);
        requireStatus(locked, "edit");
        await tx.execute(sql`delete from campaign_recipients where campaign_id = ${campaignId}`);
        await tx.execute(sql`delete from campaign_exclusions where campaign_id = ${campaignId}`);
        const counts = { valid: 0, unknown: 0, deactivated: 0 };
        for (let i = 0; i < candidates.length; i += STORE_SLICE) {
          const slice = candidates.slice(i, i + STORE_SLICE);
          const result = await tx.execute(sql`
            with input as (
              select * from jsonb_to_recordset(${JSON.stringify(slice)}::jsonb) as x (r int, v text)
            ), found as (
              select input.r, input.v, u.id, u.is_active
              from input left join ${chatUsersOfApp(tx, app.id)} u on u.user_id = input.v
            ), kept as (
              insert into campaign_recipients (campaign_id, row_no, chat_user_id)
              select ${campaignId}, r, id from found where id is not null and is_active
              returning 1
            ), left_out as (
              insert into campaign_exclusions (campaign_id, row_no, value, reason)
              select ${campaignId}, r, v, case when id is null then 'unknown' else 'deactivated' end
              from found where id is null or not is_active
              returning reason
            )
            select (select count(*) from kept)::int as valid,
              (select count(*) from left_out where reason = 'unknown')::int as unknown,
              (select count(*) from left_out where reason = 'deactivated')::int as deactivated`);
          const [found] = rowsOf<{ valid: number; unknown: number; deactivated: number }>(result);
          counts.valid += Number(found?.valid ?? 0);
          counts.unknown += Number(found?.unknown ?? 0);
          counts.deactivated += Number(found?.deactivated ?? 0);
        }
        for (let i = 0; i < excluded.length; i += STORE_SLICE) {
          const slice = excluded.slice(i, i + STORE_SLICE);
          await tx.execute(sql`
            insert into campaign_exclusions (campaign_id, row_no, value, reason)
            select ${campaignId}, r, v, reason
            from jsonb_to_recordset(${JSON.stringify(slice)}::jsonb) as x (r int, v text, reason text)`);
        }
        const [row] = await tx
          .update(campaigns)
          .set({
            recipientFileName: upload.fileName,
            recipientsUploadedAt: now,
            totalRows: rows.length,
            recipientCount: counts.valid,
            excludedUnknown: counts.unknown + excluded.filter((e) => e.reason === "unknown").length,
            excludedDuplicate: excluded.filter((e) => e.reason === "duplicate").length,
            excludedDeactivated: counts.deactivated,
            updatedAt: now,
          })
          .where(eq(campaigns.id, campaignId))
          .returning();
        return row as CampaignRow;
      });
      return presentOne(updated);
    },

    /**
     * The excluded rows as CSV. Their values come from the uploaded file as written, so the writer's formula guard
     * is what keeps a row like `=HYPERLINK(...)` from running when the export is opened.
     */
    async excludedCsv(auth: Authenticated, appId: string, campaignId: string): Promise<string> {
      const app = await requireApp(auth, appId);
      const campaign = await requireCampaign(app.id, campaignId);
      const rows = await db
        .select()
        .from(campaignExclusions)
        .where(eq(campaignExclusions.campaignId, campaign.id))
        .orderBy(campaignExclusions.rowNo);
      return toCsv([CAMPAIGN_EXCLUDED_CSV_COLUMNS, ...rows.map((row) => [row.rowNo, row.value, row.reason])]);
    },

    /**
     * Confirms a draft for sending: it must be complete (3059 lists what is missing), its brand in use (3054),
     * and a scheduled time later than now (3058). Sent at once or at that time.
     */
    async confirm(auth: Authenticated, appId: string, campaignId: string): Promise<TCampaign> {
      const app = await requireApp(auth, appId);
      const draft = await requireCampaign(app.id, campaignId);
      requireStatus(draft, "edit");
      const form = {
        brandId: draft.brandId,
        title: draft.title,
        content: draft.content,
        metadata: draft.metadata,
        push: { enabled: draft.pushEnabled, title: draft.pushTitle, body: draft.pushBody },
        sendType: draft.sendType,
        scheduledAt: draft.scheduledAt?.toISOString() ?? null,
      };
      const missing = campaignMissing(form, draft.recipientCount);
      if (missing.length > 0) throw new AppError(Errors.CAMPAIGN_NOT_READY, { missing });
      const brand = await requireBrandOfApp(app.id, draft.brandId);
      if (!brand?.inUse) throw new AppError(Errors.CAMPAIGN_BRAND_NOT_IN_USE);
      const now = clock.now();
      if (draft.sendType === "scheduled" && (draft.scheduledAt as Date) <= now)
        throw new AppError(Errors.SCHEDULE_IN_PAST);
      const row = await transition(app.id, campaignId, "edit", () => ({
        status: "awaiting",
        scheduledAt: draft.sendType === "now" ? now : draft.scheduledAt,
        errorCode: null,
      }));
      await kick(row.id, Math.max(0, Math.ceil(((row.scheduledAt as Date).getTime() - now.getTime()) / 1000)));
      return presentOne(row);
    },

    /** Stops a scheduled send, or one under way after the recipients it is sending to now. */
    async cancel(auth: Authenticated, appId: string, campaignId: string): Promise<TCampaign> {
      const app = await requireApp(auth, appId);
      const row = await transition(app.id, campaignId, "cancel", () => ({
        status: "cancelled",
        finishedAt: clock.now(),
        leaseOwner: null,
        leaseUntil: null,
      }));
      return presentOne(row);
    },

    /** Resumes a failed send where it stopped, or a failed deletion; nobody gets a second copy. */
    async retry(auth: Authenticated, appId: string, campaignId: string): Promise<TCampaign> {
      const app = await requireApp(auth, appId);
      const current = await requireCampaign(app.id, campaignId);
      const action: TCampaignAction = campaignAllows("retryDelete", current.status) ? "retryDelete" : "retrySend";
      const row = await transition(app.id, campaignId, action, (found) => ({
        status: found.status === "delete_failed" ? "deleting" : "awaiting",
        scheduledAt: found.status === "send_failed" ? clock.now() : found.scheduledAt,
        errorCode: null,
        leaseOwner: null,
        leaseUntil: null,
      }));
      await kick(row.id);
      return presentOne(row);
    },

    /** Deletes the delivered messages from every recipient's brand channel, once the send has ended. */
    async deleteMessages(auth: Authenticated, appId: string, campaignId: string): Promise<TCampaign> {
      const app = await requireApp(auth, appId);
      const row = await transition(app.id, campaignId, "deleteMessages", () => ({
        status: "deleting",
        errorCode: null,
        leaseOwner: null,
        leaseUntil: null,
      }));
      await kick(row.id);
      return presentOne(row);
    },

    /** A new draft with the form and the recipients of a finished campaign; the file need not be uploaded again. */
    async resend(auth: Authenticated, appId: string, campaignId: string): Promise<TCampaign> {
      const app = await requireApp(auth, appId);
      const source = await requireCampaign(app.id, campaignId);
      requireStatus(source, "resend");
      const now = clock.now();
      const copy = await withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(campaigns)
          .values({
            appId: app.id,
            brandId: source.brandId,
            title: source.title,
            content: source.content,
            metadata: source.metadata,
            pushEnabled: source.pushEnabled,
            pushTitle: source.pushTitle,
            pushBody: source.pushBody,
            sendType: "now",
            scheduledAt: null,
            status: "draft",
            recipientFileName: source.recipientFileName,
            recipientsUploadedAt: source.recipientsUploadedAt,
            totalRows: source.totalRows,
            recipientCount: source.recipientCount,
            excludedUnknown: source.excludedUnknown,
            excludedDuplicate: source.excludedDuplicate,
            excludedDeactivated: source.excludedDeactivated,
            resentFromId: source.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const created = row as CampaignRow;
        await tx.execute(sql`
          insert into campaign_recipients (campaign_id, row_no, chat_user_id)
          select ${created.id}, row_no, chat_user_id from campaign_recipients where campaign_id = ${source.id}`);
        await tx.execute(sql`
          insert into campaign_exclusions (campaign_id, row_no, value, reason)
          select ${created.id}, row_no, value, reason from campaign_exclusions where campaign_id = ${source.id}`);
        return created;
      });
      return presentOne(copy);
    },

    /** The send's figures and each day's first reads over the days after it started (UTC days). */
    async report(auth: Authenticated, appId: string, campaignId: string): Promise<TCampaignReport> {
      const app = await requireApp(auth, appId);
      const row = await requireCampaign(app.id, campaignId);
      const campaign = await presentOne(row);
      if (!row.startedAt) return { campaign, dailyReads: [], reads: 0 };
      const result = await db.execute(sql`
        select to_char(read_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as reads
        from campaign_recipients where campaign_id = ${row.id} and read_at is not null group by 1`);
      const byDay = new Map(rowsOf<{ day: string; reads: number }>(result).map((r) => [r.day, Number(r.reads)]));
      const reads = [...byDay.values()].reduce((sum, n) => sum + n, 0);
      const dailyReads = campaignReportDays(row.startedAt).map((day) => ({ day, reads: byDay.get(day) ?? 0 }));
      return { campaign, dailyReads, reads };
    },
  };
  deps.brands.awaitingSendChecks.push(service.holdsBrand);
  return service;
}

export type CampaignService = ReturnType<typeof createCampaignService>;
