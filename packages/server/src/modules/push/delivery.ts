import {
  PUSH_MESSAGE_PREVIEW_MAX,
  renderPushTemplate,
  type TChannel,
  type TChannelType,
  type TChatEvent,
  type TChatEventType,
  type TMessage,
  type TPushAttempt,
  type TPushTemplateKey,
  type TPushTemplateValues,
} from "@parley/contract";
import { and, desc, eq, inArray, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { OutboxConsumer } from "../../chat/outbox";
import type { Presence } from "../../chat/presence";
import type { Context } from "../../context";
import { rowsOf } from "../../db/client";
import {
  apps,
  channelMembers,
  channels,
  chatEvents,
  chatUsers,
  messages,
  pushAttempts,
  pushChannelThrottle,
  pushDevices,
  type StoredFcmCredential,
} from "../../db/schema";
import type { FcmClient } from "../../integrations/fcm";
import { pushEventJob } from "../../jobs/catalog";
import type { PushDeviceRow } from "./devices";
import { isPushActive, type PushSettings, type PushSettingsRow, templateText } from "./settings";

/** The template each chat event is pushed with; events not listed (freezing) push nothing. */
export const PUSH_TEMPLATE_OF_EVENT: Partial<Record<TChatEventType, TPushTemplateKey>> = {
  "message.created": "message/send",
  "message.deleted": "message/deleted",
  "member.left": "channel/member/left",
  "member.joined": "channel/member/added",
  "member.muted": "channel/member/muted",
  "member.unmuted": "channel/member/unmuted",
  "member.banned": "channel/member/banned",
  "member.unbanned": "channel/member/unbanned",
  "channel.changed": "channel/changed",
  "channel.deleted": "channel/deleted",
  "channel.created": "channel/created",
};

/** Moderation events also notify the member they are about, who may no longer be in the channel. */
const TELLS_SUBJECT = new Set<TChatEventType>(["member.muted", "member.unmuted", "member.banned", "member.unbanned"]);

export const TEST_PUSH_BODY = "This is a test notification from Parley.";
/** FCM answers in well under a second; a few sends at once keep a big channel's push short without a burst. */
const SEND_CONCURRENCY = 8;
/** Recipients are handled in slices, so a super group's ten thousand members never make one giant query. */
const SLICE = 500;

export type PushAttemptRow = typeof pushAttempts.$inferSelect;

export const toPushAttempt = (row: PushAttemptRow): TPushAttempt => ({
  id: String(row.id),
  createdAt: row.createdAt.toISOString(),
  userId: row.userId,
  platform: row.platform,
  deviceHint: row.deviceHint,
  trigger: row.trigger as TPushAttempt["trigger"],
  status: row.status as TPushAttempt["status"],
  httpStatus: row.httpStatus,
  response: row.response,
  title: row.title,
  body: row.body,
});

/** A message as a notification shows it: its text, or a file's name, cut at a character boundary. */
export function messagePreview(message: Pick<TMessage, "type" | "text" | "file">): string {
  const text = (message.type === "file" ? message.file?.name || "(file)" : message.text).trim();
  const chars = Array.from(text);
  return chars.length > PUSH_MESSAGE_PREVIEW_MAX ? `${chars.slice(0, PUSH_MESSAGE_PREVIEW_MAX - 1).join("")}…` : text;
}

const deviceHint = (token: string) => `…${token.slice(-6)}`;

async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * A feature's own notification for some messages, instead of the app's "message/send" template: its title and
 * body, "silent" for none, or null when the message is not the feature's. Bulk messages use it for their push
 * switch and texts.
 */
export type MessagePushOverride = (
  appId: string,
  message: TMessage,
) => Promise<{ title: string; body: string } | "silent" | null>;

/** Who an event notifies, and what the template says about whom. */
interface Plan {
  channel: { id: string; name: string; type: TChannelType };
  /** The channel's current members, or, for a deleted channel, the user ids it had. */
  audience: { channelId: string } | { userIds: string[] };
  include: string | null;
  exclude: string | null;
  sender: { name: string; profileImageUrl: string };
  message: string;
  messageId: string | null;
}

interface Recipient {
  device: PushDeviceRow;
  userId: string;
}

export function createPushDelivery(ctx: Context, deps: { settings: PushSettings; presence: Presence; fcm: FcmClient }) {
  const { db } = ctx.database;

  async function findUser(appId: string, userId: string) {
    const [row] = await db
      .select({ id: chatUsers.id, nickname: chatUsers.nickname, profileImageUrl: chatUsers.profileImageUrl })
      .from(chatUsers)
      .where(and(eq(chatUsers.appId, appId), eq(chatUsers.userId, userId)))
      .limit(1);
    return row;
  }

  /**
   * A deleted channel's rows are gone by the time its event is handed on, and the event carries neither its
   * name nor its members. Both come back from the stored event log: the last `channel.*` event's snapshot, and
   * each user's last membership event before the deletion.
   */
  async function deletedChannel(appId: string, event: TChatEvent) {
    const members = rowsOf<{ user_id: string }>(
      await db.execute(sql`
        select user_id from (
          select distinct on (payload->>'userId') payload->>'userId' as user_id, type
          from chat_events
          where app_id = ${appId} and channel_id = ${event.channelId} and id < ${event.id}::bigint
            and type in ('member.joined', 'member.left', 'member.banned')
          order by payload->>'userId', id desc
        ) last_change
        where type = 'member.joined'`),
    );
    const [snapshot] = await db
      .select({ payload: chatEvents.payload })
      .from(chatEvents)
      .where(
        and(
          eq(chatEvents.appId, appId),
          eq(chatEvents.channelId, event.channelId),
          inArray(chatEvents.type, ["channel.created", "channel.changed"]),
          lt(chatEvents.id, BigInt(event.id)),
        ),
      )
      .orderBy(desc(chatEvents.id))
      .limit(1);
    const channel = snapshot?.payload.channel as TChannel | undefined;
    return {
      channel: { id: event.channelId, name: channel?.name ?? "", type: channel?.type ?? "public" },
      userIds: members.map((m) => m.user_id),
    };
  }

  async function planOf(appId: string, appName: string, event: TChatEvent): Promise<Plan | null> {
    const theApp = { name: appName, profileImageUrl: "" };
    if (event.type === "channel.deleted") {
      const { channel, userIds } = await deletedChannel(appId, event);
      const base = { include: null, exclude: null, sender: theApp, message: "", messageId: null };
      return { ...base, channel, audience: { userIds } };
    }
    const [channel] = await db
      .select({
        id: channels.id,
        name: channels.name,
        type: channels.type,
        createdAt: channels.createdAt,
        brandId: channels.brandId,
      })
      .from(channels)
      .where(and(eq(channels.id, event.channelId), eq(channels.appId, appId)))
      .limit(1);
    // Deleted since: its own event tells the members.
    if (!channel) return null;
    // A brand channel exists only to carry bulk messages; its making and membership are not news to the user.
    if (channel.brandId && event.type !== "message.created") return null;
    const plan: Plan = {
      channel,
      audience: { channelId: channel.id },
      include: null,
      exclude: null,
      sender: theApp,
      message: "",
      messageId: null,
    };

    switch (event.type) {
      case "message.created": {
        const message = event.message;
        if (!message) return null;
        // An admin message speaks for the app.
        if (message.sender) {
          plan.sender = { name: message.sender.nickname, profileImageUrl: message.sender.profileImageUrl };
          plan.exclude = message.sender.userId;
        }
        plan.message = messagePreview(message);
        plan.messageId = message.id;
        return plan;
      }
      case "message.deleted": {
        if (!event.messageId) return null;
        const [row] = await db
          .select({ userId: chatUsers.userId, nickname: chatUsers.nickname, image: chatUsers.profileImageUrl })
          .from(messages)
          .innerJoin(chatUsers, eq(chatUsers.id, messages.senderId))
          .where(eq(messages.id, event.messageId))
          .limit(1);
        if (row) {
          plan.sender = { name: row.nickname, profileImageUrl: row.image };
          plan.exclude = row.userId;
        }
        plan.messageId = event.messageId;
        return plan;
      }
      case "channel.created": {
        const owner = event.channel?.ownerUserId;
        const user = owner ? await findUser(appId, owner) : undefined;
        if (owner && user) {
          plan.sender = { name: user.nickname, profileImageUrl: user.profileImageUrl };
          plan.exclude = owner;
        }
        return plan;
      }
      case "channel.changed":
        return plan;
      default: {
        if (!event.userId) return null;
        // The joins of a channel's first members belong to its creation, which `channel.created` announces.
        if (event.type === "member.joined" && new Date(event.createdAt).getTime() === channel.createdAt.getTime()) {
          return null;
        }
        const subject = await findUser(appId, event.userId);
        plan.sender = { name: subject?.nickname ?? event.userId, profileImageUrl: subject?.profileImageUrl ?? "" };
        if (TELLS_SUBJECT.has(event.type)) plan.include = event.userId;
        else plan.exclude = event.userId;
        return plan;
      }
    }
  }

  async function recipientsOf(appId: string, plan: Plan): Promise<Recipient[]> {
    let audience: SQL | undefined =
      "channelId" in plan.audience
        ? inArray(
            pushDevices.chatUserId,
            db
              .select({ id: channelMembers.chatUserId })
              .from(channelMembers)
              .where(eq(channelMembers.channelId, plan.audience.channelId)),
          )
        : plan.audience.userIds.length > 0
          ? inArray(chatUsers.userId, plan.audience.userIds)
          : sql`false`;
    if (plan.include) audience = or(audience, eq(chatUsers.userId, plan.include));
    const rows = await db
      .select({ device: pushDevices, userId: chatUsers.userId })
      .from(pushDevices)
      .innerJoin(chatUsers, eq(chatUsers.id, pushDevices.chatUserId))
      .where(
        and(
          eq(pushDevices.appId, appId),
          eq(chatUsers.isActive, true),
          audience,
          plan.exclude ? ne(chatUsers.userId, plan.exclude) : undefined,
        ),
      )
      .orderBy(pushDevices.chatUserId, pushDevices.id);
    return rows;
  }

  /**
   * A super group pushes at most one event per interval. One statement takes the slot, so two processes cannot
   * both take it; the interval is measured on the events' own times (the server clock when they happened), so a
   * backlog worked off late is limited as it happened. A re-run of the job whose event holds the slot finds its
   * own earlier attempts and goes on.
   */
  async function takeSuperChannelSlot(channelId: string, event: TChatEvent, minutes: number): Promise<boolean> {
    const at = new Date(event.createdAt);
    const claimed = await db
      .insert(pushChannelThrottle)
      .values({ channelId, lastPushedAt: at })
      .onConflictDoUpdate({
        target: pushChannelThrottle.channelId,
        set: { lastPushedAt: at },
        setWhere: lte(pushChannelThrottle.lastPushedAt, new Date(at.getTime() - minutes * 60_000)),
      })
      .returning({ channelId: pushChannelThrottle.channelId });
    if (claimed.length > 0) return true;
    const [earlier] = await db
      .select({ id: pushAttempts.id })
      .from(pushAttempts)
      .where(eq(pushAttempts.eventId, BigInt(event.id)))
      .limit(1);
    return Boolean(earlier);
  }

  /** Unread messages across each user's channels: an approximation that counts deleted messages too. */
  async function unreadCounts(chatUserIds: string[]): Promise<Map<string, number>> {
    if (chatUserIds.length === 0) return new Map();
    const rows = await db
      .select({
        id: channelMembers.chatUserId,
        unread: sql<number>`coalesce(sum(greatest(${channels.lastSeq} - ${channelMembers.lastReadSeq}, 0)), 0)::int`,
      })
      .from(channelMembers)
      .innerJoin(channels, eq(channels.id, channelMembers.channelId))
      .where(inArray(channelMembers.chatUserId, chatUserIds))
      .groupBy(channelMembers.chatUserId);
    return new Map(rows.map((r) => [r.id, Number(r.unread)]));
  }

  /**
   * One attempt to one device. The row is written before FCM is called and a second row for the same event and
   * device is refused, so a job run again after a crash skips the devices it reached: at most one notification
   * per device and event, at the price of losing the one a crash interrupts. Null when already attempted.
   */
  async function attempt(
    appId: string,
    credential: StoredFcmCredential,
    recipient: Recipient,
    content: {
      eventId: string | null;
      trigger: string;
      title: string;
      body: string;
      badge: number | null;
      data: Record<string, string>;
    },
    settings: PushSettingsRow,
  ): Promise<TPushAttempt | null> {
    const { device } = recipient;
    const [row] = await db
      .insert(pushAttempts)
      .values({
        appId,
        chatUserId: device.chatUserId,
        userId: recipient.userId,
        deviceId: device.id,
        platform: device.platform,
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
    const result = await deps.fcm.send(credential, {
      token: device.token,
      title: content.title,
      body: content.body,
      sound: settings.notification.sound,
      icon: settings.notification.icon,
      badge: content.badge,
      data: content.data,
    });
    await db
      .update(pushAttempts)
      .set({ status: result.status, httpStatus: result.httpStatus, response: result.response })
      .where(eq(pushAttempts.id, row.id));
    // FCM will never deliver to this token again; the app registers a new one when it gets one.
    if (result.status === "invalid_token") await db.delete(pushDevices).where(eq(pushDevices.id, device.id));
    return toPushAttempt({ ...row, ...result });
  }

  const messagePushOverrides: MessagePushOverride[] = [];

  async function appName(appId: string): Promise<string | null> {
    const [row] = await db.select({ name: apps.name }).from(apps).where(eq(apps.id, appId)).limit(1);
    return row?.name ?? null;
  }

  /** The push job: renders the event's template and sends it to each device of each member not connected. */
  async function handleEvent({ appId, event }: { appId: string; event: TChatEvent }): Promise<void> {
    const key = PUSH_TEMPLATE_OF_EVENT[event.type];
    if (!key) return;
    const settings = await deps.settings.cached(appId);
    const credential = settings.credential;
    if (!isPushActive(settings) || !credential) return;
    const name = await appName(appId);
    if (name === null) return;
    const plan = await planOf(appId, name, event);
    if (!plan) return;
    const isSuperGroup = plan.channel.type === "supergroup";
    if (isSuperGroup && !settings.superChannel.enabled) return;

    const values: TPushTemplateValues = {
      app: name,
      channel: plan.channel.name,
      message: plan.message,
      "sender.name": plan.sender.name,
      "sender.profileImageUrl": plan.sender.profileImageUrl,
    };
    let title = plan.channel.name || name;
    let body = renderPushTemplate(templateText(settings, key), values);
    if (event.type === "message.created" && event.message) {
      for (const override of messagePushOverrides) {
        const own = await override(appId, event.message);
        if (own === "silent") return;
        if (own) {
          ({ title, body } = own);
          break;
        }
      }
    }
    const data: Record<string, string> = { appId, channelId: plan.channel.id, eventType: event.type };
    if (plan.messageId) data.messageId = plan.messageId;

    const recipients = await recipientsOf(appId, plan);
    // A deleted channel has no throttle row to hold (its row is gone), and is deleted only once.
    let mayPush: boolean | null = !isSuperGroup || event.type === "channel.deleted" ? true : null;
    for (let i = 0; i < recipients.length; i += SLICE) {
      const slice = recipients.slice(i, i + SLICE);
      const online = await deps.presence.online(appId, [...new Set(slice.map((r) => r.device.chatUserId))]);
      const offline = slice.filter((r) => !online.has(r.device.chatUserId));
      if (offline.length === 0) continue;
      // Taken only once someone is to be notified: an event nobody was pushed does not use up the interval.
      mayPush ??= await takeSuperChannelSlot(plan.channel.id, event, settings.superChannel.intervalMinutes);
      if (!mayPush) return;
      const badges = settings.notification.badge
        ? await unreadCounts([...new Set(offline.map((r) => r.device.chatUserId))])
        : null;
      await eachLimited(offline, SEND_CONCURRENCY, async (recipient) => {
        const badge = badges ? (badges.get(recipient.device.chatUserId) ?? 0) : null;
        await attempt(
          appId,
          credential,
          recipient,
          { eventId: event.id, trigger: key, title, body, badge, data },
          settings,
        );
      });
    }
  }

  /**
   * Hands push-worthy events to the job queue. Nothing is stored in the dispatcher's transaction: the job
   * carries the event, and the attempts it writes are what make a repeated job harmless.
   */
  const consumer: OutboxConsumer = {
    name: "push",
    // Asked inside the transaction that records the event, hence through its `tx`.
    isActive: async (appId, tx) => isPushActive(await deps.settings.cached(appId, tx)),
    async take(_tx, entries) {
      const wanted = entries.filter((entry) => PUSH_TEMPLATE_OF_EVENT[entry.event.type]);
      if (wanted.length === 0) return undefined;
      return async () => {
        for (const { appId, event } of wanted) {
          if (isPushActive(await deps.settings.cached(appId))) {
            await ctx.jobs.send(pushEventJob, { appId, event });
          }
        }
      };
    },
  };

  return {
    consumer,
    handleEvent,
    messagePushOverrides,

    /** A test notification to every device of one user, sent now, connected or not. */
    async sendTest(
      appId: string,
      name: string,
      user: { id: string; userId: string },
      devices: PushDeviceRow[],
      settings: PushSettingsRow,
      credential: StoredFcmCredential,
    ): Promise<TPushAttempt[]> {
      const badge = settings.notification.badge ? ((await unreadCounts([user.id])).get(user.id) ?? 0) : null;
      const sent: TPushAttempt[] = [];
      for (const device of devices) {
        const result = await attempt(
          appId,
          credential,
          { device, userId: user.userId },
          {
            eventId: null,
            trigger: "test",
            title: name,
            body: TEST_PUSH_BODY,
            badge,
            data: { appId, eventType: "test" },
          },
          settings,
        );
        if (result) sent.push(result);
      }
      return sent;
    },
  };
}

export type PushDelivery = ReturnType<typeof createPushDelivery>;
