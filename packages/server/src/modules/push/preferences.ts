import {
  Errors,
  type TChannelPushMode,
  type TChannelPushPreference,
  type TPushPreferences,
  type TPushTemplateKey,
  type TUpdatePushPreferencesRequest,
} from "@parley/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { type Actor, findChannelSummary, isChannelMember } from "../channels";
import type { ChatUserService } from "../chat-users";
import { type PushPreferencesRow, pushChannelPreferences, pushPreferences } from "./schema";

/** What decides one recipient's pushes: their own preferences (none: every push) and their mode in the channel. */
export interface RecipientPreferences {
  user?: Pick<PushPreferencesRow, "level" | "dndStart" | "dndEnd" | "timeZone" | "snoozeUntil">;
  channelMode?: TChannelPushMode;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The minutes past midnight at `at` in `timeZone`. */
function minutesOfDay(at: Date, timeZone: string): number {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === "minute")?.value ?? 0);
  return hour * 60 + minute;
}

function minutesOf(time: string): number {
  const [hour, minute] = time.split(":").map(Number);
  return (hour ?? 0) * 60 + (minute ?? 0);
}

/** Whether `at` falls within the quiet hours from `start` up to `end`, which run past midnight when end < start. */
export function isWithinQuietHours(at: Date, start: string, end: string, timeZone: string): boolean {
  const now = minutesOfDay(at, timeZone);
  const from = minutesOf(start);
  const to = minutesOf(end);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/**
 * Whether a push with `template` may reach a recipient at `now`: the one place the preferences decide, for FCM and
 * APNs alike. Snoozed or within quiet hours: nothing. A muted channel: nothing. Mentions only, by the user's level or
 * the channel's mode: a mention alone. The stricter of the two levels wins.
 */
export function pushAllowed(preferences: RecipientPreferences, template: TPushTemplateKey, now: Date): boolean {
  const { user, channelMode } = preferences;
  if (channelMode === "mute") return false;
  if (user) {
    if (user.level === "none") return false;
    if (user.snoozeUntil && user.snoozeUntil > now) return false;
    if (user.dndStart && user.dndEnd && user.timeZone) {
      if (isWithinQuietHours(now, user.dndStart, user.dndEnd, user.timeZone)) return false;
    }
  }
  const mentionsOnly = channelMode === "mentions" || user?.level === "mentions";
  return !mentionsOnly || template === "message/mention";
}

/** Each recipient's preferences for a push about `channelId` (null for an event with no channel left). */
export async function preferencesOf(
  db: Db,
  chatUserIds: string[],
  channelId: string | null,
): Promise<Map<string, RecipientPreferences>> {
  const found = new Map<string, RecipientPreferences>();
  if (chatUserIds.length === 0) return found;
  const users = await db.select().from(pushPreferences).where(inArray(pushPreferences.chatUserId, chatUserIds));
  for (const user of users) found.set(user.chatUserId, { user });
  if (channelId) {
    const modes = await db
      .select({ chatUserId: pushChannelPreferences.chatUserId, mode: pushChannelPreferences.mode })
      .from(pushChannelPreferences)
      .where(
        and(eq(pushChannelPreferences.channelId, channelId), inArray(pushChannelPreferences.chatUserId, chatUserIds)),
      );
    for (const { chatUserId, mode } of modes) found.set(chatUserId, { ...found.get(chatUserId), channelMode: mode });
  }
  return found;
}

function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Users' and members' push preferences through the chat API: the user themselves or the app's server. */
export function createPushPreferences(ctx: Context, deps: { chatUsers: ChatUserService }) {
  const { db } = ctx.database;
  const { clock } = ctx;

  /** The user the call is about: any of the app's users for its server, only themselves for a user (3242). */
  async function subjectOf(actor: Actor, userId: string): Promise<{ id: string }> {
    if (actor.kind === "user") {
      if (actor.user.userId !== userId) throw new AppError(Errors.PUSH_PREFERENCES_NOT_OWN);
      return actor.user;
    }
    return deps.chatUsers.requireUser(actor.app.id, userId);
  }

  /** The member the call is about, in a channel of the app (3007) they belong to (3020). */
  async function memberOf(actor: Actor, channelId: string, userId: string): Promise<{ id: string }> {
    const subject = await subjectOf(actor, userId);
    if (!(await isChannelMember(db, actor.app.id, channelId, subject.id))) {
      // A channel of another app is, to this caller, none.
      const channel = await findChannelSummary(db, actor.app.id, channelId);
      throw new AppError(channel ? Errors.NOT_CHANNEL_MEMBER : Errors.CHANNEL_NOT_FOUND);
    }
    return subject;
  }

  function toPreferences(row: PushPreferencesRow | undefined): TPushPreferences {
    if (!row) return { level: "all", doNotDisturb: null, snoozeUntil: null };
    return {
      level: row.level,
      doNotDisturb:
        row.dndStart && row.dndEnd && row.timeZone
          ? { start: row.dndStart, end: row.dndEnd, timeZone: row.timeZone }
          : null,
      snoozeUntil: row.snoozeUntil && row.snoozeUntil > clock.now() ? row.snoozeUntil.toISOString() : null,
    };
  }

  async function rowOf(chatUserId: string): Promise<PushPreferencesRow | undefined> {
    const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.chatUserId, chatUserId));
    return row;
  }

  return {
    async get(actor: Actor, userId: string): Promise<TPushPreferences> {
      const subject = await subjectOf(actor, userId);
      return toPreferences(await rowOf(subject.id));
    },

    /** Sets only the fields given, in one statement, so two changes at once of different fields both hold. */
    async update(actor: Actor, userId: string, input: TUpdatePushPreferencesRequest): Promise<TPushPreferences> {
      const subject = await subjectOf(actor, userId);
      if (input.doNotDisturb && !isKnownTimeZone(input.doNotDisturb.timeZone))
        throw new AppError(Errors.TIME_ZONE_UNKNOWN);
      const now = clock.now();
      const changes: Partial<typeof pushPreferences.$inferInsert> = { updatedAt: now };
      if (input.level !== undefined) changes.level = input.level;
      if (input.doNotDisturb !== undefined) {
        changes.dndStart = input.doNotDisturb?.start ?? null;
        changes.dndEnd = input.doNotDisturb?.end ?? null;
        changes.timeZone = input.doNotDisturb?.timeZone ?? null;
      }
      if (input.snoozeUntil !== undefined) changes.snoozeUntil = input.snoozeUntil ? new Date(input.snoozeUntil) : null;
      const [row] = await db
        .insert(pushPreferences)
        .values({ chatUserId: subject.id, ...changes, updatedAt: now })
        .onConflictDoUpdate({ target: pushPreferences.chatUserId, set: changes })
        .returning();
      return toPreferences(row);
    },

    async getChannel(actor: Actor, channelId: string, userId: string): Promise<TChannelPushPreference> {
      const member = await memberOf(actor, channelId, userId);
      const [row] = await db
        .select({ mode: pushChannelPreferences.mode })
        .from(pushChannelPreferences)
        .where(and(eq(pushChannelPreferences.channelId, channelId), eq(pushChannelPreferences.chatUserId, member.id)));
      return { mode: row?.mode ?? "default" };
    },

    /** `default` removes the member's row: no row is the default. */
    async setChannel(
      actor: Actor,
      channelId: string,
      userId: string,
      mode: TChannelPushMode,
    ): Promise<TChannelPushPreference> {
      const member = await memberOf(actor, channelId, userId);
      const key = and(
        eq(pushChannelPreferences.channelId, channelId),
        eq(pushChannelPreferences.chatUserId, member.id),
      );
      if (mode === "default") {
        await db.delete(pushChannelPreferences).where(key);
      } else {
        const now = clock.now();
        await db
          .insert(pushChannelPreferences)
          .values({ channelId, chatUserId: member.id, mode, updatedAt: now })
          .onConflictDoUpdate({
            target: [pushChannelPreferences.channelId, pushChannelPreferences.chatUserId],
            set: { mode, updatedAt: now },
          });
      }
      return { mode };
    },
  };
}

export type PushPreferences = ReturnType<typeof createPushPreferences>;
