import type { TMessage } from "@parley/contract";
import { sql } from "drizzle-orm";
import type { EventBatch } from "../../chat/events";
import { type Db, rowsOf } from "../../db/client";
import type { MetricsService } from "../metrics";
import type { MessageDraft } from "./draft";

/** Stage 4 of the pipeline for a bulk send: the app's own messages to many channels, in one statement per batch. */
export function createBulkStore(deps: { metrics: MetricsService }) {
  return {
    /**
     * `store` (store.ts) for many messages of the app's own (admin) to as many different channels, in one statement
     * with their events and outbox rows: what a bulk send stores per batch. Results follow the drafts' order;
     * null where the channel is gone. `newChannelIds`: channels made in this transaction with their first
     * message's seq taken (`planBrandChannel`'s `withFirstMessage`), whose message is seq 1 and whose row is not written
     * again. One statement for both kinds, so that it takes one of the day's counter rows, and two such writers
     * at once cannot each hold one the other waits for.
     */
    async storeMany(
      tx: Db,
      batch: EventBatch,
      drafts: MessageDraft[],
      now: Date,
      options: { newChannelIds?: ReadonlySet<string> } = {},
    ): Promise<(TMessage | null)[]> {
      if (drafts.length === 0) return [];
      const app = (drafts[0] as MessageDraft).actor.app;
      const channelIds = new Set(drafts.map((d) => d.channel.id));
      if (channelIds.size !== drafts.length || drafts.some((d) => d.actor.kind === "user" || d.file)) {
        throw new Error("storeMany takes admin text messages to distinct channels");
      }
      const input = drafts.map((d) => ({
        channel_id: d.channel.id,
        text: d.text,
        metadata: d.metadata,
        type: d.type,
        is_new: options.newChannelIds?.has(d.channel.id) ?? false,
      }));
      const outboxed = await batch.wantsOutbox(app.id, tx);
      // Both ways a plan goes wrong here would make each batch of a large send slower than the one before: the
      // channels are found by their key (the ids as an array), not by reading every channel of the app; and the
      // answer is read from the events alone, which hold the message's id and seq, since a join of two
      // expressions' results is planned blind and ran as a nested loop, quadratic in the batch's size.
      const result = await tx.execute(sql`
        with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
            as x (channel_id uuid, text text, metadata jsonb, type text, is_new boolean)
        ), bumped as (
          update channels c set last_seq = c.last_seq + 1, countable_seq = c.countable_seq + 1,
            countable_public_seq = c.countable_public_seq + 1
          from input
          where c.id = any(array(select channel_id from input where not is_new)) and c.id = input.channel_id
            and c.app_id = ${app.id}
          returning c.id, c.last_seq
        ), next as (
          select id, last_seq from bumped
          union all
          select channel_id, 1 from input where is_new
        ), stored as (
          insert into messages (app_id, channel_id, seq, type, text, sender_id, metadata, file, created_at)
          select ${app.id}, input.channel_id, next.last_seq, input.type, input.text, null, input.metadata, null, ${now}
          from input join next on next.id = input.channel_id
          returning id, seq, channel_id
        ), event as (
          insert into chat_events (app_id, channel_id, type, payload, created_at)
          select ${app.id}, stored.channel_id, 'message.created',
            jsonb_build_object('message', jsonb_build_object(
              'id', stored.id, 'seq', stored.seq, 'channelId', stored.channel_id, 'type', input.type,
              'text', input.text, 'sender', null, 'metadata', input.metadata, 'file', null,
              'createdAt', ${now.toISOString()}::text)),
            ${now}
          from stored join input on input.channel_id = stored.channel_id
          returning id, channel_id, payload
        ), outboxed as (
          insert into event_outbox (app_id, event_id, event, created_at)
          select ${app.id}, event.id,
            event.payload || jsonb_build_object('id', event.id::text, 'type', 'message.created',
              'channelId', event.channel_id::text, 'createdAt', ${now.toISOString()}::text),
            ${now}
          from event where ${outboxed}
        ), ${deps.metrics.appMessagesCounting(app.id, now, "stored")}
        select payload->'message'->>'id' as id, (payload->'message'->>'seq')::int as seq, channel_id,
          id as event_id
        from event`);
      const rows = rowsOf<{ id: string; seq: number; channel_id: string; event_id: string }>(result);
      const byChannel = new Map(rows.map((row) => [row.channel_id, row]));
      const messagesOut: (TMessage | null)[] = [];
      for (const draft of drafts) {
        const row = byChannel.get(draft.channel.id);
        if (!row) {
          messagesOut.push(null);
          continue;
        }
        const message: TMessage = {
          id: row.id,
          seq: Number(row.seq),
          channelId: draft.channel.id,
          type: draft.type,
          text: draft.text,
          sender: null,
          metadata: draft.metadata,
          file: null,
          createdAt: now.toISOString(),
        };
        batch.storedWithOutbox(
          app.id,
          {
            id: String(row.event_id),
            type: "message.created",
            channelId: draft.channel.id,
            createdAt: now.toISOString(),
            message,
          },
          outboxed,
        );
        messagesOut.push(message);
      }
      return messagesOut;
    },
  };
}
