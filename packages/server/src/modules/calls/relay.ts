import {
  ACTIVE_CALL_STATES,
  CALL_SIGNAL_DATA_MAX_BYTES,
  Errors,
  type TCall,
  type TCallState,
  type TClientFrame,
  type TServerFrame,
} from "@parley/contract";
import { eq } from "drizzle-orm";
import type { Bus } from "../../chat/bus";
import type { Db } from "../../db/client";
import { deactivationCode } from "../../errors";
import type { AppService } from "../apps";
import { findChatUsersByIds } from "../chat-users";
import { calls } from "./schema";

/** A call's parties, by their user ids, and its state, as the relay last knew them. */
interface Parties {
  appId: string;
  callerUserId: string;
  calleeUserId: string;
  state: TCallState;
  /** When the database was last read for it (ms, `performance.now()`). */
  readAt: number;
}

/**
 * How long a call's parties are kept without a word from the bus. The bus keeps them current; this bounds what a
 * lost bus message (a Redis outage) can leave: signals of an ended call relayed to a client that dropped the call.
 */
const KEEP_MS = 60_000;
/** Calls whose parties are kept at most; a busier process reads the rest from the database. */
const KEPT_CALLS_MAX = 10_000;
const isActive = (state: TCallState) => (ACTIVE_CALL_STATES as readonly string[]).includes(state);

/**
 * Relays `call.signal` frames to the other party of their call. A call's set-up is a chain of signals (offer, answer,
 * candidates), each waiting on the one before, so the relay reads a call's parties once and keeps them while it
 * rings or goes on: each later signal costs no query. Every move of a call reaches every process on the bus (its
 * `call` frames), which updates what is kept there; the process that makes a move updates its own before it answers.
 * Another process's knowledge may trail by the bus's delay (at worst `KEEP_MS`, should a bus message be lost): a
 * signal relayed in that moment after a call ended reaches a client that has already let the call go, and is
 * dropped there.
 */
export function createSignalRelay(deps: {
  db: Db;
  bus: Bus;
  apps: Pick<AppService, "cachedApp" | "requireChatAccess">;
}) {
  const kept = new Map<string, Parties>();

  /** A call moved: what is kept of it follows, and a call that ended is forgotten. */
  function moved(call: TCall): void {
    const parties = kept.get(call.id);
    if (!parties) return;
    if (isActive(call.state)) parties.state = call.state;
    else kept.delete(call.id);
  }

  deps.bus.subscribe((message) => {
    if ("direct" in message && message.direct.frame.type === "call") moved(message.direct.frame.event.call);
  });

  async function partiesOf(callId: string): Promise<Parties | null> {
    const known = kept.get(callId);
    if (known && performance.now() - known.readAt < KEEP_MS) return known;
    const [row] = await deps.db.select().from(calls).where(eq(calls.id, callId)).limit(1);
    if (!row) return null;
    const users = new Map(
      (await findChatUsersByIds(deps.db, [row.callerId, row.calleeId])).map((user) => [user.id, user.userId]),
    );
    const callerUserId = users.get(row.callerId);
    const calleeUserId = users.get(row.calleeId);
    if (!callerUserId || !calleeUserId) return null;
    const parties = { appId: row.appId, callerUserId, calleeUserId, state: row.state, readAt: performance.now() };
    kept.delete(callId);
    if (isActive(row.state)) {
      kept.set(callId, parties);
      if (kept.size > KEPT_CALLS_MAX) kept.delete(kept.keys().next().value as string);
    }
    return parties;
  }

  return {
    moved,

    /** Answers the error frame that refuses the signal, or null once relayed. */
    async relay(
      from: { appId: string; userId: string },
      frame: Extract<TClientFrame, { type: "call.signal" }>,
      frameBytes = Number.POSITIVE_INFINITY,
    ): Promise<TServerFrame | null> {
      type Refusal = (typeof Errors)[
        | "CALL_NOT_FOUND"
        | "CALL_STATE_CONFLICT"
        | "CALL_SIGNAL_TOO_LARGE"
        | "APP_DEACTIVATED"
        | "ACCOUNT_APPS_DEACTIVATED"
        | "NO_ACTIVE_PLAN"];
      const refuse = (code: Refusal, message: string): TServerFrame => ({
        type: "error",
        code,
        message,
        frame: "call.signal",
      });
      const data = frame.data ?? null;
      // The data, written again, is never longer than the frame it was read from: only a frame over the limit is
      // worth writing out to measure (which every signal would pay otherwise).
      const tooLarge =
        frameBytes > CALL_SIGNAL_DATA_MAX_BYTES && Buffer.byteLength(JSON.stringify(data)) > CALL_SIGNAL_DATA_MAX_BYTES;
      if (tooLarge) {
        return refuse(Errors.CALL_SIGNAL_TOO_LARGE, "the signal's data is too large");
      }
      const app = await deps.apps.cachedApp(from.appId);
      if (!app) return refuse(Errors.CALL_NOT_FOUND, "no such call");
      const refused = await deps.apps.requireChatAccess(app).then(
        () => null,
        (err: unknown) => deactivationCode(err) ?? Errors.NO_ACTIVE_PLAN,
      );
      if (refused)
        return refuse(refused, refused === Errors.NO_ACTIVE_PLAN ? "no active plan" : "the app is deactivated");
      const parties = await partiesOf(frame.callId);
      const isParty = parties?.callerUserId === from.userId || parties?.calleeUserId === from.userId;
      if (!parties || parties.appId !== from.appId || !isParty) return refuse(Errors.CALL_NOT_FOUND, "no such call");
      if (!isActive(parties.state)) return refuse(Errors.CALL_STATE_CONFLICT, "the call is over");
      const to = parties.callerUserId === from.userId ? parties.calleeUserId : parties.callerUserId;
      await deps.bus.publish({
        direct: {
          appId: from.appId,
          userIds: [to],
          frame: { type: "call.signal", callId: frame.callId, fromUserId: from.userId, data },
        },
      });
      return null;
    },
  };
}
