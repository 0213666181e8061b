import { randomUUID } from "node:crypto";
import {
  BRAND_COVER_FILES_PATH,
  type ErrorCode,
  Errors,
  renderCampaignTemplate,
  type TCampaignTemplateValues,
} from "@parley/contract";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Context } from "../../context";
import { type Db, rowsOf } from "../../db/client";
import { AppError } from "../../errors";
import type { AppRow, AppService } from "../apps";
import { findApp } from "../apps";
import type { ChannelRow, ChannelService } from "../channels";
import type { ChatUserRow } from "../chat-users";
import { findChatUsersByIds } from "../chat-users";
import type { MessageDraft, MessageService } from "../messages";
import type { MessagePushOverride } from "../push";
import { createBrandChannels } from "./brand-channels";
import { type BrandRow, brands, type CampaignRow, campaignRecipients, campaigns } from "./schema";

/**
 * Refusals about the app rather than the recipient: sending on would fail for everyone, so the send stops as
 * `send_failed` with the code, and a retry resumes with the recipients not yet handled.
 */
const STOPS_THE_SEND = new Set<ErrorCode>([
  Errors.APP_DEACTIVATED,
  Errors.ACCOUNT_APPS_DEACTIVATED,
  Errors.MESSAGE_QUOTA_EXCEEDED,
  Errors.NO_ACTIVE_PLAN,
]);

/** A recipient whose message is not sent, and why. */
interface Failure {
  chatUserId: string;
  code: string;
}

/** Batches whose recipients are read and messages prepared ahead of those being stored, on PostgreSQL. */
const BATCHES_AHEAD = 2;
/** Batches stored side by side, each in a transaction of its own, on PostgreSQL. */
const BATCHES_STORED_AT_ONCE = 2;

/** Thrown inside a batch's transaction to undo it: the send was cancelled or taken over meanwhile. */
class NoLongerOurs extends Error {}

/** A recipient's message, prepared for the channel it goes to. */
interface Prepared {
  user: ChatUserRow;
  channel: ChannelRow;
  draft: MessageDraft;
}

/** A batch of recipients read and their messages prepared: what is left is to store them. */
interface Batch {
  /** Messages to the recipients' existing brand channels. */
  existing: Prepared[];
  /** Messages to channels planned for recipients who have none yet, made with the batch's messages. */
  planned: Prepared[];
  /** The recipients already known to fail: users deleted or deactivated since the upload, banned, or refused. */
  failed: Failure[];
}

/**
 * Sends and deletes bulk messages. A run holds the campaign's lease (renewed after every batch) so only one
 * process works on it; a process that dies leaves the lease to lapse and the next run resumes. Each batch stores
 * its messages and marks its recipients in one transaction, so after a crash a recipient either has the message
 * and is marked, or has neither: nobody gets a second copy.
 */
export function createCampaignSender(
  ctx: Context,
  deps: { apps: AppService; channels: ChannelService; messages: MessageService },
) {
  const { db } = ctx.database;
  const { clock } = ctx;
  const owner = randomUUID();
  const leaseMs = ctx.config.campaignLeaseSeconds * 1000;
  const batchSize = ctx.config.campaignBatchSize;
  const brandChannels = createBrandChannels(ctx, { channels: deps.channels });

  const coverUrl = (brand: BrandRow) =>
    brand.coverImageId ? `${ctx.config.publicUrl}${BRAND_COVER_FILES_PATH}/${brand.coverImageId}` : "";
  const brandRefOf = (brand: BrandRow) => ({ id: brand.id, name: brand.name, imageUrl: coverUrl(brand) });

  const valuesFor = (app: AppRow, brand: BrandRow, user: ChatUserRow): TCampaignTemplateValues => ({
    "app.name": app.name,
    "brand.name": brand.name,
    "brand.description": brand.description,
    "brand.coverImageUrl": coverUrl(brand),
    "user.name": user.nickname,
    "user.profileImageUrl": user.profileImageUrl,
  });

  /** Takes the campaign if it is due and nobody else holds it; an awaiting send starts here. */
  async function acquire(campaignId: string): Promise<CampaignRow | null> {
    const now = clock.now();
    const result = await db.execute(sql`
      update campaigns set
        lease_owner = ${owner},
        lease_until = ${new Date(now.getTime() + leaseMs)},
        started_at = case when status = 'awaiting' then coalesce(started_at, ${now}) else started_at end,
        status = case when status = 'awaiting' then 'sending' else status end,
        updated_at = ${now}
      where id = ${campaignId}
        and (lease_until is null or lease_until < ${now})
        and (status in ('sending', 'deleting') or (status = 'awaiting' and scheduled_at <= ${now}))
      returning id`);
    if (rowsOf(result).length === 0) return null;
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId)).limit(1);
    return row ?? null;
  }

  /** Locks the campaign for a batch's transaction; null when it was cancelled or taken over meanwhile. */
  async function stillOurs(tx: Db, campaignId: string, status: CampaignRow["status"]) {
    const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update").limit(1);
    return row && row.status === status && row.leaseOwner === owner ? row : null;
  }

  /** The next recipients still pending after row `after` (in upload order; null: from the first). */
  async function pendingAfter(campaignId: string, after: number | null) {
    return db
      .select({ recipientId: campaignRecipients.chatUserId, rowNo: campaignRecipients.rowNo })
      .from(campaignRecipients)
      .where(
        and(
          eq(campaignRecipients.campaignId, campaignId),
          eq(campaignRecipients.state, "pending"),
          after === null ? undefined : gt(campaignRecipients.rowNo, after),
        ),
      )
      .orderBy(campaignRecipients.rowNo)
      .limit(batchSize);
  }

  /**
   * The recipients of a batch, their brand channels (read, or planned) and their messages prepared, outside any
   * transaction: the filters read through `db`, which on PGlite's single connection must not wait behind an open
   * transaction. The checks (plan, quota) are about the app, and run once per batch just before it is stored.
   */
  async function readBatch(
    campaign: CampaignRow,
    app: AppRow,
    brand: BrandRow,
    rows: { recipientId: string; rowNo: number }[],
  ): Promise<Batch> {
    const found = new Map(
      (
        await findChatUsersByIds(
          db,
          rows.map((row) => row.recipientId),
        )
      ).map((user) => [user.id, user]),
    );
    // The missing are users deleted since the upload.
    const failed: Failure[] = rows
      .filter((row) => !found.has(row.recipientId))
      .map((row) => ({ chatUserId: row.recipientId, code: Errors.CHAT_USER_NOT_FOUND }));
    const active = rows.flatMap((row) => {
      const user = found.get(row.recipientId);
      if (user && !user.isActive) failed.push({ chatUserId: user.id, code: Errors.CHAT_USER_DEACTIVATED });
      return user?.isActive ? [user] : [];
    });
    const { existing, planned, refused } = await brandChannels.readBrandChannels(
      app,
      brandRefOf(brand),
      active,
      clock.now(),
    );
    for (const [chatUserId, code] of refused) failed.push({ chatUserId, code });
    const metadata = Object.fromEntries(campaign.metadata.map(({ key, value }) => [key, value]));
    const batch: Batch = { existing: [], planned: [], failed };
    for (const user of active) {
      const known = existing.get(user.id);
      const channel = known ?? planned.get(user.id);
      if (!channel) continue;
      const text = renderCampaignTemplate(campaign.content, valuesFor(app, brand, user));
      try {
        const draft = await deps.messages.prepare({ kind: "admin", app }, channel, { text, metadata }, "admin", {
          checks: false,
        });
        (known ? batch.existing : batch.planned).push({ user, channel, draft });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (STOPS_THE_SEND.has(err.code)) throw err;
        failed.push({ chatUserId: user.id, code: err.code });
      }
    }
    return batch;
  }

  /**
   * Stores a prepared batch in one transaction: the planned channels made, the messages stored, the recipients
   * marked. False when the send stopped being ours.
   */
  async function sendBatch(campaign: CampaignRow, app: AppRow, brand: BrandRow, next: Batch): Promise<boolean> {
    const any = next.existing[0] ?? next.planned[0];
    if (any) await deps.messages.check(any.draft);
    const delivered = await deps.channels
      .mutate(async (tx, batch) => {
        const now = clock.now();
        const failures = [...next.failed];
        const made = await brandChannels.makeBrandChannels(tx, batch, app, brandRefOf(brand), next.planned);
        const toStore = [...next.existing];
        const madeIds = new Set<string>();
        for (const prepared of next.planned) {
          const { user, channel } = prepared;
          const taken = made.existing.get(user.id);
          if (made.made.has(user.id)) {
            toStore.push(prepared);
            madeIds.add(channel.id);
          } else if (taken) {
            toStore.push({ user, channel: taken, draft: { ...prepared.draft, channel: taken } });
          } else {
            failures.push({ chatUserId: user.id, code: made.refused.get(user.id) ?? Errors.CHANNEL_NOT_FOUND });
          }
        }
        const messages = await deps.messages.storeMany(
          tx,
          batch,
          toStore.map((p) => p.draft),
          now,
          { newChannelIds: madeIds },
        );
        const marks: Record<string, unknown>[] = failures.map((f) => ({
          chat_user_id: f.chatUserId,
          state: "failed",
          code: f.code,
        }));
        let succeeded = 0;
        toStore.forEach(({ user, channel }, i) => {
          const message = messages[i];
          if (!message) {
            marks.push({ chat_user_id: user.id, state: "failed", code: Errors.CHANNEL_NOT_FOUND });
            return;
          }
          succeeded += 1;
          marks.push({
            chat_user_id: user.id,
            state: "succeeded",
            channel_id: channel.id,
            message_id: message.id,
            seq: message.seq,
          });
        });
        // Whether the send is still ours is asked last: batches stored side by side then queue on the campaign's row
        // only for their marks and commit. A cancel or a takeover meanwhile undoes the whole batch.
        if (!(await stillOurs(tx, campaign.id, "sending"))) throw new NoLongerOurs();
        // The recipients' marks and the campaign's counts and lease, in one statement.
        const marked = await tx.execute(sql`
        with marked as (
          update campaign_recipients r set
            state = v.state, error_code = v.code, channel_id = v.channel_id, message_id = v.message_id,
            message_seq = v.seq, sent_at = ${now}
          from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb)
            as v (chat_user_id uuid, state text, code text, channel_id uuid, message_id uuid, seq int)
          where r.campaign_id = ${campaign.id} and r.chat_user_id = v.chat_user_id and r.state = 'pending'
          returning r.chat_user_id
        ), counted as (
          update campaigns set
            succeeded_count = succeeded_count + ${succeeded}, failed_count = failed_count + ${marks.length - succeeded},
            lease_until = ${new Date(now.getTime() + leaseMs)}, updated_at = ${now}
          where id = ${campaign.id}
        )
        select count(*)::int as n from marked`);
        // Every recipient of the batch was pending when read; if one is not any more, another run handled it, and
        // storing this batch would send a second copy.
        if (Number(rowsOf<{ n: number }>(marked)[0]?.n) !== marks.length) {
          throw new Error("campaign batch was handled twice");
        }
        return succeeded;
      })
      .catch((err: unknown) => {
        if (err instanceof NoLongerOurs) return null;
        throw err;
      });
    return delivered !== null;
  }

  /** Deletes one batch of delivered messages; false when none is left or the deletion stopped being ours. */
  async function deleteBatch(campaign: CampaignRow): Promise<boolean> {
    const result = await db.execute(sql`
      select chat_user_id, channel_id, message_id from campaign_recipients
      where campaign_id = ${campaign.id} and state = 'succeeded' and deleted_at is null
      order by row_no limit ${batchSize}`);
    const targets = rowsOf<{ chat_user_id: string; channel_id: string; message_id: string }>(result);
    if (targets.length === 0) {
      await db
        .update(campaigns)
        .set({ status: "deleted", leaseOwner: null, leaseUntil: null, updatedAt: clock.now() })
        .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, "deleting"), eq(campaigns.leaseOwner, owner)));
      return false;
    }
    return deps.channels.mutate(async (tx, batch) => {
      if (!(await stillOurs(tx, campaign.id, "deleting"))) return false;
      const now = clock.now();
      for (const target of targets) {
        await deps.messages.remove(tx, batch, campaign.appId, target.channel_id, target.message_id, now);
      }
      await tx.execute(sql`
        update campaign_recipients set deleted_at = ${now}
        where campaign_id = ${campaign.id}
          and chat_user_id in (select jsonb_array_elements_text(${JSON.stringify(targets.map((t) => t.chat_user_id))}::jsonb)::uuid)`);
      await tx
        .update(campaigns)
        .set({
          deletedCount: sql`${campaigns.deletedCount} + ${targets.length}`,
          leaseUntil: new Date(now.getTime() + leaseMs),
          updatedAt: now,
        })
        .where(eq(campaigns.id, campaign.id));
      return true;
    });
  }

  async function sendAll(campaign: CampaignRow): Promise<void> {
    const app = await findApp(db, campaign.appId);
    if (!app) return;
    await deps.apps.requireChatAccess(app);
    const [brand] = campaign.brandId
      ? await db.select().from(brands).where(eq(brands.id, campaign.brandId)).limit(1)
      : [];
    if (!brand) throw new AppError(Errors.BRAND_NOT_FOUND);
    if (!brand.inUse) throw new AppError(Errors.CAMPAIGN_BRAND_NOT_IN_USE);
    // On PostgreSQL the next batches' recipients and channels are read and their messages prepared while earlier
    // batches are stored, and two batches are stored side by side, each in its own transaction on its own
    // connection: a batch's statements run one after the other, and the database has more than one core. The
    // recipients are read in upload order, each batch after the last row the one before read, so no two batches hold
    // the same recipient; which batch commits first does not matter, since each marks its own recipients, and a
    // resumed send takes whoever is still pending. PGlite has one connection, which they would only take turns on.
    const postgres = ctx.database.kind === "postgres";
    const ahead = postgres ? BATCHES_AHEAD : 0;
    const storingAtOnce = postgres ? BATCHES_STORED_AT_ONCE : 1;
    let lastRead: Promise<number | null | "done"> = Promise.resolve(null);
    const fetchBatch = (): Promise<Batch | null> => {
      const rows = lastRead.then((after) => (after === "done" ? [] : pendingAfter(campaign.id, after)));
      lastRead = rows.then((read) => read.at(-1)?.rowNo ?? "done");
      const batch = rows.then((read) => (read.length > 0 ? readBatch(campaign, app, brand, read) : null));
      // Awaited in turn below, or dropped with the send; until then a failure must not count as unhandled.
      batch.catch(() => undefined);
      lastRead.catch(() => undefined);
      return batch;
    };
    const queue = Array.from({ length: ahead + 1 }, fetchBatch);
    const storing: Promise<boolean>[] = [];
    const settle = () => Promise.allSettled([...queue, ...storing]);
    let ours = true;
    try {
      for (;;) {
        const current = await (queue.shift() as Promise<Batch | null>);
        if (!current) break;
        if (ahead > 0) queue.push(fetchBatch());
        const stored = sendBatch(campaign, app, brand, current);
        stored.catch(() => undefined);
        storing.push(stored);
        if (storing.length >= storingAtOnce && !(await (storing.shift() as Promise<boolean>))) {
          ours = false;
          break;
        }
        if (ahead === 0) queue.push(fetchBatch());
      }
      for (const stored of storing) if (!(await stored)) ours = false;
    } catch (err) {
      await settle();
      throw err;
    }
    await settle();
    if (!ours) return;
    await db
      .update(campaigns)
      .set({ status: "sent", finishedAt: clock.now(), leaseOwner: null, leaseUntil: null, updatedAt: clock.now() })
      .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, "sending"), eq(campaigns.leaseOwner, owner)));
  }

  async function runHeld(campaignId: string): Promise<boolean> {
    const campaign = await acquire(campaignId);
    if (!campaign) return false;
    const failedStatus = campaign.status === "deleting" ? "delete_failed" : "send_failed";
    try {
      if (campaign.status === "sending") await sendAll(campaign);
      else if (campaign.status === "deleting") while (await deleteBatch(campaign)) {}
    } catch (err) {
      const code = err instanceof AppError ? err.code : Errors.UNEXPECTED;
      if (!(err instanceof AppError)) ctx.log.error({ err, campaignId }, "bulk message run failed");
      await db
        .update(campaigns)
        .set({ status: failedStatus, errorCode: code, leaseOwner: null, leaseUntil: null, updatedAt: clock.now() })
        .where(
          and(eq(campaigns.id, campaignId), eq(campaigns.status, campaign.status), eq(campaigns.leaseOwner, owner)),
        );
    }
    return true;
  }

  const running = new Set<string>();

  const sender = {
    /**
     * Runs a campaign's send or deletion to its end, if it is due and free. Returns whether this call worked on
     * it. A refusal or fault stops it as `send_failed` or `delete_failed` with the code, to be retried.
     */
    async run(campaignId: string): Promise<boolean> {
      // A second kick while this process runs the campaign would find the lease its own.
      if (running.has(campaignId)) return false;
      running.add(campaignId);
      try {
        return await runHeld(campaignId);
      } finally {
        running.delete(campaignId);
      }
    },

    /** Campaigns to run now: due sends, and sends or deletions whose holder let the lease lapse. */
    async due(): Promise<string[]> {
      const now = clock.now();
      const result = await db.execute(sql`
        select id from campaigns
        where (status = 'awaiting' and scheduled_at <= ${now})
           or (status in ('sending', 'deleting') and (lease_until is null or lease_until < ${now}))
        order by scheduled_at nulls first limit 100`);
      return rowsOf<{ id: string }>(result).map((r) => r.id);
    },

    /** Bulk messages choose their own push: none when switched off, else their title and body per recipient. */
    pushOverride: (async (_appId, message) => {
      if (message.type !== "admin") return null;
      const [found] = await db
        .select({
          pushEnabled: campaigns.pushEnabled,
          pushTitle: campaigns.pushTitle,
          pushBody: campaigns.pushBody,
          chatUserId: campaignRecipients.chatUserId,
          brand: brands,
        })
        .from(campaignRecipients)
        .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
        .leftJoin(brands, eq(brands.id, campaigns.brandId))
        .where(eq(campaignRecipients.messageId, message.id))
        .limit(1);
      if (!found) return null;
      if (!found.pushEnabled) return "silent";
      const [user] = await findChatUsersByIds(db, [found.chatUserId]);
      // The app as every chat request reads it; a rename reaches it at once in this process.
      const app = user ? await deps.apps.cachedApp(user.appId) : null;
      if (!user || !app || !found.brand) return "silent";
      const values = valuesFor(app, found.brand, user);
      return {
        title: renderCampaignTemplate(found.pushTitle, values),
        body: renderCampaignTemplate(found.pushBody, values),
      };
    }) satisfies MessagePushOverride,

    /** Read receipts of brand channels: a recipient's read mark passing the message counts it read. */
    async markRead(channel: ChannelRow, chatUserId: string, seq: number, at: Date): Promise<void> {
      if (!channel.brandId) return;
      await db.execute(sql`
        update campaign_recipients set read_at = ${at}
        where channel_id = ${channel.id} and chat_user_id = ${chatUserId} and message_id is not null
          and read_at is null and message_seq <= ${seq}`);
    },
  };
  return sender;
}

export type CampaignSender = ReturnType<typeof createCampaignSender>;
