import {
  CALL_PUSH_KIND_TEXTS,
  isTitledPushTemplateKey,
  renderPushTemplate,
  type TChatEvent,
  type TChatEventType,
  type TMessage,
  type TPushAttempt,
  type TPushTemplateKey,
  type TPushTemplateValues,
} from "@parley/contract";
import { and, eq, lte } from "drizzle-orm";
import type { OutboxConsumer } from "../../chat/outbox";
import type { Presence } from "../../chat/presence";
import type { Context } from "../../context";
import { pushEventJob } from "../../jobs/catalog";
import { findApp } from "../apps";
import { channelMemberIds, MESSAGE_EVENT_TYPES, messageReaderIds, nonReadersOf, unreadCounts } from "../channels";
import { activeChatUsers } from "../chat-users";
import type { PermissionService } from "../permissions";
import { type AddressedPush, addressedBy, templateFor } from "./addressed";
import type { PushDeviceRow } from "./devices";
import { type PushPlan, planPush } from "./plan";
import { preferencesOf, pushAllowed } from "./preferences";
import { pushAttempts, pushChannelThrottle, pushDevices } from "./schema";
import type { PushSender } from "./sender";
import { isPushActive, type PushSettings, type PushSettingsRow, templateText, templateTitle } from "./settings";

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

export const TEST_PUSH_BODY = "This is a test notification from Parley.";
/** FCM and APNs answer well under a second; a few sends at once keep a big channel's push short without a burst. */
const SEND_CONCURRENCY = 8;
/** Recipients are handled in slices, so a super group's ten thousand members never make one giant query. */
const SLICE = 500;

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

interface Recipient {
  device: PushDeviceRow;
  userId: string;
}

export function createPushDelivery(
  ctx: Context,
  deps: {
    settings: PushSettings;
    presence: Presence;
    sender: PushSender;
    messagePushOverrides: readonly MessagePushOverride[];
    /** Who may read a channel's messages, and so hear them pushed. */
    permissions?: PermissionService;
  },
) {
  const { messagePushOverrides } = deps;
  const { db } = ctx.database;

  /** The devices of the users an event notifies, in one statement however large the channel. */
  async function recipientsOf(appId: string, plan: PushPlan): Promise<Recipient[]> {
    const { audience } = plan;
    const selection =
      "channelId" in audience
        ? {
            ids: audience.readersOf
              ? messageReaderIds(audience.channelId, audience.readersOf)
              : channelMemberIds(db, audience.channelId, audience.subchannel),
          }
        : { userIds: audience.userIds };
    const users = activeChatUsers(db, appId, {
      selection,
      include: plan.include,
      exclude: plan.exclude,
      exceptBlockersOf: plan.exceptBlockersOf ?? null,
    });
    return db
      .select({ device: pushDevices, userId: users.userId })
      .from(pushDevices)
      .innerJoin(users, eq(users.id, pushDevices.chatUserId))
      .where(eq(pushDevices.appId, appId))
      .orderBy(pushDevices.chatUserId, pushDevices.id);
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

  /** The push job: renders the event's template and sends it to each device of each member not connected. */
  async function handleEvent({ appId, event }: { appId: string; event: TChatEvent }): Promise<void> {
    const key = PUSH_TEMPLATE_OF_EVENT[event.type];
    if (!key) return;
    const settings = await deps.settings.cached(appId);
    if (!isPushActive(settings)) return;
    const name = (await findApp(db, appId))?.name;
    if (name === undefined) return;
    const plan = await planPush(db, appId, name, event);
    if (!plan) return;
    const isSuperGroup = plan.channel.type === "supergroup";
    // Super channels off, or an open channel (a live event's, followed while it runs): only what speaks to a user
    // in person (a mention) still pushes.
    const ordinary = (isSuperGroup && !settings.superChannel.enabled) || plan.channel.type === "open" ? null : key;

    const values: TPushTemplateValues = {
      app: name,
      channel: plan.channel.name,
      message: plan.message,
      "sender.name": plan.sender.name,
      "sender.profileImageUrl": plan.sender.profileImageUrl,
    };
    const fallbackTitle = plan.channel.name || name;
    const contents = new Map<TPushTemplateKey, { title: string; body: string }>();
    const contentOf = (template: TPushTemplateKey) => {
      let content = contents.get(template);
      if (!content) {
        const title = isTitledPushTemplateKey(template)
          ? renderPushTemplate(templateTitle(settings, template), values).trim()
          : "";
        content = { title: title || fallbackTitle, body: renderPushTemplate(templateText(settings, template), values) };
        contents.set(template, content);
      }
      return content;
    };
    let addressed: AddressedPush | null = null;
    if (event.type === "message.created" && event.message) {
      let isOverridden = false;
      for (const override of messagePushOverrides) {
        const own = await override(appId, event.message);
        if (own === "silent") return;
        if (own) {
          contents.set(key, own);
          isOverridden = true;
          break;
        }
      }
      // A feature's own notification (a bulk message's) is the whole message's; it addresses no one in person.
      if (!isOverridden) addressed = await addressedBy(db, event.message);
    }
    if (ordinary === null && !addressed?.mentioned.size) return;
    const data: Record<string, string> = { appId, channelId: plan.channel.id, eventType: event.type };
    if (plan.messageId) data.messageId = plan.messageId;

    let recipients = await recipientsOf(appId, plan);
    // A message's push is its content: not for a member whose roles do not grant `read` there (decision 0299).
    if (MESSAGE_EVENT_TYPES.has(event.type) && deps.permissions) {
      const ids = [...new Set(recipients.map((r) => r.device.chatUserId))];
      const denied = await nonReadersOf(deps.permissions, db, appId, plan.channel, ids);
      if (denied.size > 0) recipients = recipients.filter((r) => !denied.has(r.device.chatUserId));
    }
    // A deleted channel has no throttle row to hold (its row is gone), and is deleted only once.
    let mayPush: boolean | null = !isSuperGroup || event.type === "channel.deleted" ? true : null;
    for (let i = 0; i < recipients.length; i += SLICE) {
      const slice = recipients.slice(i, i + SLICE);
      const online = await deps.presence.online(appId, [...new Set(slice.map((r) => r.device.chatUserId))]);
      let targets = slice.flatMap((recipient) => {
        if (online.has(recipient.device.chatUserId)) return [];
        const template = templateFor(
          addressed,
          { userId: recipient.userId, chatUserId: recipient.device.chatUserId },
          ordinary,
        );
        return template ? [{ recipient, template }] : [];
      });
      // The recipients' own preferences, before the super group's slot: whom they silence does not use it up.
      const preferences = await preferencesOf(
        db,
        [...new Set(targets.map((target) => target.recipient.device.chatUserId))],
        event.type === "channel.deleted" ? null : plan.channel.id,
      );
      const now = ctx.clock.now();
      targets = targets.filter(({ recipient, template }) =>
        pushAllowed(preferences.get(recipient.device.chatUserId) ?? {}, template, now),
      );
      // The slot is taken only once someone is to be notified under the channel's rules: an event nobody was
      // pushed does not use up the interval, and a mention neither waits for it nor uses it.
      if (targets.some((target) => target.template !== "message/mention")) {
        mayPush ??= await takeSuperChannelSlot(plan.channel.id, event, settings.superChannel.intervalMinutes);
        if (!mayPush) {
          if (!addressed?.mentioned.size) return;
          targets = targets.filter((target) => target.template === "message/mention");
        }
      }
      if (targets.length === 0) continue;
      const badges = settings.notification.badge
        ? await unreadCounts(db, [...new Set(targets.map((target) => target.recipient.device.chatUserId))])
        : null;
      await eachLimited(targets, SEND_CONCURRENCY, async ({ recipient, template }) => {
        const badge = badges ? (badges.get(recipient.device.chatUserId) ?? 0) : null;
        await deps.sender.attempt(appId, settings, recipient, {
          eventId: event.id,
          trigger: template,
          ...contentOf(template),
          badge,
          data,
        });
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

  /**
   * Tells a callee with no socket open that a call rings, on each of their devices, with the `call/incoming`
   * template. Called once per call: the calls module marks the call pushed before it asks.
   */
  async function sendCallIncoming(
    appId: string,
    call: {
      id: string;
      kind: "audio" | "video";
      callee: { id: string; userId: string };
      caller: { nickname: string; profileImageUrl: string };
    },
  ): Promise<void> {
    const settings = await deps.settings.cached(appId);
    if (!isPushActive(settings)) return;
    const name = (await findApp(db, appId))?.name;
    if (name === undefined) return;
    if ((await deps.presence.online(appId, [call.callee.id])).has(call.callee.id)) return;
    const values: TPushTemplateValues = {
      app: name,
      channel: "",
      message: CALL_PUSH_KIND_TEXTS[settings.language][call.kind],
      "sender.name": call.caller.nickname,
      "sender.profileImageUrl": call.caller.profileImageUrl,
    };
    const content = { title: name, body: renderPushTemplate(templateText(settings, "call/incoming"), values) };
    const data = { appId, callId: call.id, eventType: "call.incoming", kind: call.kind };
    const devices = await db
      .select()
      .from(pushDevices)
      .where(and(eq(pushDevices.appId, appId), eq(pushDevices.chatUserId, call.callee.id)))
      .orderBy(pushDevices.id);
    await eachLimited(devices, SEND_CONCURRENCY, async (device) => {
      await deps.sender.attempt(
        appId,
        settings,
        { device, userId: call.callee.userId },
        { eventId: null, trigger: "call/incoming", ...content, badge: null, data },
      );
    });
  }

  return {
    consumer,
    handleEvent,
    sendCallIncoming,

    /** A test notification to every device of one user, sent now, connected or not. */
    async sendTest(
      appId: string,
      name: string,
      user: { id: string; userId: string },
      devices: PushDeviceRow[],
      settings: PushSettingsRow,
    ): Promise<TPushAttempt[]> {
      const badge = settings.notification.badge ? ((await unreadCounts(db, [user.id])).get(user.id) ?? 0) : null;
      const sent: TPushAttempt[] = [];
      for (const device of devices) {
        const result = await deps.sender.attempt(
          appId,
          settings,
          { device, userId: user.userId },
          {
            eventId: null,
            trigger: "test",
            title: name,
            body: TEST_PUSH_BODY,
            badge,
            data: { appId, eventType: "test" },
          },
        );
        if (result) sent.push(result);
      }
      return sent;
    },
  };
}

export type PushDelivery = ReturnType<typeof createPushDelivery>;
