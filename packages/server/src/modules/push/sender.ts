import type { TLivePushDelivery, TPushAttempt, TPushProvider } from "@parley/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Context } from "../../context";
import type { ApnsClient } from "../../integrations/apns";
import type { FcmClient } from "../../integrations/fcm";
import { pushRetryJob } from "../../jobs/catalog";
import type { LiveReport } from "../live";
import type { PushDeviceRow } from "./devices";
import { pushAttempts, pushDevices, type StoredApnsCredential, type StoredFcmCredential } from "./schema";
import type { PushSettings, PushSettingsRow } from "./settings";

/**
 * The waits before each new try of an attempt APNs answered 429 or 5xx to, or did not answer: a busy gateway gets
 * room, and a notification still goes out within a few minutes or not at all. Past the last, the attempt fails.
 */
export const PUSH_RETRY_DELAYS_SECONDS = [5, 30, 180] as const;

export type PushAttemptRow = typeof pushAttempts.$inferSelect;

export const toPushAttempt = (row: PushAttemptRow): TPushAttempt => ({
  id: String(row.id),
  createdAt: row.createdAt.toISOString(),
  userId: row.userId,
  platform: row.platform,
  provider: row.provider,
  deviceHint: row.deviceHint,
  trigger: row.trigger as TPushAttempt["trigger"],
  status: row.status as TPushAttempt["status"],
  httpStatus: row.httpStatus,
  response: row.response,
  title: row.title,
  body: row.body,
});

const deviceHint = (token: string) => `…${token.slice(-6)}`;

/** What a notification says besides its title and body; carried by a retry's job, as the attempt row does not. */
interface Extras {
  sound: string;
  badge: number | null;
  data: Record<string, string>;
}

export interface PushContent {
  /** The chat event pushed, or null for a test push or a call. */
  eventId: string | null;
  trigger: string;
  title: string;
  body: string;
  badge: number | null;
  data: Record<string, string>;
}

/** One provider's answer, in the push log's terms; `retry` only from APNs, whose 429 and 5xx are worth another try. */
interface SendResult {
  status: "sent" | "failed" | "invalid_token" | "retry";
  httpStatus: number | null;
  response: string;
}

type Credentials = Pick<PushSettingsRow, "credential" | "apnsCredential">;

/** The credential a device's provider sends with, or null when the app has none for that provider. */
export function credentialFor(
  settings: Credentials,
  provider: TPushProvider,
):
  | { provider: "fcm"; credential: StoredFcmCredential }
  | { provider: "apns"; credential: StoredApnsCredential }
  | null {
  if (provider === "apns") return settings.apnsCredential ? { provider, credential: settings.apnsCredential } : null;
  return settings.credential ? { provider: "fcm", credential: settings.credential } : null;
}

/**
 * Sends one notification to one device through the device's own provider, logs the attempt, forgets a dead token,
 * and schedules the retries APNs' transient failures call for.
 */
export function createPushSender(
  ctx: Context,
  deps: { settings: PushSettings; fcm: FcmClient; apns: ApnsClient; live?: LiveReport },
) {
  const { db } = ctx.database;

  async function send(
    device: PushDeviceRow,
    settings: Credentials,
    message: { title: string; body: string } & Extras,
    icon: string,
  ): Promise<SendResult | null> {
    const chosen = credentialFor(settings, device.provider);
    if (!chosen) return null;
    if (chosen.provider === "fcm") {
      return deps.fcm.send(chosen.credential, { token: device.token, ...message, icon });
    }
    const result = await deps.apns.send(chosen.credential, {
      token: device.token,
      ...message,
      threadId: message.data.channelId ?? null,
      collapseId: message.data.messageId ?? null,
    });
    return { status: result.status, httpStatus: result.httpStatus, response: result.response };
  }

  /**
   * Records a provider's answer on the attempt. A transient failure with tries left leaves it `retrying` and queues
   * the next try; one without fails it. A dead token's device is deleted: the app registers a new token when it
   * gets one.
   */
  async function record(
    appId: string,
    row: PushAttemptRow,
    result: SendResult,
    extras: Extras,
    retries: number,
  ): Promise<TPushAttempt> {
    const delay = result.status === "retry" ? PUSH_RETRY_DELAYS_SECONDS[retries] : undefined;
    const status = result.status !== "retry" ? result.status : delay === undefined ? "failed" : "retrying";
    const outcome = { status, httpStatus: result.httpStatus, response: result.response };
    await db.update(pushAttempts).set(outcome).where(eq(pushAttempts.id, row.id));
    if (status === "retrying" && delay !== undefined) {
      await ctx.jobs.send(
        pushRetryJob,
        { appId, attemptId: String(row.id), retry: retries + 1, ...extras },
        { startAfter: delay },
      );
    }
    if (status === "invalid_token" && row.deviceId) {
      await db.delete(pushDevices).where(eq(pushDevices.id, row.deviceId));
    }
    deps.live?.(appId, () => ({
      type: "push.delivery",
      at: row.createdAt,
      channelId: extras.data.channelId ?? null,
      userId: row.userId,
      data: {
        attemptId: String(row.id),
        status,
        httpStatus: result.httpStatus,
        platform: row.platform,
        provider: row.provider,
        deviceHint: row.deviceHint,
        trigger: row.trigger,
        title: row.title,
      } satisfies TLivePushDelivery,
    }));
    return toPushAttempt({ ...row, ...outcome });
  }

  return {
    /**
     * One attempt to one device. The row is written before the provider is called and a second row for the same
     * event and device is refused, so a job run again after a crash skips the devices it reached: at most one
     * notification per device and event, at the price of losing the one a crash interrupts. Null when already
     * attempted, or when the app has no credential for the device's provider.
     */
    async attempt(
      appId: string,
      settings: PushSettingsRow,
      recipient: { device: PushDeviceRow; userId: string },
      content: PushContent,
    ): Promise<TPushAttempt | null> {
      const { device } = recipient;
      if (!credentialFor(settings, device.provider)) return null;
      const [row] = await db
        .insert(pushAttempts)
        .values({
          appId,
          chatUserId: device.chatUserId,
          userId: recipient.userId,
          deviceId: device.id,
          platform: device.platform,
          provider: device.provider,
          deviceHint: deviceHint(device.token),
          eventId: content.eventId === null ? null : BigInt(content.eventId),
          trigger: content.trigger,
          status: "sending",
          httpStatus: null,
          response: "",
          title: content.title,
          body: content.body,
          createdAt: ctx.clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      const extras = { sound: settings.notification.sound, badge: content.badge, data: content.data };
      const message = { title: content.title, body: content.body, ...extras };
      const result = await send(device, settings, message, settings.notification.icon);
      // Checked above; the settings cannot have changed in between.
      if (!result) return null;
      return record(appId, row, result, extras, 0);
    },

    /**
     * The `push.retry` job: the attempt is taken from `retrying` to `sending` in one statement, so a job run twice
     * sends once. The device and the key are read afresh: either may be gone since.
     */
    async retry(payload: z.infer<typeof pushRetryJob.payload>): Promise<void> {
      const [row] = await db
        .update(pushAttempts)
        .set({ status: "sending" })
        .where(and(eq(pushAttempts.id, BigInt(payload.attemptId)), eq(pushAttempts.status, "retrying")))
        .returning();
      if (!row) return;
      const [device] = row.deviceId
        ? await db.select().from(pushDevices).where(eq(pushDevices.id, row.deviceId)).limit(1)
        : [];
      const settings = await deps.settings.cached(payload.appId);
      const extras = { sound: payload.sound, badge: payload.badge, data: payload.data };
      const result: SendResult | null = device
        ? await send(device, settings, { title: row.title, body: row.body, ...extras }, settings.notification.icon)
        : { status: "failed", httpStatus: null, response: "the device was removed before the retry" };
      await record(
        payload.appId,
        row,
        result ?? { status: "failed", httpStatus: null, response: "the key was removed before the retry" },
        extras,
        payload.retry,
      );
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
