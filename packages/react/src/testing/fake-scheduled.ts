import {
  ParleyError,
  type ScheduledListOptions,
  type ScheduledMessageChanges,
  type ScheduleOptions,
  type TScheduledMessage,
  type TScheduledMessagesPage,
} from "@parley/sdk";
import type { ChatClient } from "../client";
import { SCHEDULE_MAX_AHEAD_MS, SCHEDULE_MIN_AHEAD_MS } from "../lib/schedule-time";
import { AT } from "./fake-time";

/**
 * The fake client's scheduled messages: kept in memory, refused as the server refuses them (3230 out of range, 3231
 * unknown, 3232 no longer waiting, 3233 over the limit). `call` stands for the network: it waits while the fake
 * client is offline and records the call.
 */
export class FakeScheduled implements NonNullable<ChatClient["scheduled"]> {
  readonly #scheduled = new Map<string, TScheduledMessage>();

  constructor(private readonly call: (name: string, ...args: unknown[]) => Promise<void>) {}
  /** The server's limit on waiting messages per user, lowered by tests that reach it. */
  limit = 100;

  /** Ends a scheduled message as the server would at its time: `sent`, or `failed` with the refusal's code. */
  finish(id: string, outcome: { status: "sent" } | { status: "failed"; errorCode: string }): void {
    const found = this.#scheduled.get(id);
    if (!found) throw new Error(`no scheduled message ${id}`);
    const finished = { ...found, status: outcome.status, updatedAt: AT, finishedAt: AT };
    this.#scheduled.set(
      id,
      outcome.status === "sent"
        ? { ...finished, messageId: `${found.channelId}-sent-${id}` }
        : { ...finished, errorCode: outcome.errorCode },
    );
  }

  /** Answers 3230 for a time outside 1 minute to 30 days from now, with the allowed range, as the server does. */
  #scheduledTime(at: Date | string): string {
    const time = new Date(at).getTime();
    const now = Date.now();
    if (Number.isNaN(time) || time < now + SCHEDULE_MIN_AHEAD_MS || time > now + SCHEDULE_MAX_AHEAD_MS) {
      const earliest = new Date(now + SCHEDULE_MIN_AHEAD_MS).toISOString();
      const latest = new Date(now + SCHEDULE_MAX_AHEAD_MS).toISOString();
      throw new ParleyError({ code: "3230", message: "The time is out of range.", data: { earliest, latest } }, 400);
    }
    return new Date(time).toISOString();
  }

  async schedule(
    channelId: string,
    text: string,
    at: Date | string,
    options: ScheduleOptions = {},
  ): Promise<TScheduledMessage> {
    await this.call("scheduled.schedule", channelId, text, at, options);
    const scheduledAt = this.#scheduledTime(at);
    const waiting = [...this.#scheduled.values()].filter((m) => m.status === "scheduled").length;
    if (waiting >= this.limit) {
      throw new ParleyError({ code: "3233", message: "Too many scheduled messages." }, 409);
    }
    const message: TScheduledMessage = {
      id: `s${this.#scheduled.size + 1}`,
      channelId,
      text,
      metadata: options.metadata ?? {},
      mentionedUserIds: options.mentionedUserIds ?? [],
      scheduledAt,
      status: "scheduled",
      messageId: null,
      errorCode: null,
      createdAt: AT,
      updatedAt: AT,
      finishedAt: null,
    };
    this.#scheduled.set(message.id, message);
    return message;
  }
  async list(channelId?: string, options: ScheduledListOptions = {}): Promise<TScheduledMessagesPage> {
    await this.call("scheduled.list", channelId, options);
    const scheduledMessages = [...this.#scheduled.values()]
      .filter((m) => channelId === undefined || m.channelId === channelId)
      .filter((m) => options.status === undefined || m.status === options.status)
      .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
    return { scheduledMessages, nextCursor: null };
  }
  async edit(id: string, changes: ScheduledMessageChanges): Promise<TScheduledMessage> {
    await this.call("scheduled.edit", id, changes);
    const found = this.#scheduled.get(id);
    if (!found) throw new ParleyError({ code: "3231", message: "No such scheduled message." }, 404);
    if (found.status !== "scheduled") {
      throw new ParleyError({ code: "3232", message: "Not waiting.", data: { status: found.status } }, 409);
    }
    const { scheduledAt, ...rest } = changes;
    const edited = {
      ...found,
      ...rest,
      ...(scheduledAt === undefined ? {} : { scheduledAt: this.#scheduledTime(scheduledAt) }),
    };
    this.#scheduled.set(id, edited);
    return edited;
  }
  async cancel(id: string): Promise<void> {
    await this.call("scheduled.cancel", id);
    const found = this.#scheduled.get(id);
    if (!found) throw new ParleyError({ code: "3231", message: "No such scheduled message." }, 404);
    if (found.status === "sending") {
      throw new ParleyError({ code: "3232", message: "Being sent.", data: { status: found.status } }, 409);
    }
    this.#scheduled.delete(id);
  }
}
