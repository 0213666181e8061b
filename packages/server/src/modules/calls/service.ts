import {
  CALL_TRANSITIONS,
  Errors,
  MISSED_CALL_CUSTOM_TYPE,
  type TCall,
  type TCallAction,
  type TCallEndReason,
  type TCallEventType,
  type TCallsPage,
  type TClientFrame,
  type TDashboardCallResponse,
  type TDashboardCallsPage,
  type TDashboardCallsQuery,
  type TIceServersResponse,
  type TServerFrame,
  type TStartCallRequest,
} from "@parley/contract";
import { and, asc, desc, eq, gte, lt, lte, or, sql } from "drizzle-orm";
import type { Bus } from "../../chat/bus";
import { decodeCursor, pageOf, pastCursor } from "../../chat/cursor";
import type { Presence } from "../../chat/presence";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { callPushJob, callRingTimeoutJob } from "../../jobs/catalog";
import type { AppRow, AppService } from "../apps";
import type { Authenticated } from "../auth";
import { type ChannelService, distinctKeyOf } from "../channels";
import { type ChatUserRow, type ChatUserService, findChatUsersByIds, isBlockedByAny } from "../chat-users";
import type { MessageService } from "../messages";
import type { MetricsService } from "../metrics";
import type { PushService } from "../push";
import type { WebhookService } from "../webhooks";
import { createIceServers } from "./ice";
import { createSignalRelay } from "./relay";
import { toCall, toDashboardCall, type UsersById } from "./rows";
import { activeCalls, type CallRow, calls } from "./schema";

export { turnCredential } from "./ice";

/** The user acting on a call, as the chat API resolved them. */
export interface CallActor {
  app: AppRow;
  user: ChatUserRow;
}

/** A call's final moves, each with the event both parties hear and the end reason it records. */
const EVENT_OF: Record<TCallAction, TCallEventType> = {
  accept: "call.accepted",
  decline: "call.declined",
  cancel: "call.cancelled",
  end: "call.ended",
  fail: "call.failed",
  miss: "call.missed",
  drop: "call.failed",
};
const END_REASON_OF: Record<Exclude<TCallAction, "accept">, TCallEndReason> = {
  decline: "declined",
  cancel: "cancelled",
  end: "hangup",
  fail: "failed",
  miss: "missed",
  drop: "disconnected",
};

/** Who `by` is in the call: null for a user who is not a party, "server" for the server's own moves. */
function roleOf(row: CallRow, by: { chatUserId: string } | null): "caller" | "callee" | "server" | null {
  if (by === null) return "server";
  if (row.callerId === by.chatUserId) return "caller";
  return row.calleeId === by.chatUserId ? "callee" : null;
}

/** Calls one sweep moves at most, of each kind; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/**
 * One-to-one calls: their lifecycle (one table of moves, `CALL_TRANSITIONS`), the relay of their signalling, the
 * app's ICE servers, and their history. A call's events and signals reach the parties' sockets through the bus, so
 * on every process; nothing of a call rides on the process that started it, and a call nobody answers is missed by
 * a job.
 */
export function createCallService(
  ctx: Context,
  deps: {
    bus: Bus;
    apps: AppService;
    chatUsers: ChatUserService;
    channels: Pick<ChannelService, "findDistinct" | "permissions">;
    messages: Pick<MessageService, "send">;
    push: Pick<PushService, "sendCallIncoming">;
    /** Who holds a socket, on any process: an accepted call whose parties both hold none is over. */
    presence: Pick<Presence, "online">;
    webhooks: Pick<WebhookService, "recordCall">;
    metrics: Pick<MetricsService, "countActivity">;
  },
) {
  const { db } = ctx.database;
  const { clock } = ctx;
  const ringSeconds = ctx.config.callRingSeconds;
  const relay = createSignalRelay({ db, bus: deps.bus, apps: deps.apps });
  const ice = createIceServers(ctx, deps);

  /** Inside a transaction pass `tx`: on PGlite's single connection a query outside it would wait forever. */
  async function usersOf(rows: CallRow[], q: Db = db): Promise<UsersById> {
    const ids = new Set(rows.flatMap((row) => [row.callerId, row.calleeId]));
    return new Map((await findChatUsersByIds(q, [...ids])).map((user) => [user.id, user]));
  }

  async function present(row: CallRow): Promise<TCall> {
    return toCall(row, await usersOf([row]));
  }

  /** Both parties' sockets, wherever they are, hear the call as it is now. */
  async function announce(appId: string, type: TCallEventType, call: TCall): Promise<void> {
    // This process's relay knows at once; the others hear it on the bus.
    relay.moved(call);
    await deps.bus.publish({
      direct: {
        appId,
        userIds: [call.callerId, call.calleeId],
        frame: { type: "call", event: { type, call, at: clock.now().toISOString() } },
      },
    });
  }

  /**
   * A missed call leaves an admin message in the pair's distinct one-to-one channel, when they have one: the callee
   * sees it in the conversation where they would answer. No channel is made for it. The call id as the message's
   * client id keeps a repeated job from leaving two.
   */
  async function noteMissed(row: CallRow): Promise<void> {
    const app = await deps.apps.cachedApp(row.appId);
    if (!app) return;
    const actor = { kind: "server" as const, app };
    const channel = await deps.channels.findDistinct(actor, distinctKeyOf("private", [row.callerId, row.calleeId]));
    if (channel?.memberCount !== 2) return;
    await deps.messages.send(
      actor,
      channel.id,
      {
        text: row.kind === "video" ? "Missed video call" : "Missed voice call",
        customType: MISSED_CALL_CUSTOM_TYPE,
        metadata: { callId: row.id, kind: row.kind },
        clientMessageId: `call-missed:${row.id}`,
      },
      "custom",
    );
  }

  /**
   * Moves a call by the table's rule. `by` is the party making the move, or null for the server's own (a missed
   * call). The row is locked for the move, so of two moves at once (an accept and a cancel) one wins and the other
   * finds the state it left.
   */
  async function move(
    appId: string,
    callId: string,
    action: TCallAction,
    by: { chatUserId: string } | null,
  ): Promise<TCall> {
    const rule = CALL_TRANSITIONS[action];
    const moved = await withTransaction(db, async (tx) => {
      const [row] = await tx
        .select()
        .from(calls)
        .where(and(eq(calls.id, callId), eq(calls.appId, appId)))
        .for("update")
        .limit(1);
      const role = row ? roleOf(row, by) : null;
      if (!row || role === null) throw new AppError(Errors.CALL_NOT_FOUND);
      if (rule.by === "server" ? role !== "server" : rule.by !== "either" && rule.by !== role) {
        throw new AppError(Errors.WRONG_CALL_PARTY);
      }
      if (!rule.from.includes(row.state)) throw new AppError(Errors.CALL_STATE_CONFLICT, { status: row.state });
      const now = clock.now();
      const [updated] = await tx
        .update(calls)
        .set(
          action === "accept"
            ? { state: rule.to, acceptedAt: now }
            : { state: rule.to, endedAt: now, endReason: END_REASON_OF[action], endedBy: by?.chatUserId ?? null },
        )
        .where(eq(calls.id, row.id))
        .returning();
      // A call over frees both parties for the next.
      if (action !== "accept") await tx.delete(activeCalls).where(eq(activeCalls.callId, row.id));
      const call = toCall(updated as CallRow, await usersOf([updated as CallRow], tx));
      // A call that was talked in counts its minutes, each call's rounded up, on the day it ended.
      if (call.durationSeconds !== null) {
        await deps.metrics.countActivity(appId, "callMinutes", now, Math.ceil(call.durationSeconds / 60), tx);
      }
      const webhook =
        action === "accept"
          ? undefined
          : await deps.webhooks.recordCall(tx, appId, action === "miss" ? "call.missed" : "call.ended", call);
      return { row: updated as CallRow, call, webhook };
    });
    const { call } = moved;
    await announce(appId, EVENT_OF[action], call);
    await moved.webhook?.();
    if (action === "miss") {
      await noteMissed(moved.row).catch((err: unknown) =>
        ctx.log.error({ err, callId }, "could not leave the missed-call message"),
      );
    }
    return call;
  }

  /** A party's call, or 3090 for anyone else, a call of another app included. */
  async function requireOwnCall(actor: CallActor, callId: string): Promise<CallRow> {
    const [row] = await db
      .select()
      .from(calls)
      .where(
        and(
          eq(calls.id, callId),
          eq(calls.appId, actor.app.id),
          or(eq(calls.callerId, actor.user.id), eq(calls.calleeId, actor.user.id)),
        ),
      )
      .limit(1);
    if (!row) throw new AppError(Errors.CALL_NOT_FOUND);
    return row;
  }

  /** Moves every call that rang past its time, or only `callId`; each move checks the state again. */
  async function missOverdue(callId?: string): Promise<number> {
    const due = new Date(clock.now().getTime() - ringSeconds * 1000);
    const rows = await db
      .select({ id: calls.id, appId: calls.appId })
      .from(calls)
      .where(and(eq(calls.state, "ringing"), lte(calls.createdAt, due), callId ? eq(calls.id, callId) : undefined))
      .orderBy(asc(calls.createdAt))
      .limit(SWEEP_BATCH);
    let missed = 0;
    for (const row of rows) {
      try {
        await move(row.appId, row.id, "miss", null);
        missed += 1;
      } catch (err) {
        // Answered, cancelled or declined meanwhile: nothing was missed.
        if (!(err instanceof AppError && err.code === Errors.CALL_STATE_CONFLICT)) throw err;
      }
    }
    return missed;
  }

  return {
    /**
     * Starts a call: it rings from now. The callee must be another active user of the app who does not block the
     * caller; either party already in a call answers 3091, which their `active_calls` rows decide.
     */
    async start(actor: CallActor, input: TStartCallRequest): Promise<TCall> {
      if (input.calleeId === actor.user.userId) throw new AppError(Errors.SELF_CALL);
      await deps.channels.permissions.requireCall({ kind: "user", app: actor.app, user: actor.user });
      const callee = await deps.chatUsers.requireUser(actor.app.id, input.calleeId);
      if (!callee.isActive) throw new AppError(Errors.CALLEE_DEACTIVATED);
      if (await isBlockedByAny(db, actor.app.id, [callee.id], actor.user.id)) throw new AppError(Errors.CALL_BLOCKED);
      const now = clock.now();
      const started = await withTransaction(db, async (tx) => {
        const [inserted] = await tx
          .insert(calls)
          .values({
            appId: actor.app.id,
            callerId: actor.user.id,
            calleeId: callee.id,
            kind: input.kind,
            state: "ringing",
            createdAt: now,
          })
          .returning();
        const call = inserted as CallRow;
        const held = await tx
          .insert(activeCalls)
          .values([
            { chatUserId: actor.user.id, callId: call.id },
            { chatUserId: callee.id, callId: call.id },
          ])
          .onConflictDoNothing()
          .returning({ chatUserId: activeCalls.chatUserId });
        if (held.length < 2) throw new AppError(Errors.CALL_BUSY);
        const started = toCall(
          call,
          new Map([
            [actor.user.id, actor.user],
            [callee.id, callee],
          ]),
        );
        return {
          row: call,
          call: started,
          webhook: await deps.webhooks.recordCall(tx, actor.app.id, "call.started", started),
        };
      });
      const { row, call } = started;
      await announce(actor.app.id, "call.ringing", call);
      await started.webhook?.();
      await ctx.jobs.send(callPushJob, { callId: row.id });
      await ctx.jobs.send(callRingTimeoutJob, { callId: row.id }, { startAfter: ringSeconds });
      return call;
    },

    accept: (actor: CallActor, callId: string) => move(actor.app.id, callId, "accept", { chatUserId: actor.user.id }),
    decline: (actor: CallActor, callId: string) => move(actor.app.id, callId, "decline", { chatUserId: actor.user.id }),
    cancel: (actor: CallActor, callId: string) => move(actor.app.id, callId, "cancel", { chatUserId: actor.user.id }),
    /** Hangs up an accepted call; with reason `failed`, ends a ringing or accepted call as failed. */
    end: (actor: CallActor, callId: string, reason: "hangup" | "failed") =>
      move(actor.app.id, callId, reason === "failed" ? "fail" : "end", { chatUserId: actor.user.id }),

    async get(actor: CallActor, callId: string): Promise<TCall> {
      return present(await requireOwnCall(actor, callId));
    },

    /** The user's calls, made or received, newest first. */
    async history(actor: CallActor, query: { cursor?: string | undefined; limit: number }): Promise<TCallsPage> {
      const after = decodeCursor(query.cursor);
      const rows = await db
        .select()
        .from(calls)
        .where(
          and(
            eq(calls.appId, actor.app.id),
            or(eq(calls.callerId, actor.user.id), eq(calls.calleeId, actor.user.id)),
            pastCursor(after, calls.createdAt, calls.id, "desc"),
          ),
        )
        .orderBy(desc(calls.createdAt), desc(calls.id))
        .limit(query.limit + 1);
      const page = pageOf(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
      const users = await usersOf(page.items);
      return { calls: page.items.map((row) => toCall(row, users)), nextCursor: page.nextCursor };
    },

    /**
     * A `call.signal` frame: relayed to the other party of the call while it rings or is accepted. Answers the error
     * frame that refuses it, or null once relayed.
     */
    relaySignal: (
      from: { appId: string; userId: string; chatUserId: string },
      frame: Extract<TClientFrame, { type: "call.signal" }>,
      /** The whole frame's size as it came, when known: a frame within the limit needs no measuring of its data. */
      frameBytes?: number,
    ): Promise<TServerFrame | null> => relay.relay(from, frame, frameBytes),

    /** The ICE servers for this user's next call, TURN credentials valid for `ICE_CREDENTIAL_TTL_SECONDS`. */
    iceServers: (actor: CallActor): Promise<TIceServersResponse> => ice.iceServersOf(actor.app.id, actor.user.userId),

    /** The ring timeout of one call (a delayed job). */
    missOverdue,

    /**
     * The minute's sweep: misses every call that rang past its time, and ends as failed (`disconnected`) every
     * accepted call whose parties both hold no socket, whose apps went away without hanging up.
     */
    async sweep(): Promise<void> {
      await missOverdue();
      const accepted = await db
        .select({ id: calls.id, appId: calls.appId, callerId: calls.callerId, calleeId: calls.calleeId })
        .from(calls)
        .where(eq(calls.state, "accepted"))
        .orderBy(asc(calls.acceptedAt))
        .limit(SWEEP_BATCH);
      for (const row of accepted) {
        const online = await deps.presence.online(row.appId, [row.callerId, row.calleeId]);
        if (online.size > 0) continue;
        await move(row.appId, row.id, "drop", null).catch((err: unknown) => {
          // Ended by a party meanwhile.
          if (!(err instanceof AppError && err.code === Errors.CALL_STATE_CONFLICT)) throw err;
        });
      }
    },

    /**
     * Pushes `call/incoming` to the callee's devices when they hold no socket. The call is marked pushed first, so
     * a job run twice pushes once; a call no longer ringing pushes nothing.
     */
    async pushIncoming(callId: string): Promise<void> {
      const [row] = await db
        .update(calls)
        .set({ pushedAt: clock.now() })
        .where(and(eq(calls.id, callId), eq(calls.state, "ringing"), sql`${calls.pushedAt} is null`))
        .returning();
      if (!row) return;
      const users = await usersOf([row]);
      const caller = users.get(row.callerId);
      const callee = users.get(row.calleeId);
      if (!caller || !callee) return;
      await deps.push.sendCallIncoming(row.appId, {
        id: row.id,
        kind: row.kind,
        callee: { id: row.calleeId, userId: callee.userId },
        caller: { nickname: caller.nickname, profileImageUrl: caller.profileImageUrl },
      });
    },

    getSettings: ice.getSettings,
    updateSettings: ice.updateSettings,
    dashboardIceServers: ice.dashboardIceServers,

    /** The app's calls for the dashboard, newest first, by party, state and start time. */
    async listForApp(auth: Authenticated, appId: string, query: TDashboardCallsQuery): Promise<TDashboardCallsPage> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const after = decodeCursor(query.cursor);
      let party: string | null = null;
      if (query.userId) {
        const user = await deps.chatUsers.usersByUserIds(app.id, [query.userId]);
        if (!user[0]) return { calls: [], nextCursor: null };
        party = user[0].id;
      }
      const rows = await db
        .select()
        .from(calls)
        .where(
          and(
            eq(calls.appId, app.id),
            party ? or(eq(calls.callerId, party), eq(calls.calleeId, party)) : undefined,
            query.state ? eq(calls.state, query.state) : undefined,
            query.from ? gte(calls.createdAt, new Date(query.from)) : undefined,
            query.to ? lt(calls.createdAt, new Date(query.to)) : undefined,
            pastCursor(after, calls.createdAt, calls.id, "desc"),
          ),
        )
        .orderBy(desc(calls.createdAt), desc(calls.id))
        .limit(query.limit + 1);
      const page = pageOf(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
      const users = await usersOf(page.items);
      return { calls: page.items.map((row) => toDashboardCall(row, users)), nextCursor: page.nextCursor };
    },

    /** One call of the app with its moves in order. */
    async getForApp(auth: Authenticated, appId: string, callId: string): Promise<TDashboardCallResponse> {
      const app = await deps.apps.requireAppAccess(auth, appId);
      const [row] = await db
        .select()
        .from(calls)
        .where(and(eq(calls.id, callId), eq(calls.appId, app.id)))
        .limit(1);
      if (!row) throw new AppError(Errors.CALL_NOT_FOUND);
      const users = await usersOf([row]);
      const call = toDashboardCall(row, users);
      const timeline: TDashboardCallResponse["timeline"] = [
        { state: "ringing", at: call.createdAt, byUserId: call.caller.userId },
      ];
      if (row.acceptedAt)
        timeline.push({ state: "accepted", at: row.acceptedAt.toISOString(), byUserId: call.callee.userId });
      if (row.endedAt) {
        const endedBy = row.endedBy ? (users.get(row.endedBy)?.userId ?? null) : null;
        timeline.push({ state: row.state, at: row.endedAt.toISOString(), byUserId: endedBy });
      }
      return { call, timeline };
    },
  };
}

export type CallService = ReturnType<typeof createCallService>;
