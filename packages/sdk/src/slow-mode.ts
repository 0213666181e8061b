import type { TChannel } from "@parley/contract/client";
import type { Emitter } from "./emitter";
import { isParleyError } from "./errors";

/** Hears the user's own sends and their refusals, to keep each channel's slow-mode cooldown. */
export interface SendPacer {
  sent(channelId: string): void;
  refused(channelId: string, err: unknown): void;
}

/**
 * Slow mode as the current user meets it: a channel's cooldown (`slowModeSeconds`, from the channels the SDK reads
 * and their `channel.changed` events) runs from each of the user's own messages, and a refusal (3206) sets the time
 * left to the server's `retryAfterSeconds`, which holds even when this device did not see the message that started
 * it. The channel's owner is not held to it. Read `remainingSeconds` when drawing a composer; it counts down with
 * the clock, so nothing needs telling.
 */
export class SlowModeApi implements SendPacer {
  readonly #channels = new Map<string, { seconds: number; isExempt: boolean }>();
  /** When each channel admits the user's next message, in ms since the epoch. */
  readonly #nextAt = new Map<string, number>();

  constructor(
    emitter: Emitter,
    private readonly me: () => string | null,
    private readonly now: () => number = Date.now,
  ) {
    emitter.on("channel.changed", (event) => {
      if (event.channel) this.seen([event.channel]);
    });
  }

  /** Seconds the channel's slow mode holds the user back, 0 when they may send now (or it is off). */
  remainingSeconds(channelId: string): number {
    const channel = this.#channels.get(channelId);
    if (channel?.isExempt) return 0;
    const nextAt = this.#nextAt.get(channelId) ?? 0;
    return Math.max(0, Math.ceil((nextAt - this.now()) / 1000));
  }

  /** The channel's cooldown in seconds as last seen, 0 when off or not yet seen. */
  cooldownSeconds(channelId: string): number {
    return this.#channels.get(channelId)?.seconds ?? 0;
  }

  seen(channels: TChannel[]): void {
    for (const channel of channels) {
      const seconds = channel.slowModeSeconds ?? 0;
      this.#channels.set(channel.id, { seconds, isExempt: channel.ownerUserId === this.me() });
      // Turned off, or shortened: what is left cannot outlast the new cooldown.
      const nextAt = this.#nextAt.get(channel.id);
      if (nextAt !== undefined) this.#nextAt.set(channel.id, Math.min(nextAt, this.now() + seconds * 1000));
    }
  }

  sent(channelId: string): void {
    const seconds = this.#channels.get(channelId)?.seconds ?? 0;
    if (seconds > 0) this.#nextAt.set(channelId, this.now() + seconds * 1000);
  }

  refused(channelId: string, err: unknown): void {
    if (!isParleyError(err, "3206")) return;
    const seconds = err.data?.retryAfterSeconds ?? this.cooldownSeconds(channelId);
    this.#nextAt.set(channelId, this.now() + seconds * 1000);
  }
}

/** `sending`, with its outcome told to `pacer`. */
export async function paced<T>(pacer: SendPacer, channelId: string, sending: Promise<T>): Promise<T> {
  try {
    const sent = await sending;
    pacer.sent(channelId);
    return sent;
  } catch (err) {
    pacer.refused(channelId, err);
    throw err;
  }
}
