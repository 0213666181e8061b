import {
  Errors,
  type TAnyWebhookPayload,
  type TCall,
  type TCallWebhookEvent,
  type TChatWebhookSettings,
  type TReport,
  type TReportTarget,
  type TUpdateChatWebhookSettingsRequest,
  type TWebhookDeliveriesPage,
  type TWebhookDelivery,
  type TWebhookDeliveryResponse,
  type TWebhookEnabled,
  type TWebhookEvent,
  type TWebhookListenEvent,
  type TWebhookSampleResponse,
  type TWebhookSettings,
  type TWebhookSettingsRequest,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  WEBHOOK_TIMEOUT_MS,
} from "@parley/contract";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { createTtlCache } from "../../cache";
import { pageOf, pastCursor } from "../../chat/cursor";
import type { OutboxConsumer } from "../../chat/outbox";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import type { AppRow, AppService } from "../apps";
import type { Authenticated } from "../auth";
import type { LiveReport } from "../live";
import { createDeliveryRunner } from "./deliveries";
import {
  type AttemptRow,
  attemptFields,
  type DeliveryRow,
  decodeDeliveryCursor,
  failureReason,
  isActiveRow,
  type SettingsRow,
  toAttempt,
  toDelivery,
  toSettings,
} from "./rows";
import { callPayloadOf, payloadOf, samplePayload } from "./samples";
import { webhookAttempts, webhookDeliveries, webhookSettings } from "./schema";
import { generateSecret, newDeliveryId } from "./signing";

/**
 * Every chat event asks whether the app has webhooks on, so the answer is cached. A save in this process takes
 * effect at once; other server processes see it within this many milliseconds.
 */
const CACHE_MS = 5_000;

export function createWebhookService(
  ctx: Context,
  deps: {
    apps: AppService;
    /** Called after each delivery attempt that failed (metrics count them). */
    onDeliveryFailed?: () => void;
    /** The dashboard's live tail hears each attempt and how it went. */
    live?: LiveReport;
    /**
     * The app's webhook listeners (modules/live), for the events that are not on the bus: a report. `isWatched` is
     * asked first, so an app nobody listens to pays nothing.
     */
    listeners?: { isWatched(appId: string): boolean; send(appId: string, event: TWebhookListenEvent): Promise<void> };
  },
  /** `timeoutMs` exists so a test can prove the time-out without waiting the real 15 s. */
  options: { timeoutMs?: number } = {},
) {
  const { db } = ctx.database;
  const activeCache = createTtlCache<string, boolean>(ctx.clock, CACHE_MS);
  const runner = createDeliveryRunner(ctx, {
    ...deps,
    forgetActive: (appId) => activeCache.invalidate(appId),
    timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
  });
  const { attemptOnce, enqueue } = runner;

  /** The app's settings row, created with its first secret when the app has none yet. */
  async function ensureSettings(appId: string): Promise<SettingsRow> {
    await db.insert(webhookSettings).values({ appId, secret: generateSecret() }).onConflictDoNothing();
    const [row] = await db.select().from(webhookSettings).where(eq(webhookSettings.appId, appId)).limit(1);
    if (!row) throw new AppError(Errors.APP_ACCESS_DENIED);
    return row;
  }

  async function save(appId: string, values: Partial<Omit<SettingsRow, "appId">>): Promise<SettingsRow> {
    const [row] = await db
      .insert(webhookSettings)
      .values({ appId, secret: generateSecret(), ...values })
      .onConflictDoUpdate({ target: webhookSettings.appId, set: values })
      .returning();
    activeCache.invalidate(appId);
    if (!row) throw new AppError(Errors.APP_ACCESS_DENIED);
    return row;
  }

  /** Refuses a URL whose host has a private, loopback or link-local address (3043) or none at all (3047). */
  async function requireDeliverable(url: string): Promise<void> {
    const checked = await ctx.outbound.check(new URL(url));
    if (!checked.ok) {
      throw new AppError(checked.kind === "refused" ? Errors.WEBHOOK_ADDRESS_PRIVATE : Errors.WEBHOOK_HOST_UNRESOLVED, {
        reason: checked.reason,
      });
    }
  }

  const toChatSettings = (row: SettingsRow): TChatWebhookSettings => ({
    url: row.url,
    events: row.events,
    enabled: row.enabled,
  });

  async function lastAttemptsOf(deliveryIds: string[]): Promise<Map<string, AttemptRow>> {
    if (deliveryIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([webhookAttempts.deliveryId])
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, deliveryIds))
      .orderBy(webhookAttempts.deliveryId, desc(webhookAttempts.id));
    return new Map(rows.map((row) => [row.deliveryId, row]));
  }

  async function requireDelivery(appId: string, deliveryId: string): Promise<DeliveryRow> {
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.appId, appId), eq(webhookDeliveries.id, deliveryId)))
      .limit(1);
    if (!row) throw new AppError(Errors.WEBHOOK_DELIVERY_NOT_FOUND);
    return row;
  }

  const consumer: OutboxConsumer = {
    name: "webhooks",

    isActive(appId, tx) {
      return activeCache.get(appId, async () => {
        const [row] = await tx.select().from(webhookSettings).where(eq(webhookSettings.appId, appId)).limit(1);
        return row ? isActiveRow(row) : false;
      });
    },

    /**
     * Turns each event of a subscribed type into a pending delivery, once: the unique key on (app, event) makes a
     * second take of the same entries insert nothing. Settings are read through `tx`, not the cache, so an event
     * type unsubscribed a moment ago is not delivered.
     */
    async take(tx: Db, entries) {
      const appIds = [...new Set(entries.map((entry) => entry.appId))];
      const rows = await tx.select().from(webhookSettings).where(inArray(webhookSettings.appId, appIds));
      const subscribed = new Map(rows.filter(isActiveRow).map((row) => [row.appId, new Set(row.events)]));
      const now = ctx.clock.now();
      const values = entries
        .filter((entry) => subscribed.get(entry.appId)?.has(entry.event.type))
        .map((entry) => ({
          id: newDeliveryId(now),
          appId: entry.appId,
          eventId: BigInt(entry.event.id),
          eventType: entry.event.type,
          payload: payloadOf(entry.appId, entry.event),
          status: "pending" as const,
          nextAttemptAt: now,
          createdAt: now,
        }));
      if (values.length === 0) return undefined;
      const inserted = await tx
        .insert(webhookDeliveries)
        .values(values)
        .onConflictDoNothing({ target: [webhookDeliveries.appId, webhookDeliveries.eventId] })
        .returning({ id: webhookDeliveries.id });
      if (inserted.length === 0) return undefined;
      return async () => {
        try {
          for (const { id } of inserted) await enqueue(id);
        } catch (err) {
          // The deliveries are stored; the sweep enqueues them once they are overdue.
          ctx.log.error({ err }, "could not enqueue webhook deliveries");
        }
      };
    },
  };

  /** A delivery of an event that is not in the chat event log (a call's, a report's), when the app subscribes to it. */
  async function recordOutsideEventLog(
    tx: Db,
    appId: string,
    type: TWebhookEvent,
    payloadAt: (now: Date) => TAnyWebhookPayload | Promise<TAnyWebhookPayload>,
  ): Promise<{ id: string; payload: TAnyWebhookPayload } | null> {
    const [row] = await tx.select().from(webhookSettings).where(eq(webhookSettings.appId, appId)).limit(1);
    if (!row || !isActiveRow(row) || !row.events.includes(type)) return null;
    const now = ctx.clock.now();
    const id = newDeliveryId(now);
    const payload = await payloadAt(now);
    await tx.insert(webhookDeliveries).values({
      id,
      appId,
      eventId: null,
      eventType: type,
      payload,
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
    });
    return { id, payload };
  }

  const service = {
    consumer,

    /**
     * Stores a call's event for the app's webhook when it is on and subscribes to it, in the transaction `tx` that
     * changes the call, so the change and its delivery commit together; the function it answers sends the delivery's
     * job after the commit (and the sweep sends it if this process stops in between). Calls are not chat events (no
     * channel, no event log), so they do not pass through the outbox.
     */
    async recordCall(
      tx: Db,
      appId: string,
      type: TCallWebhookEvent,
      call: TCall,
    ): Promise<(() => Promise<void>) | undefined> {
      const stored = await recordOutsideEventLog(tx, appId, type, (now) => callPayloadOf(appId, type, call, now));
      return stored ? () => enqueue(stored.id) : undefined;
    },

    /**
     * Stores a `report.created` delivery in the transaction that stores the report; otherwise as {@link recordCall}.
     * A report is not on the bus, so the function it answers also tells the app's webhook listeners, if any.
     */
    async recordReport(
      tx: Db,
      appId: string,
      report: TReport,
      /** Read only when the app's webhook takes `report.created`, or a listener hears the app: it costs reads. */
      target: () => Promise<TReportTarget>,
    ): Promise<(() => Promise<void>) | undefined> {
      const payloadAt = async (now: Date): Promise<TAnyWebhookPayload> => ({
        type: "report.created",
        timestamp: now.toISOString(),
        data: { appId, report, target: await target() },
      });
      const stored = await recordOutsideEventLog(tx, appId, "report.created", payloadAt);
      const heard = deps.listeners?.isWatched(appId) ? (stored?.payload ?? (await payloadAt(ctx.clock.now()))) : null;
      if (!stored && !heard) return undefined;
      return async () => {
        if (heard) {
          const event = { id: stored?.id ?? report.id, type: "report.created" as const, payload: heard, resent: false };
          // A listener is a developer's tool: not hearing it must not hold up the delivery.
          await deps.listeners?.send(appId, event).catch((err: unknown) => {
            ctx.log.error({ err, appId }, "could not tell the webhook listeners of a report");
          });
        }
        if (stored) await enqueue(stored.id);
      };
    },

    async getEnabled(auth: Authenticated, appId: string): Promise<TWebhookEnabled> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const [row] = await db.select().from(webhookSettings).where(eq(webhookSettings.appId, app.id)).limit(1);
      return { enabled: row?.enabled ?? false };
    },

    /**
     * Turning webhooks on needs a saved URL (3045): with none there is nowhere to deliver, and the screen would say
     * webhooks were on. A saved URL can be replaced but never cleared, so it cannot go away once checked.
     */
    async setEnabled(auth: Authenticated, appId: string, enabled: boolean): Promise<TWebhookEnabled> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      if (enabled && (await ensureSettings(app.id)).url === "") throw new AppError(Errors.WEBHOOK_URL_MISSING);
      return { enabled: (await save(app.id, { enabled })).enabled };
    },

    async getSettings(auth: Authenticated, appId: string): Promise<TWebhookSettings> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return toSettings(await ensureSettings(app.id), ctx.clock.now());
    },

    /** Refuses a URL whose host has a private, loopback or link-local address (3043) or none at all (3047). */
    async updateSettings(
      auth: Authenticated,
      appId: string,
      input: TWebhookSettingsRequest,
    ): Promise<TWebhookSettings> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      await requireDeliverable(input.url);
      const events = [...new Set(input.events)];
      return toSettings(await save(app.id, { url: input.url, events }), ctx.clock.now());
    },

    /** The settings as the app's server reads them with an API key: no signing secret (decision 0287). */
    async getAppSettings(app: AppRow): Promise<TChatWebhookSettings> {
      return toChatSettings(await ensureSettings(app.id));
    },

    /**
     * The app's server changes what it gives, with the dashboard's checks: the address as `updateSettings` checks
     * it, and turning webhooks on only with an address, given or saved (3045).
     */
    async updateAppSettings(app: AppRow, input: TUpdateChatWebhookSettingsRequest): Promise<TChatWebhookSettings> {
      if (input.url !== undefined) await requireDeliverable(input.url);
      if (input.enabled && input.url === undefined && (await ensureSettings(app.id)).url === "") {
        throw new AppError(Errors.WEBHOOK_URL_MISSING);
      }
      const values = {
        ...(input.url === undefined ? {} : { url: input.url }),
        ...(input.events === undefined ? {} : { events: [...new Set(input.events)] }),
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      };
      if (Object.keys(values).length === 0) return toChatSettings(await ensureSettings(app.id));
      return toChatSettings(await save(app.id, values));
    },

    /**
     * A new secret; the old one keeps signing for WEBHOOK_PREVIOUS_SECRET_HOURS so receivers can switch over
     * without losing deliveries. Rotating again in that window retires the oldest secret at once.
     */
    async rotateSecret(auth: Authenticated, appId: string): Promise<TWebhookSettings> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      await ensureSettings(app.id);
      const expiresAt = new Date(ctx.clock.now().getTime() + WEBHOOK_PREVIOUS_SECRET_HOURS * 3_600_000);
      const [row] = await db
        .update(webhookSettings)
        .set({
          previousSecret: sql`${webhookSettings.secret}`,
          previousSecretExpiresAt: expiresAt,
          secret: generateSecret(),
        })
        .where(eq(webhookSettings.appId, app.id))
        .returning();
      if (!row) throw new AppError(Errors.APP_ACCESS_DENIED);
      return toSettings(row, ctx.clock.now());
    },

    async sample(auth: Authenticated, appId: string, event: TWebhookEvent): Promise<TWebhookSampleResponse> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      return { event, payload: samplePayload(app.id, event, ctx.clock.now()) };
    },

    /**
     * Sends the event's sample to the URL now and logs it like a delivery (without an event id, and without
     * retries: the owner is watching). A failure answers 3044 carrying the reason.
     */
    async sendTest(auth: Authenticated, appId: string, event: TWebhookEvent): Promise<TWebhookDelivery> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const settings = await ensureSettings(app.id);
      if (settings.url === "") throw new AppError(Errors.WEBHOOK_URL_MISSING);
      const now = ctx.clock.now();
      const id = newDeliveryId(now);
      const payload = samplePayload(app.id, event, now);
      const result = await attemptOnce(settings, id, JSON.stringify(payload));
      const delivery = await withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(webhookDeliveries)
          .values({
            id,
            appId: app.id,
            eventId: null,
            eventType: event,
            payload,
            status: result.ok ? "succeeded" : "failed",
            attemptCount: 1,
            nextAttemptAt: null,
            createdAt: now,
          })
          .returning();
        const [attempt] = await tx
          .insert(webhookAttempts)
          .values({ deliveryId: id, attemptedAt: now, ...attemptFields(result) })
          .returning();
        return toDelivery(row as DeliveryRow, attempt ?? null);
      });
      if (!result.ok) {
        const reason = failureReason(result);
        throw new AppError(Errors.WEBHOOK_TEST_FAILED, { reason }, `The webhook test send failed: ${reason}`);
      }
      return delivery;
    },

    /**
     * The log, newest first. `failed` lists deliveries that gave up and those whose latest attempt failed while
     * retries remain: both are what an owner looking for trouble wants to see.
     */
    async listDeliveries(
      auth: Authenticated,
      appId: string,
      query: { status: "all" | "failed"; cursor?: string; limit: number },
    ): Promise<TWebhookDeliveriesPage> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const after = decodeDeliveryCursor(query.cursor);
      const conditions = [eq(webhookDeliveries.appId, app.id)];
      if (query.status === "failed") {
        conditions.push(sql`(${webhookDeliveries.status} = 'failed' or exists (
          select 1 from (
            select a.http_status from ${webhookAttempts} a
            where a.delivery_id = ${webhookDeliveries.id} order by a.id desc limit 1
          ) latest where latest.http_status is null or latest.http_status not between 200 and 299))`);
      }
      const past = pastCursor(after, webhookDeliveries.createdAt, webhookDeliveries.id, "desc");
      if (past) conditions.push(past);
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(and(...conditions))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(query.limit + 1);
      const page = pageOf(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
      const last = await lastAttemptsOf(page.items.map((row) => row.id));
      return {
        deliveries: page.items.map((row) => toDelivery(row, last.get(row.id) ?? null)),
        nextCursor: page.nextCursor,
      };
    },

    async getDelivery(auth: Authenticated, appId: string, deliveryId: string): Promise<TWebhookDeliveryResponse> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const row = await requireDelivery(app.id, deliveryId);
      const attempts = await db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, row.id))
        .orderBy(asc(webhookAttempts.id));
      return {
        delivery: toDelivery(row, attempts.at(-1) ?? null),
        attempts: attempts.map(toAttempt),
        payload: row.payload,
      };
    },

    /**
     * Sends a delivery again under the same `webhook-id`, so a receiver that did get it can drop the repeat. It
     * becomes due now; its attempts keep counting, so a delivery that had used up its retries gets this one try.
     */
    async redeliver(auth: Authenticated, appId: string, deliveryId: string): Promise<TWebhookDelivery> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const [row] = await db
        .update(webhookDeliveries)
        .set({ status: "pending", nextAttemptAt: ctx.clock.now() })
        .where(and(eq(webhookDeliveries.appId, app.id), eq(webhookDeliveries.id, deliveryId)))
        .returning();
      if (!row) throw new AppError(Errors.WEBHOOK_DELIVERY_NOT_FOUND);
      await enqueue(row.id);
      const last = await lastAttemptsOf([row.id]);
      return toDelivery(row, last.get(row.id) ?? null);
    },

    /** The `webhooks.deliver` job: one attempt of a due delivery (see `createDeliveryRunner`). */
    deliver: runner.deliver,
    /** The `webhooks.sweep` job: enqueues the overdue deliveries nothing is attempting. */
    sweep: runner.sweep,
  };
  return service;
}

export type WebhookService = ReturnType<typeof createWebhookService>;
