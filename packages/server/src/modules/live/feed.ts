import { randomBytes } from "node:crypto";
import {
  Errors,
  LIVE_HEARTBEAT_SECONDS,
  LIVE_MAX_EVENTS_PER_SECOND,
  LIVE_STREAMS_PER_SESSION,
  type TCallEvent,
  type TChatEvent,
  type TLiveEvent,
  type TLiveEventType,
  type TLiveFrame,
  type TWebhookListenEvent,
  type TWebhookListenFrame,
} from "@parley/contract";
import type { Bus, BusMessage, EndedSessions } from "../../chat/bus";
import { AppError } from "../../errors";

/**
 * A process's word that it holds a viewer of an app is renewed this often and believed this long, so an app whose
 * last viewer left (or whose viewer's process died) stops costing the others a publish within a minute.
 */
const WATCH_RENEW_MS = 20_000;
const WATCH_TTL_MS = 50_000;
/**
 * A viewer whose connection holds this much unsent is written nothing more until it drains: what would have gone is
 * counted as dropped, so a stalled browser costs the server a bounded buffer, not the app's whole traffic.
 */
const BACKLOG_MAX_BYTES = 256 * 1024;
const WINDOW_MS = 1000;

/** What another module says happened, described only when some viewer of the app would hear it. */
export interface LiveReportEvent {
  type: TLiveEventType;
  at: Date;
  channelId: string | null;
  userId: string | null;
  /** Every user the event concerns, when more than `userId` (the user filter matches any of them). */
  users?: string[];
  data: Record<string, unknown>;
}

/**
 * How a module reports an event that is on the bus for nothing else. `describe` runs only while a viewer of the
 * app is connected to some process: with none, a report costs one map lookup.
 */
export type LiveReport = (appId: string, describe: () => LiveReportEvent) => void;

export interface LiveFilter {
  types: ReadonlySet<TLiveEventType> | null;
  channelId: string | null;
  userId: string | null;
}

/**
 * A webhook listener: a viewer that hears the app's events in their webhook form rather than the tail's. The feed
 * knows no webhook body; the webhooks module gives each listener the translation.
 */
export interface LiveListener {
  /** The event as a webhook delivers it, or null for what no webhook carries. */
  translate(event: TLiveEvent): TWebhookListenEvent | null;
  /** The webhook event types to hear; every type when null. */
  types: ReadonlySet<string> | null;
}

/** Where a viewer's frames go: the open response. */
export interface LiveSink {
  write(text: string): void;
  /** Bytes written and not yet sent. */
  backlog(): number;
  end(): void;
}

interface Viewer {
  appId: string;
  /** Null for a stream opened with an API key. */
  accountId: string | null;
  /** What the streams-per-holder bound counts by: the dashboard session, or `apiKey:` and the key's id. */
  sessionId: string;
  filter: LiveFilter;
  listener: LiveListener | null;
  sink: LiveSink;
  windowStart: number;
  sentInWindow: number;
  dropped: number;
  dropTimer: NodeJS.Timeout | null;
  isClosed: boolean;
}

const encode = (frame: TLiveFrame | TWebhookListenFrame) => `event: ${frame.kind}\ndata: ${JSON.stringify(frame)}\n\n`;

function fromChatEvent(event: TChatEvent): { event: TLiveEvent; users: string[] } {
  const userId = event.userId ?? event.message?.sender?.userId ?? null;
  return {
    event: { id: event.id, type: event.type, at: event.createdAt, channelId: event.channelId, userId, data: event },
    users: userId ? [userId] : [],
  };
}

function fromCallEvent({ type, call, at }: TCallEvent): { event: TLiveEvent; users: string[] } {
  const actor = call.endedBy ?? (type === "call.accepted" ? call.calleeId : call.callerId);
  return {
    event: { id: `${call.id}:${type}`, type, at, channelId: null, userId: actor, data: { type, call, at } },
    users: [call.callerId, call.calleeId],
  };
}

function matches(filter: LiveFilter, event: TLiveEvent, users: readonly string[]): boolean {
  if (filter.types && !filter.types.has(event.type)) return false;
  if (filter.channelId !== null && event.channelId !== filter.channelId) return false;
  if (filter.userId !== null && event.userId !== filter.userId && !users.includes(filter.userId)) return false;
  return true;
}

function endedFor(viewer: Viewer, ended: EndedSessions): boolean {
  if (ended.kind === "dashboard") return ended.sessionIds.includes(viewer.sessionId);
  if (ended.kind === "dashboard-account") {
    return viewer.accountId === ended.accountId && viewer.sessionId !== ended.exceptSessionId;
  }
  return false;
}

/**
 * The live tail's side of the bus. Every process listens; a message of an app with no viewer on this process is
 * passed over after one map lookup. The chat events and the calls' moves are on the bus already; what is not (webhook
 * deliveries, pushes, logins) is published by `report`, and only for apps that some process says it has a viewer of.
 */
export function createLiveFeed(deps: { bus: Bus; log: { error(obj: object, msg: string): void } }) {
  const { bus } = deps;
  /** This process's viewers by app. */
  const viewers = new Map<string, Set<Viewer>>();
  /** Apps some process (this one included) has a viewer of, until when (wall-clock ms). */
  const watchedUntil = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;

  const announce = (appId: string) => bus.publish({ live: { appId, watched: true } });

  function write(viewer: Viewer, text: string) {
    if (!viewer.isClosed) viewer.sink.write(text);
  }

  function flushDropped(viewer: Viewer) {
    if (viewer.dropTimer) clearTimeout(viewer.dropTimer);
    viewer.dropTimer = null;
    if (viewer.dropped === 0) return;
    write(viewer, encode({ kind: "dropped", count: viewer.dropped, at: new Date().toISOString() }));
    viewer.dropped = 0;
  }

  /** The first `LIVE_MAX_EVENTS_PER_SECOND` of each second go out; the rest are counted and reported at its end. */
  function offer(viewer: Viewer, frame: () => string) {
    const now = Date.now();
    if (now - viewer.windowStart >= WINDOW_MS) {
      flushDropped(viewer);
      viewer.windowStart = now;
      viewer.sentInWindow = 0;
    }
    if (viewer.sentInWindow >= LIVE_MAX_EVENTS_PER_SECOND || viewer.sink.backlog() > BACKLOG_MAX_BYTES) {
      viewer.dropped += 1;
      viewer.dropTimer ??= setTimeout(() => flushDropped(viewer), viewer.windowStart + WINDOW_MS - now);
      return;
    }
    viewer.sentInWindow += 1;
    write(viewer, frame());
  }

  function hear(viewer: Viewer, listener: LiveListener, event: TWebhookListenEvent) {
    if (listener.types && !listener.types.has(event.type)) return;
    offer(viewer, () => encode({ kind: "event", event }));
  }

  function deliver(appId: string, make: () => { event: TLiveEvent; users: readonly string[] }) {
    const audience = viewers.get(appId);
    if (!audience) return;
    const { event, users } = make();
    // Encoded once for every viewer it goes to.
    let text: string | null = null;
    const frame = () => {
      text ??= encode({ kind: "event", event });
      return text;
    };
    for (const viewer of audience) {
      if (viewer.listener) {
        const heard = viewer.listener.translate(event);
        if (heard) hear(viewer, viewer.listener, heard);
      } else if (matches(viewer.filter, event, users)) {
        offer(viewer, frame);
      }
    }
  }

  function deliverToListeners(appId: string, event: TWebhookListenEvent) {
    for (const viewer of viewers.get(appId) ?? []) if (viewer.listener) hear(viewer, viewer.listener, event);
  }

  function close(viewer: Viewer) {
    if (viewer.isClosed) return;
    viewer.isClosed = true;
    if (viewer.dropTimer) clearTimeout(viewer.dropTimer);
    const audience = viewers.get(viewer.appId);
    audience?.delete(viewer);
    if (audience?.size === 0) viewers.delete(viewer.appId);
    viewer.sink.end();
    if (viewers.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  function tick() {
    const now = Date.now();
    for (const [appId, until] of watchedUntil) if (until <= now) watchedUntil.delete(appId);
    for (const audience of viewers.values()) {
      for (const viewer of audience) write(viewer, ": keep-alive\n\n");
    }
  }

  let lastRenewal = 0;
  function heartbeat() {
    tick();
    const now = Date.now();
    if (now - lastRenewal < WATCH_RENEW_MS) return;
    lastRenewal = now;
    for (const appId of viewers.keys()) {
      announce(appId).catch((err: unknown) => deps.log.error({ err, appId }, "could not renew a live tail"));
    }
  }

  function onMessage(message: BusMessage) {
    if ("live" in message) {
      const live = message.live;
      if ("watched" in live) watchedUntil.set(live.appId, Date.now() + WATCH_TTL_MS);
      else if ("listen" in live) deliverToListeners(live.appId, live.listen);
      else deliver(live.appId, () => live);
    } else if ("sessionsEnded" in message) {
      for (const audience of [...viewers.values()]) {
        for (const viewer of [...audience]) if (endedFor(viewer, message.sessionsEnded)) close(viewer);
      }
    } else if ("direct" in message) {
      const { appId, frame } = message.direct;
      if (frame.type === "call") deliver(appId, () => fromCallEvent(frame.event));
    } else if ("event" in message) {
      deliver(message.appId, () => fromChatEvent(message.event));
    }
  }
  const unsubscribe = bus.subscribe(onMessage);

  /** Whether some process holds a viewer of the app. */
  function isWatched(appId: string): boolean {
    return viewers.has(appId) || (watchedUntil.get(appId) ?? 0) > Date.now();
  }

  // Ids of reported events: this process's tag and a count, unique across processes without a random draw each.
  const processTag = randomBytes(4).toString("hex");
  let sequence = 0;
  const report: LiveReport = (appId, describe) => {
    if (!isWatched(appId)) return;
    try {
      const { users, at, ...rest } = describe();
      sequence += 1;
      const event: TLiveEvent = { id: `${processTag}:${sequence}`, at: at.toISOString(), ...rest };
      const allUsers = [...new Set([...(rest.userId ? [rest.userId] : []), ...(users ?? [])])];
      bus
        .publish({ live: { appId, event, users: allUsers } })
        .catch((err: unknown) => deps.log.error({ err, appId }, "could not publish a live event"));
    } catch (err) {
      // The tail is an observer: whatever goes wrong describing an event must not fail the work it describes.
      deps.log.error({ err, appId }, "could not describe a live event");
    }
  };

  return {
    report,
    isWatched,

    /**
     * Adds a viewer of an app, on this process. Refuses a session holding `LIVE_STREAMS_PER_SESSION` already (3120),
     * or the holder's own bound (`limit`). `ready` resolves once the viewer is announced to every process and its
     * `ready` frame is written.
     */
    open(options: {
      appId: string;
      accountId: string | null;
      sessionId: string;
      filter: LiveFilter;
      sink: LiveSink;
      listener?: LiveListener;
      limit?: { max: number; error: AppError };
    }) {
      const { limit, ...rest } = options;
      let held = 0;
      for (const audience of viewers.values()) {
        for (const viewer of audience) if (viewer.sessionId === options.sessionId) held += 1;
      }
      if (held >= (limit?.max ?? LIVE_STREAMS_PER_SESSION))
        throw limit?.error ?? new AppError(Errors.TOO_MANY_LIVE_TAILS);
      const viewer: Viewer = {
        ...rest,
        listener: options.listener ?? null,
        windowStart: 0,
        sentInWindow: 0,
        dropped: 0,
        dropTimer: null,
        isClosed: false,
      };
      let audience = viewers.get(options.appId);
      if (!audience) {
        audience = new Set();
        viewers.set(options.appId, audience);
      }
      audience.add(viewer);
      if (!timer) {
        timer = setInterval(heartbeat, LIVE_HEARTBEAT_SECONDS * 1000);
        timer.unref();
      }
      const ready = announce(options.appId).then(
        () =>
          write(
            viewer,
            encode({
              kind: "ready",
              maxPerSecond: LIVE_MAX_EVENTS_PER_SECOND,
              heartbeatSeconds: LIVE_HEARTBEAT_SECONDS,
            }),
          ),
        (err: unknown) => {
          deps.log.error({ err, appId: options.appId }, "could not announce a live tail");
          close(viewer);
        },
      );
      return { ready, close: () => close(viewer) };
    },

    /** Sends an event to the app's webhook listeners on every process, and to nobody else. */
    sendToListeners(appId: string, event: TWebhookListenEvent): Promise<void> {
      return bus.publish({ live: { appId, listen: event } });
    },

    /** Ends every stream of this process: at shutdown, so that no open tail holds the server's close. */
    endAll(): void {
      for (const audience of [...viewers.values()]) for (const viewer of [...audience]) close(viewer);
    },

    /** Viewers on this process (for tests and metrics). */
    viewerCount(): number {
      let count = 0;
      for (const audience of viewers.values()) count += audience.size;
      return count;
    },

    close(): void {
      this.endAll();
      unsubscribe();
    },
  };
}

export type LiveFeed = ReturnType<typeof createLiveFeed>;
