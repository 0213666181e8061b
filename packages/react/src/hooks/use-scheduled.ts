import type { ScheduledMessageChanges, ScheduleOptions, TScheduledMessage } from "@parley/sdk";
import { useCallback, useEffect, useRef, useState } from "react";
import { useParley, useParleyEvent } from "./use-parley";

/** How long after a message's time the list is read again: the server's send takes a moment. */
const AFTER_DUE_MS = 2000;
/** How often the list is read again while a message's time has passed but it has not been sent or refused yet. */
const WHILE_SENDING_MS = 5000;
/** The longest wait before reading the list again: a timer cannot wait 30 days, and the device may sleep. */
const LONGEST_WAIT_MS = 60 * 60_000;

export interface ScheduledState {
  /** False when the client has no scheduled messages (`client.scheduled`): nothing is offered then. */
  available: boolean;
  /** The user's scheduled messages in the channel that wait, are being sent, or failed, soonest first. */
  messages: TScheduledMessage[];
  loading: boolean;
  /** Why the list could not be read, until it can. */
  error: unknown;
  /** Schedules `text` for `at`; throws the server's refusal (3230 out of range, 3233 too many waiting). */
  schedule(text: string, at: Date, options?: ScheduleOptions): Promise<TScheduledMessage>;
  /** Changes a waiting message's text or time; throws the refusal (3230, 3232 once its send began). */
  edit(id: string, changes: ScheduledMessageChanges): Promise<TScheduledMessage>;
  /** Cancels a waiting message, or removes a failed one from the list. */
  cancel(id: string): Promise<void>;
  refresh(): Promise<void>;
}

/**
 * The user's scheduled messages in a channel (`client.scheduled`). The list is read again after each action, shortly
 * after the soonest message's time, while one is being sent, and when one of them arrives in the channel. Sent ones
 * leave the list: they are in the channel now.
 */
export function useScheduledMessages(channelId: string): ScheduledState {
  const client = useParley();
  const api = client.scheduled;
  const [messages, setMessages] = useState<TScheduledMessage[]>([]);
  const [loading, setLoading] = useState(Boolean(api));
  const [error, setError] = useState<unknown>(null);
  /** The channel the newest read was for, so an answer for a channel left meanwhile is dropped. */
  const current = useRef(channelId);
  current.current = channelId;

  const refresh = useCallback(async () => {
    if (!api) return;
    const asked = channelId;
    try {
      const page = await api.list(asked);
      if (current.current !== asked) return;
      setMessages(page.scheduledMessages.filter((m) => m.status !== "sent"));
      setError(null);
    } catch (failure) {
      if (current.current !== asked) return;
      setError(failure);
      // A fresh copy restarts the wait below, so a failed read is tried again as a changed list would be.
      setMessages((shown) => [...shown]);
    } finally {
      if (current.current === asked) setLoading(false);
    }
  }, [api, channelId]);

  useEffect(() => {
    setMessages([]);
    setLoading(Boolean(api));
    void refresh();
  }, [api, refresh]);

  // Read again once the soonest waiting message's time has passed, to show it sent or refused.
  useEffect(() => {
    const open = messages.filter((m) => m.status === "scheduled" || m.status === "sending");
    if (open.length === 0) return;
    const soonest = Math.min(...open.map((m) => new Date(m.scheduledAt).getTime()));
    const untilDue = soonest - Date.now();
    const wait = untilDue > 0 ? Math.min(untilDue + AFTER_DUE_MS, LONGEST_WAIT_MS) : WHILE_SENDING_MS;
    const timer = setTimeout(() => void refresh(), wait);
    return () => clearTimeout(timer);
  }, [messages, refresh]);

  // A scheduled send arrives as the user's message with `clientMessageId` `scheduled:{id}`.
  useParleyEvent("message.created", (event) => {
    if (event.channelId !== channelId) return;
    const sentAs = event.message?.clientMessageId;
    if (sentAs && messages.some((m) => `scheduled:${m.id}` === sentAs)) void refresh();
  });

  const schedule = useCallback(
    async (text: string, at: Date, options?: ScheduleOptions) => {
      if (!api) throw new Error("This client has no scheduled messages.");
      const made = await api.schedule(channelId, text, at, options);
      await refresh();
      return made;
    },
    [api, channelId, refresh],
  );

  const edit = useCallback(
    async (id: string, changes: ScheduledMessageChanges) => {
      if (!api) throw new Error("This client has no scheduled messages.");
      try {
        return await api.edit(id, changes);
      } finally {
        await refresh();
      }
    },
    [api, refresh],
  );

  const cancel = useCallback(
    async (id: string) => {
      if (!api) throw new Error("This client has no scheduled messages.");
      try {
        await api.cancel(id);
      } finally {
        await refresh();
      }
    },
    [api, refresh],
  );

  return { available: Boolean(api), messages, loading, error, schedule, edit, cancel, refresh };
}
