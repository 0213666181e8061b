import {
  CHAT_API_PREFIX,
  chatApi,
  PRESENCE_SUBSCRIBE_MAX,
  type TChatEvent,
  type TServerFrame,
  type TTransientEvent,
} from "@parley/contract";

export type ChatSocketStatus = "connecting" | "live" | "reconnecting" | "stopped";

export interface ChatSocketOptions {
  appId: string;
  channelId: string;
  /** In a split super group: the one subchannel to hear (with messages to all); all of them when absent. */
  subchannel?: number | undefined;
  /** Read at every (re)connect, so a refreshed session is picked up. */
  getToken: () => string | null;
  onEvent: (event: TChatEvent) => void;
  /**
   * After each subscription the server has acknowledged: from then on every event of the channel arrives here, so
   * the view reads what came before from the history API (`isResubscribe` after a reconnect) and misses nothing.
   */
  onSubscribed?: (info: { isResubscribe: boolean }) => void;
  onStatus?: (status: ChatSocketStatus) => void;
  /** Typing and presence (`user.presence` of the users `watchPresence` named). */
  onTransient?: (event: TTransientEvent) => void;
  url?: string;
}

export interface ChatSocketConnection {
  close: () => void;
  /**
   * Follows these users' presence (the first `PRESENCE_SUBSCRIBE_MAX`), replacing the ones asked for before; asked
   * again after every reconnect, since the server forgets a closed socket's list.
   */
  watchPresence: (userIds: string[]) => void;
}

const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
/** Codes after which retrying with the same token cannot succeed; 3007: the channel is gone. */
const FATAL_CODES = new Set(["1001", "1023", "3003", "3007", "3028"]);

export function chatSocketUrl(location: Pick<Location, "protocol" | "host"> = window.location) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${CHAT_API_PREFIX}${chatApi.ws}`;
}

/** Exponential with jitter, so many dashboards reconnecting after a restart do not arrive at once. */
export function backoffDelay(attempt: number, random = Math.random) {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * A dashboard observer on `/v1/ws`: authenticates with the dashboard session and the app id, subscribes to
 * one channel and reports its events. It is live once the server acknowledges the subscription, not when the
 * socket opens: events sent before that never arrive on it. It reconnects with backoff until `close()` or a fatal
 * refusal.
 */
export function connectChatSocket(options: ChatSocketOptions): ChatSocketConnection {
  let socket: WebSocket | null = null;
  /** The socket that has authenticated (its `ready` came): only it may ask for presence. */
  let readySocket: WebSocket | null = null;
  /** Null until the view asks: a socket that follows no one says nothing. */
  let presenceUserIds: string[] | null = null;
  const sendPresence = () => {
    if (!readySocket || presenceUserIds === null) return;
    readySocket.send(JSON.stringify({ type: "presence.subscribe", userIds: presenceUserIds }));
  };
  let attempt = 0;
  let hasBeenSubscribed = false;
  let isClosed = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  const setStatus = (status: ChatSocketStatus) => options.onStatus?.(status);

  const scheduleRetry = () => {
    if (isClosed) return;
    setStatus("reconnecting");
    retryTimer = setTimeout(open, backoffDelay(attempt));
    attempt += 1;
  };

  const stop = () => {
    isClosed = true;
    setStatus("stopped");
    socket?.close();
  };

  function open() {
    retryTimer = null;
    const token = options.getToken();
    if (!token) {
      stop();
      return;
    }
    setStatus(hasBeenSubscribed ? "reconnecting" : "connecting");
    const current = new WebSocket(options.url ?? chatSocketUrl());
    socket = current;

    current.addEventListener("open", () => {
      current.send(JSON.stringify({ type: "auth", token, appId: options.appId }));
    });
    current.addEventListener("message", (message) => {
      let frame: TServerFrame;
      try {
        frame = JSON.parse(String(message.data)) as TServerFrame;
      } catch {
        return;
      }
      if (frame.type === "ready") {
        const { channelId, subchannel } = options;
        current.send(JSON.stringify({ type: "subscribe", channelId, ...(subchannel ? { subchannel } : {}) }));
        readySocket = current;
        sendPresence();
      } else if (frame.type === "subscribed") {
        if (frame.channelId !== options.channelId) return;
        const isResubscribe = hasBeenSubscribed;
        hasBeenSubscribed = true;
        attempt = 0;
        setStatus("live");
        options.onSubscribed?.({ isResubscribe });
      } else if (frame.type === "event") {
        if (frame.event.channelId === options.channelId) options.onEvent(frame.event);
      } else if (frame.type === "transient") {
        options.onTransient?.(frame.event);
      } else if (frame.type === "error" && FATAL_CODES.has(frame.code)) {
        stop();
      }
    });
    current.addEventListener("close", () => {
      if (readySocket === current) readySocket = null;
      if (socket !== current) return;
      socket = null;
      scheduleRetry();
    });
  }

  open();

  return {
    close: () => {
      isClosed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = socket;
      socket = null;
      current?.close();
    },
    watchPresence: (userIds) => {
      const next = [...new Set(userIds)].slice(0, PRESENCE_SUBSCRIBE_MAX);
      // Nothing asked before counts as following no one: an empty list then has nothing to stop.
      if (next.join("\n") === (presenceUserIds ?? []).join("\n")) return;
      presenceUserIds = next;
      sendPresence();
    },
  };
}
