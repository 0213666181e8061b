import { type TCall, type TChatEvent, type TLiveWebhookDelivery, WEBHOOK_RESPONSE_EXCERPT_MAX } from "@parley/contract";
import { and, asc, eq, isNull, lt, lte, or } from "drizzle-orm";
import type { Context } from "../../context";
import { withTransaction } from "../../db/transaction";
import { deliverWebhookJob, sendMailJob } from "../../jobs/catalog";
import { renderMail } from "../../mail/templates";
import { findAppWithOwner } from "../apps";
import type { LiveReport } from "../live";
import { attemptFields, previousSecretOf, type SettingsRow } from "./rows";
import { retryDelaySeconds } from "./schedule";
import { webhookAttempts, webhookDeliveries, webhookSettings } from "./schema";
import { type SendResult, sendWebhook } from "./sender";

/** A taken delivery stays locked this long: well past the send time-out, so a live attempt is never doubled. */
const LOCK_MS = 60_000;
/** The sweep leaves deliveries this long past due alone: their job is most likely still on its way. */
const SWEEP_GRACE_MS = 60_000;
const SWEEP_BATCH = 500;
/**
 * The job queue runs a job by the database's clock and a delivery is due by the app's, which may differ a little. A job
 * up to this early is put back for the rest of the wait rather than lost; an earlier one is a stray duplicate.
 */
const EARLY_JOB_MS = 2_000;

/**
 * The sending of stored deliveries: each attempt and the retry it may call for, the sweep that finds deliveries
 * whose job was lost, and what a receiver's 410 Gone turns off.
 */
export function createDeliveryRunner(
  ctx: Context,
  deps: {
    /** Called after each delivery attempt that failed (metrics count them). */
    onDeliveryFailed?: () => void;
    /** The dashboard's live tail hears each attempt and how it went. */
    live?: LiveReport;
    /** Forgets that the app's webhooks are on, once a 410 Gone has switched them off. */
    forgetActive: (appId: string) => void;
    timeoutMs: number;
  },
) {
  const { db } = ctx.database;

  function attemptOnce(row: SettingsRow, deliveryId: string, body: string): Promise<SendResult> {
    const previous = previousSecretOf(row, ctx.clock.now());
    return sendWebhook({
      url: row.url,
      deliveryId,
      body,
      secrets: [row.secret, ...(previous ? [previous.secret] : [])],
      outbound: ctx.outbound,
      timeoutMs: deps.timeoutMs,
      excerptMax: WEBHOOK_RESPONSE_EXCERPT_MAX,
    });
  }

  async function enqueue(deliveryId: string, delaySeconds?: number): Promise<void> {
    await ctx.jobs.send(
      deliverWebhookJob,
      { deliveryId },
      delaySeconds === undefined ? undefined : { startAfter: delaySeconds },
    );
  }

  /** A job that came a little early (see EARLY_JOB_MS) goes back in the queue for the rest of the wait. */
  async function requeueIfEarly(deliveryId: string, takenAt: Date): Promise<void> {
    const [row] = await db
      .select({ status: webhookDeliveries.status, nextAttemptAt: webhookDeliveries.nextAttemptAt })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId))
      .limit(1);
    const waitMs = row?.status === "pending" && row.nextAttemptAt ? row.nextAttemptAt.getTime() - takenAt.getTime() : 0;
    if (waitMs > 0 && waitMs <= EARLY_JOB_MS) await enqueue(deliveryId, waitMs / 1000);
  }

  /** Tells the app's owner, in their language, that a 410 Gone turned the app's webhooks off. */
  async function mailWebhooksOff(appId: string): Promise<void> {
    const owned = await findAppWithOwner(db, appId);
    if (!owned) return;
    const owner = { appName: owned.app.name, email: owned.owner.email, language: owned.owner.language };
    const link = `${ctx.config.publicUrl}/apps/${encodeURIComponent(appId)}/webhooks`;
    try {
      await ctx.jobs.send(
        sendMailJob,
        renderMail("webhooksGone", owner.language, owner.email, { name: owner.appName, link }),
      );
    } catch (err) {
      // Webhooks are off either way; the dashboard shows the switch and the log shows the 410.
      ctx.log.error({ err, appId }, "could not queue the webhooks-off mail");
    }
  }

  return {
    attemptOnce,
    enqueue,

    /**
     * The `webhooks.deliver` job: one attempt of a due delivery. The row is taken by moving its lock, so a
     * duplicated job, or one for a delivery already done or not yet due, does nothing. Settings are read now:
     * a changed URL or secret applies to deliveries already queued, and so does nothing else: switching webhooks
     * off stops new events from being queued but lets those already accepted go out. A receiver that answers
     * 410 Gone is the exception: it said the endpoint is gone for good, so webhooks go off, nothing queued for it
     * is sent, and the owner is told by mail.
     */
    async deliver(deliveryId: string): Promise<void> {
      const takenAt = ctx.clock.now();
      const [row] = await db
        .update(webhookDeliveries)
        .set({ lockedUntil: new Date(takenAt.getTime() + LOCK_MS) })
        .where(
          and(
            eq(webhookDeliveries.id, deliveryId),
            eq(webhookDeliveries.status, "pending"),
            lte(webhookDeliveries.nextAttemptAt, takenAt),
            or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, takenAt)),
          ),
        )
        .returning();
      if (!row) {
        await requeueIfEarly(deliveryId, takenAt);
        return;
      }
      const [settings] = await db.select().from(webhookSettings).where(eq(webhookSettings.appId, row.appId)).limit(1);
      const result: SendResult =
        !settings || settings.url === ""
          ? {
              ok: false,
              httpStatus: null,
              durationMs: 0,
              responseExcerpt: "",
              error: "the app has no webhook URL",
              retryAfter: null,
            }
          : await attemptOnce(settings, row.id, JSON.stringify(row.payload));

      if (!result.ok) deps.onDeliveryFailed?.();
      const isGone = result.httpStatus === 410;
      const attemptCount = row.attemptCount + 1;
      const now = ctx.clock.now();
      const delay =
        result.ok || isGone
          ? undefined
          : retryDelaySeconds({
              attemptCount,
              httpStatus: result.httpStatus,
              retryAfter: result.retryAfter,
              createdAt: row.createdAt,
              now,
            });
      const switchedOff = await withTransaction(db, async (tx) => {
        await tx.insert(webhookAttempts).values({ deliveryId: row.id, attemptedAt: takenAt, ...attemptFields(result) });
        await tx
          .update(webhookDeliveries)
          .set({
            status: result.ok ? "succeeded" : delay === undefined ? "failed" : "pending",
            attemptCount,
            nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay * 1000),
            lockedUntil: null,
          })
          .where(eq(webhookDeliveries.id, row.id));
        if (!isGone) return false;
        // The owner can redeliver these from the log once the endpoint is back.
        await tx
          .update(webhookDeliveries)
          .set({ status: "failed", nextAttemptAt: null })
          .where(and(eq(webhookDeliveries.appId, row.appId), eq(webhookDeliveries.status, "pending")));
        const switched = await tx
          .update(webhookSettings)
          .set({ enabled: false })
          .where(and(eq(webhookSettings.appId, row.appId), eq(webhookSettings.enabled, true)))
          .returning({ appId: webhookSettings.appId });
        return switched.length > 0;
      });
      deps.live?.(row.appId, () => {
        // Whichever kind of payload it carries: a chat event's, a call's, or another's with neither.
        const data = row.payload.data as { event?: TChatEvent; call?: TCall };
        const event = data.event ?? null;
        const call = data.call ?? null;
        return {
          type: "webhook.delivery",
          at: now,
          channelId: event?.channelId ?? null,
          userId: event ? (event.userId ?? event.message?.sender?.userId ?? null) : (call?.callerId ?? null),
          users: call ? [call.callerId, call.calleeId] : [],
          data: {
            deliveryId: row.id,
            event: row.eventType,
            status: result.ok ? "succeeded" : delay === undefined ? "failed" : "retrying",
            attempt: attemptCount,
            httpStatus: result.httpStatus,
            durationMs: result.durationMs,
            error: result.error,
          } satisfies TLiveWebhookDelivery,
        };
      });
      if (delay !== undefined) await enqueue(row.id, delay);
      if (switchedOff) {
        deps.forgetActive(row.appId);
        await mailWebhooksOff(row.appId);
      }
    },

    /**
     * The `webhooks.sweep` job: enqueues pending deliveries that are overdue and not being attempted, which is
     * what a crash between storing a delivery and enqueueing its job leaves behind. Returns how many it enqueued.
     */
    async sweep(): Promise<number> {
      const now = ctx.clock.now();
      const rows = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.status, "pending"),
            lt(webhookDeliveries.nextAttemptAt, new Date(now.getTime() - SWEEP_GRACE_MS)),
            or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
          ),
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(SWEEP_BATCH);
      for (const { id } of rows) await enqueue(id);
      return rows.length;
    },
  };
}
