import { TYPING_ANNOUNCE_MS, TYPING_EXPIRES_MS } from "@parley/contract/client";
import type { Emitter } from "./emitter";
import type { Realtime } from "./realtime";

/** How long after the last keystroke the SDK says the user stopped typing, if the app does not say so first. */
const TYPING_IDLE_MS = 5_000;

interface Typing {
  sentAt: number;
  idle: ReturnType<typeof setTimeout>;
}

/**
 * Who is typing where, and saying that the current user is. Call `keystroke(channelId)` on every change of the
 * message box and `stop(channelId)` when the message is sent or the box cleared: the SDK sends as few frames as the
 * server needs (a start at most every few seconds, a stop after a few idle seconds) and keeps each channel's list of
 * typing users current from the events, expiring any whose stop never came.
 */
export class TypingApi {
  #mine = new Map<string, Typing>();
  /** Typing users by channel, each with the timer that forgets them. */
  #others = new Map<string, Map<string, ReturnType<typeof setTimeout>>>();

  constructor(
    private readonly realtime: Realtime,
    emitter: Emitter,
  ) {
    emitter.on("typing.started", (event) => this.#mark(event.channelId, event.userId, true));
    emitter.on("typing.stopped", (event) => this.#mark(event.channelId, event.userId, false));
    emitter.on("connection", (change) => {
      // Whoever was typing when the link dropped may have stopped unheard.
      if (change.state !== "open") this.#clear();
    });
  }

  /** The user typed in the channel's message box. */
  keystroke(channelId: string): void {
    const now = Date.now();
    const current = this.#mine.get(channelId);
    if (current) clearTimeout(current.idle);
    const idle = setTimeout(() => this.stop(channelId), TYPING_IDLE_MS);
    const due = !current || now - current.sentAt >= TYPING_ANNOUNCE_MS;
    const sent = due && this.realtime.send({ type: "typing", channelId, state: "start" });
    this.#mine.set(channelId, { sentAt: sent ? now : (current?.sentAt ?? 0), idle });
  }

  /** The user stopped typing in the channel (sent the message, cleared the box, left). */
  stop(channelId: string): void {
    const current = this.#mine.get(channelId);
    if (!current) return;
    clearTimeout(current.idle);
    this.#mine.delete(channelId);
    this.realtime.send({ type: "typing", channelId, state: "stop" });
  }

  /** The ids of the other users typing in the channel now. */
  users(channelId: string): string[] {
    return [...(this.#others.get(channelId)?.keys() ?? [])];
  }

  #mark(channelId: string, userId: string, typing: boolean): void {
    const users = this.#others.get(channelId) ?? new Map<string, ReturnType<typeof setTimeout>>();
    const timer = users.get(userId);
    if (timer) clearTimeout(timer);
    users.delete(userId);
    if (typing)
      users.set(
        userId,
        setTimeout(() => this.#mark(channelId, userId, false), TYPING_EXPIRES_MS),
      );
    if (users.size > 0) this.#others.set(channelId, users);
    else this.#others.delete(channelId);
  }

  #clear(): void {
    for (const users of this.#others.values()) for (const timer of users.values()) clearTimeout(timer);
    this.#others.clear();
  }
}

/** A user's presence as last heard. */
export interface PresenceState {
  isOnline: boolean;
  lastSeenAt: string | null;
}

/**
 * Who is online. `subscribe` names the users to follow (at most 100; a new call replaces the list); their state
 * arrives at once and every change after, as `user.presence` events, and is kept here for `get`. The list is sent
 * again after every reconnect.
 */
export class PresenceApi {
  #userIds: string[] = [];
  #states = new Map<string, PresenceState>();

  constructor(
    private readonly realtime: Realtime,
    emitter: Emitter,
  ) {
    emitter.on("user.presence", (event) =>
      this.#states.set(event.userId, { isOnline: event.isOnline, lastSeenAt: event.lastSeenAt }),
    );
    emitter.on("connection", (change) => {
      // A new socket follows nobody until told again.
      if (change.state === "open" && this.#userIds.length > 0) {
        this.realtime.send({ type: "presence.subscribe", userIds: this.#userIds });
      }
    });
  }

  /** Follows these users' presence from now on (replacing the list before); an empty list stops following. */
  subscribe(userIds: string[]): void {
    this.#userIds = [...new Set(userIds)];
    for (const id of this.#states.keys()) if (!this.#userIds.includes(id)) this.#states.delete(id);
    this.realtime.send({ type: "presence.subscribe", userIds: this.#userIds });
  }

  /** A followed user's state as last heard, or undefined before it arrives. */
  get(userId: string): PresenceState | undefined {
    return this.#states.get(userId);
  }
}
