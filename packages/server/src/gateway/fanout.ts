import { Errors, type TChatEvent, type TServerFrame } from "@parley/contract";
import type { BusMessage, ChatEventMessage, DirectMessage, EndedSessions, TransientMessage } from "../chat/bus";
import type { ChannelService } from "../modules/channels";
import { MESSAGE_EVENT_TYPES, withoutMessages } from "../modules/channels";
import type { MessageService } from "../modules/messages";
import type { Connection, ConnectionIndex } from "./connections";
import type { MembershipChanges } from "./membership-changes";
import type { ReadGate, ReadVerdict } from "./read-gate";
import { textFrame } from "./text-frame";
import type { TransientHub } from "./transient";

/** Whether a connection was opened with one of the sessions that ended. */
function openedWith(conn: Connection, ended: EndedSessions): boolean {
  switch (ended.kind) {
    case "dashboard":
      return conn.accountId !== null && ended.sessionIds.includes(conn.sessionId);
    case "dashboard-account":
      return conn.accountId === ended.accountId && conn.sessionId !== ended.exceptSessionId;
    case "chat":
      return conn.accountId === null && ended.sessionIds.includes(conn.sessionId);
    case "chat-user":
      return conn.chatUserId === ended.chatUserId;
  }
}

/**
 * A frame encoded and framed once, when the first socket that hears it asks: a channel of a thousand members must
 * not pay a thousand of either per event, and a process where no one hears it (with several processes, most events;
 * in a channel whose members are offline, all) pays neither.
 */
/** A shadowed message's event as its sender hears it: without the mark. */
function unmarked(event: TChatEvent): TChatEvent {
  if (!event.message) return event;
  const { shadowed: _mark, ...message } = event.message;
  return { ...event, message };
}

function onceFramed(frame: TServerFrame): () => Buffer {
  let framed: Buffer | null = null;
  return () => {
    framed ??= textFrame(Buffer.from(JSON.stringify(frame)));
    return framed;
  };
}

/**
 * Routes what the bus carries to this process's connections: stored events to who may hear them, typing and
 * presence to who follows them, and the end of sessions to the sockets opened with them.
 */
export function createFanout(deps: {
  connections: ConnectionIndex;
  /** Where the membership changes heard are noted for the sockets signing in meanwhile. */
  changes: MembershipChanges;
  transients: TransientHub;
  /** Writes a frame, an object or a whole text frame from `textFrame`, to a connection that is still open. */
  send(conn: Connection, frame: TServerFrame | Buffer): void;
  /** Writes a whole text frame without waiting for the write window. */
  sendNow(conn: Connection, framed: Buffer): void;
  channels: Pick<ChannelService, "placementsIn">;
  messages: Pick<MessageService, "lastEventId">;
  /** Who may read a channel's messages, where a matrix takes `read` from someone. */
  gate: Pick<ReadGate, "mustJudge" | "judge">;
  log: { error(obj: object, msg: string): void };
}) {
  const { connections, send } = deps;

  /** A socket outlives no logout: what its session no longer admits, it must not go on hearing. */
  function closeEnded(ended: EndedSessions) {
    // A copy: closing one changes the set.
    for (const conn of [...connections.all]) {
      if (!openedWith(conn, ended)) continue;
      send(conn, { type: "error", code: Errors.CHAT_AUTH_REQUIRED, message: "the session ended" });
      // Its close event drops it from the index; until then it is no longer open, so nothing more is sent to it.
      conn.socket.close(4001, "the session ended");
    }
  }

  /** Typing to who would get the typist's message (but the typist), presence to whoever follows the user. */
  function deliverTransient({ appId, event, subchannel }: TransientMessage) {
    const frame = onceFramed({ type: "transient", event });
    if (event.type === "user.presence") {
      for (const conn of deps.transients.watchersOf(appId, event.userId)) send(conn as Connection, frame());
      return;
    }
    const targets =
      typeof subchannel === "number"
        ? [...connections.inSubchannel(event.channelId, subchannel), ...connections.watchingAll(event.channelId)]
        : connections.inChannel(event.channelId);
    for (const conn of targets) if (conn.appId === appId && conn.userId !== event.userId) send(conn, frame());
  }

  /** Moves this process's end users of a channel to where the database now places them. */
  async function replace(channelId: string) {
    const members = [...connections.inChannel(channelId)].filter((conn) => conn.chatUserId !== null);
    const placements = await deps.channels.placementsIn(
      channelId,
      members.map((conn) => conn.chatUserId as string),
    );
    for (const conn of members) {
      // Left the channel meanwhile: its own event parted it.
      if (!conn.channels.has(channelId) || !placements.has(conn.chatUserId as string)) continue;
      connections.join(conn, channelId, placements.get(conn.chatUserId as string) ?? null);
    }
  }

  /**
   * The newest event id of each app this process has heard of. Every process hears every app's events on the bus,
   * so after one read per app the `ready` frame's cursor comes from here, not from a query per socket: ten
   * thousand sockets signing in at once would otherwise each ask the database for it.
   */
  const latestEventIds = new Map<string, bigint>();
  const readingLatest = new Map<string, Promise<string>>();
  const heard = (appId: string, id: bigint) => {
    const known = latestEventIds.get(appId);
    if (known === undefined || id > known) latestEventIds.set(appId, id);
  };

  /** The events below that join or part connections, noted for the sign-ins whose reads they may have overtaken. */
  function noteMembershipChange(appId: string, event: ChatEventMessage["event"]) {
    if (event.type === "member.joined" || event.type === "member.left" || event.type === "member.banned") {
      if (event.userId) deps.changes.userChanged(appId, event.userId);
    } else if (event.type === "subchannels.changed" || event.type === "channel.deleted") {
      deps.changes.channelChanged(event.channelId);
    }
  }

  /**
   * The events of an app whose recipients are being judged, in order: an app's later events wait behind them, so no
   * socket hears them out of order. Empty unless a matrix takes `read` from someone (or is not loaded yet).
   */
  const judging = new Map<string, Promise<void>>();
  const observersOnly: ReadVerdict = (conn) => conn.chatUserId === null;

  function deliverEvent(message: ChatEventMessage) {
    const { appId, event } = message;
    heard(appId, BigInt(event.id));
    noteMembershipChange(appId, event);
    const queued = judging.get(appId);
    if (!queued && !deps.gate.mustJudge(appId, event)) return fanOut(message, null);
    const next = (queued ?? Promise.resolve())
      .then(async () => {
        let verdict: ReadVerdict | null;
        try {
          verdict = deps.gate.mustJudge(appId, event)
            ? await deps.gate.judge(appId, event.channelId, connections.inChannel(event.channelId))
            : null;
        } catch (err) {
          // Unjudged (the channel is gone, the database did not answer): no user hears a message, but a channel's
          // own news, such as its deletion, still reaches its members without a preview.
          deps.log.error({ err, channelId: event.channelId }, "could not judge an event's readers");
          verdict = observersOnly;
        }
        fanOut(message, verdict);
      })
      .catch((err: unknown) => deps.log.error({ err, channelId: event.channelId }, "could not deliver an event"))
      .finally(() => {
        if (judging.get(appId) === next) judging.delete(appId);
      });
    judging.set(appId, next);
  }

  /** Writes a stored event to who may hear it; `verdict` says who may read the channel, null for everyone. */
  function fanOut({ appId, event, hiddenFrom }: ChatEventMessage, verdict: ReadVerdict | null) {
    const subject = event.userId ? connections.ofUser(appId, event.userId) : undefined;
    if (event.type === "member.joined" && subject) {
      for (const conn of subject) connections.join(conn, event.channelId, event.subchannel ?? null);
    }
    if (event.type === "subchannels.changed") {
      const merge = event.merge;
      // A merge says where everyone went; any other re-placement is read back from the database.
      if (merge) {
        for (const conn of [...connections.inSubchannel(event.channelId, merge.from)]) {
          if (conn.chatUserId !== null) connections.join(conn, event.channelId, merge.into);
        }
      } else {
        void replace(event.channelId).catch((err: unknown) =>
          deps.log.error({ err, channelId: event.channelId }, "could not re-read subchannel placements"),
        );
      }
    }
    const frame = onceFramed({ type: "event", event });
    // A member who may not read the channel hears none of its messages, and its record without them (decision 0299).
    const withheld = MESSAGE_EVENT_TYPES.has(event.type)
      ? null
      : onceFramed({ type: "event", event: withoutMessages(event) });
    const write = (conn: Connection, framed: () => Buffer) => {
      if (verdict === null || verdict(conn)) send(conn, framed());
      else if (withheld) send(conn, withheld());
    };
    // A message is not written to the sockets of the members who block its sender; observers hear everything.
    const hidden = hiddenFrom ? new Set(hiddenFrom) : null;
    const hears = (conn: Connection) =>
      conn.appId === appId && (hidden === null || conn.userId === null || !hidden.has(conn.userId));
    const subchannel = event.message?.subchannel;
    if (typeof subchannel === "number") {
      // A member's message in a split super group: their subchannel, and the observers watching every subchannel.
      for (const conn of connections.inSubchannel(event.channelId, subchannel)) {
        if (hears(conn)) write(conn, frame);
      }
      for (const conn of connections.watchingAll(event.channelId)) if (conn.appId === appId) write(conn, frame);
      return;
    }
    if (event.visibleTo) {
      // A member's message in a broadcast channel: the sender and the owner, and the observers of the channel. A
      // shadowed message's mark is for the dashboard's observers: its sender is never told.
      const userFrame = event.message?.shadowed ? onceFramed({ type: "event", event: unmarked(event) }) : frame;
      for (const userId of event.visibleTo) {
        for (const conn of connections.ofUser(appId, userId)) {
          if (conn.channels.has(event.channelId) && hears(conn)) write(conn, userFrame);
        }
      }
      for (const conn of connections.watchingAll(event.channelId)) if (conn.appId === appId) write(conn, frame);
      return;
    }
    // An edit of a shadowed message reaches its sender (the others are in `hiddenFrom`) unmarked, as its send did.
    const memberFrame = event.message?.shadowed ? onceFramed({ type: "event", event: unmarked(event) }) : frame;
    for (const conn of connections.inChannel(event.channelId)) {
      if (hears(conn)) write(conn, conn.userId === null ? frame : memberFrame);
    }
    // A user removed from a channel still hears that it happened. Checked one by one rather than merged with the
    // members into a new set, which would copy a ten-thousand-member channel for every message its sender sends.
    if (subject) {
      for (const conn of subject) if (!conn.channels.has(event.channelId) && hears(conn)) write(conn, frame);
    }
    if ((event.type === "member.left" || event.type === "member.banned") && subject) {
      for (const conn of subject) connections.part(conn, event.channelId);
    }
    if (event.type === "channel.deleted") {
      for (const conn of [...connections.inChannel(event.channelId)]) connections.part(conn, event.channelId);
    }
  }

  /**
   * A frame for named users, to every socket of theirs on this process: a call's frames to its parties. They skip
   * the write window: call set-up is a chain of offer, answer and candidates, each sent when the one before arrived,
   * and a window's wait would add to every link of it.
   */
  function deliverDirect({ appId, userIds, frame }: DirectMessage) {
    const framed = textFrame(Buffer.from(JSON.stringify(frame)));
    for (const userId of new Set(userIds)) {
      for (const conn of connections.ofUser(appId, userId)) deps.sendNow(conn, framed);
    }
  }

  return {
    deliver(message: BusMessage): void {
      if ("sessionsEnded" in message) closeEnded(message.sessionsEnded);
      else if ("transient" in message) deliverTransient(message.transient);
      else if ("direct" in message) deliverDirect(message.direct);
      // The dashboard's live tail has its own listener; no socket of the chat API hears these.
      else if ("live" in message) return;
      else deliverEvent(message);
    },

    /** The newest event id of an app, read from the database once and then kept current from the bus. */
    async lastEventIdOf(appId: string): Promise<string> {
      const known = latestEventIds.get(appId);
      if (known !== undefined) return known.toString();
      // The sockets of an app signing in before the first read answers share it.
      let reading = readingLatest.get(appId);
      if (!reading) {
        reading = deps.messages.lastEventId(appId).finally(() => readingLatest.delete(appId));
        readingLatest.set(appId, reading);
      }
      heard(appId, BigInt(await reading));
      return String(latestEventIds.get(appId));
    },
  };
}
