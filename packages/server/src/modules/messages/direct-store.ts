import { randomUUID } from "node:crypto";
import type { TMessage } from "@parley/contract";
import { sql } from "drizzle-orm";
import type { EventBatch } from "../../chat/events";
import type { Context } from "../../context";
import { isPartitioned } from "../channels";
import type { MetricsService } from "../metrics";
import type { MessageDraft } from "./draft";
import { messageBody } from "./mapping";
import { messageSearchTokens } from "./search-grams";

/**
 * How long a statement runs before the sends waiting behind it go in another. One statement at a time carries the
 * sends of a moment, and those that arrive while it runs go together in the next: the fewer statements, the more
 * messages each carries and the less a message costs. One that runs longer than this is taken to be waiting on a lock
 * (a channel's membership being changed, say), and the others' sends must not wait for that lock too; under a load
 * that makes every statement this slow, the statements overlap as they must.
 */
export const STALLED_MS = 50;
/**
 * How soon after one statement started the next may start, unless a full statement's sends wait. A statement's own
 * work (its round trip, its plan, its commit) costs the database about what three messages' rows cost, so a steady
 * stream of sends stored as they come, one or two to a statement, spends most of the database's time on statements.
 * Sends that come this close together wait for each other instead: a send after a quiet moment still goes at once,
 * and under a load whose statements already take this long the spacing never holds anyone back.
 */
export const SPACING_MS = 10;
/** Statements under way at once at most, each holding its channels until it ends. */
export const MAX_RUNNING = 4;
/** Messages in one statement at most. */
export const MAX_BATCH = 200;

interface Pending {
  draft: MessageDraft;
  batch: EventBatch;
  outboxed: boolean;
  resolve: (message: TMessage | null) => void;
  reject: (error: unknown) => void;
}

export type StoreOne = (
  batch: EventBatch,
  draft: MessageDraft,
  now: Date,
  outboxed: boolean,
) => Promise<TMessage | null>;

/**
 * Stores the users' messages of a send's fast path together: those that arrive while the event loop handles one
 * round of input, while the statement before runs, or within `SPACING_MS` of its start, go to the database in one
 * statement, which does for each what the guarded single store does (the channel's rules asserted, a sender
 * shadow-banned in the channel left to the full path, seq, read mark, the counters of the members who block the
 * sender, event, outbox row, the day's counters; in a split super group, the subchannel the sender is in,
 * read from the same member row the rules are checked on). A round trip and a commit cost the database and this
 * process far more than a row does, so under load a send costs a fraction of one statement, and alone it still
 * costs one.
 *
 * A channel is in one statement under way at a time, and its messages go in the order they came, so seq follows
 * arrival. Null for a message whose rules did not hold (the send then takes the full path, as after a single
 * store). If a statement fails (a resent `clientMessageId` hits its unique index, say), its messages are stored
 * one by one by `storeOne`, so that each gets its own answer and none is lost for another's fault.
 */
export function createDirectStore(ctx: Context, deps: { metrics: MetricsService; storeOne: StoreOne }) {
  const { clock } = ctx;
  const queue: Pending[] = [];
  const busy = new Set<string>();
  /** When each statement under way started (`performance.now()`). */
  const running = new Set<{ startedAt: number }>();
  /**
   * The channels with messages queued or in a statement: how many came and how many are done (a channel's are done
   * in the order they came), and who waits for those that came before them.
   */
  const unsettled = new Map<
    string,
    { came: number; done: number; waiters: Array<{ upTo: number; wake: () => void }> }
  >();
  let lastStartedAt = Number.NEGATIVE_INFINITY;
  let scheduled = false;
  let wake: { timer: NodeJS.Timeout; at: number } | undefined;

  /** The next statement's messages: the first waiting message of each channel that is not busy, in order. */
  function takeBatch(): Pending[] {
    const taken: Pending[] = [];
    const passed = new Set<string>();
    for (let i = 0; i < queue.length && taken.length < MAX_BATCH; ) {
      const entry = queue[i] as Pending;
      const channelId = entry.draft.channel.id;
      if (busy.has(channelId) || passed.has(channelId)) {
        passed.add(channelId);
        i++;
        continue;
      }
      passed.add(channelId);
      busy.add(channelId);
      taken.push(entry);
      queue.splice(i, 1);
    }
    return taken;
  }

  /**
   * Starts a statement of the waiting sends when none is under way or every one under way has stalled, and the last
   * one started at least `SPACING_MS` ago or a full statement waits.
   */
  function drain(): void {
    scheduled = false;
    while (running.size < MAX_RUNNING && queue.length > 0) {
      const now = performance.now();
      let youngest = Number.NEGATIVE_INFINITY;
      for (const statement of running) youngest = Math.max(youngest, statement.startedAt);
      let startAt = youngest + STALLED_MS;
      if (queue.length < MAX_BATCH) startAt = Math.max(startAt, lastStartedAt + SPACING_MS);
      if (now < startAt) {
        wakeAt(startAt);
        return;
      }
      const taken = takeBatch();
      if (taken.length === 0) return;
      const statement = { startedAt: now };
      lastStartedAt = now;
      running.add(statement);
      void run(taken).finally(() => {
        running.delete(statement);
        for (const entry of taken) {
          busy.delete(entry.draft.channel.id);
          settleOne(entry.draft.channel.id);
        }
        drain();
      });
    }
  }

  function settleOne(channelId: string): void {
    const channel = unsettled.get(channelId);
    if (!channel) return;
    channel.done += 1;
    if (channel.done === channel.came) unsettled.delete(channelId);
    const waiting = channel.waiters;
    channel.waiters = [];
    for (const waiter of waiting) {
      if (waiter.upTo <= channel.done) waiter.wake();
      else channel.waiters.push(waiter);
    }
  }

  /** Drains again at `at` (`performance.now()`), or sooner when a wake is already set for sooner. */
  function wakeAt(at: number): void {
    if (wake && wake.at <= at) return;
    if (wake) clearTimeout(wake.timer);
    const timer = setTimeout(() => {
      wake = undefined;
      drain();
    }, at - performance.now());
    wake = { timer, at };
  }

  async function run(taken: Pending[]): Promise<void> {
    const now = clock.now();
    let rows: Awaited<ReturnType<typeof storeTogether>>;
    try {
      rows = await storeTogether(taken, now);
    } catch {
      await Promise.all(
        taken.map((entry) =>
          deps.storeOne(entry.batch, entry.draft, now, entry.outboxed).then(entry.resolve, entry.reject),
        ),
      );
      return;
    }
    for (const [i, entry] of taken.entries()) {
      const row = rows.get(i);
      if (!row) {
        entry.resolve(null);
        continue;
      }
      const message: TMessage = {
        id: row.id,
        seq: Number(row.seq),
        ...messageBody(entry.draft, now),
        ...(row.subchannel === null ? {} : { subchannel: row.subchannel }),
      };
      entry.batch.storedWithOutbox(
        entry.draft.actor.app.id,
        {
          id: String(row.event_id),
          type: "message.created",
          channelId: message.channelId,
          createdAt: message.createdAt,
          message,
        },
        entry.outboxed,
        row.hidden_from,
      );
      entry.resolve(message);
    }
  }

  async function storeTogether(taken: Pending[], now: Date) {
    const input = taken.map((entry, i) => {
      const { draft } = entry;
      if (draft.actor.kind !== "user") throw new Error("the direct store takes users' messages");
      return {
        i,
        id: randomUUID(),
        app_id: draft.actor.app.id,
        channel_id: draft.channel.id,
        channel_type: draft.channel.type,
        sender_id: draft.actor.user.id,
        type: draft.type,
        text: draft.text,
        metadata: draft.metadata,
        file: draft.file,
        client_message_id: draft.clientMessageId ?? null,
        // Made here where they can be, which spares the database's trigger its work (decision 0318).
        search_tokens: draft.type === "hidden" ? null : (messageSearchTokens(draft.actor.app.id, draft.text) ?? null),
        partitioned: isPartitioned(draft.channel),
        body: messageBody(draft, now),
        outboxed: entry.outboxed,
      };
    });
    // The channels are found by their key (the ids as an array), as in the bulk send's statement. Every expression
    // reads `placed`, which the channels' update returns with each message's input beside its place, and the message
    // and event ids are made before the rows are written: so no expression joins two others' results, which
    // PostgreSQL, expecting one row of each, would join in a loop over both (for 200 messages, 40,000 pairs twice).
    // The outbox rows are picked by the array of the channels whose app wants them, for the same reason.
    const result = await ctx.database.prepared<{
      i: number;
      id: string;
      seq: number;
      subchannel: number | null;
      event_id: string;
      hidden_from: string[] | null;
    }>(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x (i int, id uuid, app_id uuid,
          channel_id uuid, channel_type text, sender_id uuid, type text, text text, metadata jsonb, file jsonb,
          client_message_id text, search_tokens text[], partitioned boolean, body jsonb, outboxed boolean)
      ), placed as (
        update channels c set last_seq = c.last_seq + 1, countable_seq = c.countable_seq + 1,
          countable_public_seq = c.countable_public_seq + 1
        from input join channel_members m on m.channel_id = input.channel_id and m.chat_user_id = input.sender_id
        where c.id = any(array(select channel_id from input)) and c.id = input.channel_id
          and c.app_id = input.app_id and c.type = input.channel_type and not c.is_frozen
          and (c.type = 'supergroup' and c.subchannel_enabled) = input.partitioned
          and (m.muted_until is null or m.muted_until <= ${now}) and not m.shadow_banned
          and (not input.partitioned or m.subchannel is not null)
        returning input.i, input.id, input.app_id, input.sender_id, input.channel_id, input.type, input.text,
          input.metadata, input.file, input.client_message_id, input.search_tokens, input.body, input.outboxed,
          c.last_seq as seq, c.countable_seq, c.countable_public_seq,
          case when input.partitioned then m.subchannel end as subchannel,
          nextval('chat_events_id_seq') as event_id
      ), stored as (
        insert into messages (id, app_id, channel_id, seq, type, text, sender_id, metadata, file, created_at,
          client_message_id, subchannel, search_tokens)
        select id, app_id, channel_id, seq, type, text, sender_id, metadata, file, ${now}, client_message_id,
          subchannel, search_tokens
        from placed
      ), read as (
        update channel_members m set last_read_seq = placed.seq, read_countable = placed.countable_seq,
          read_countable_public = placed.countable_public_seq, unread_mentions = 0
        from placed
        where m.channel_id = placed.channel_id and m.chat_user_id = placed.sender_id
      ), blockers as (
        select placed.channel_id, b.blocker_id as id, u.user_id
        from placed join user_blocks b on b.app_id = placed.app_id and b.blocked_id = placed.sender_id
          join channel_members bm on bm.channel_id = placed.channel_id and bm.chat_user_id = b.blocker_id
          join chat_users u on u.id = b.blocker_id
      ), blocked_read as (
        update channel_members m set read_countable = m.read_countable + 1,
          read_countable_public = m.read_countable_public + 1
        from blockers
        where m.channel_id = blockers.channel_id and m.chat_user_id = blockers.id
      ), event as (
        insert into chat_events (id, app_id, channel_id, type, payload, created_at) overriding system value
        select placed.event_id, placed.app_id, placed.channel_id, 'message.created',
          jsonb_build_object('message', placed.body || jsonb_build_object('id', placed.id, 'seq', placed.seq)
            || case when placed.subchannel is null then '{}'::jsonb
              else jsonb_build_object('subchannel', placed.subchannel) end), ${now}
        from placed
        returning id, app_id, channel_id, payload
      ), outboxed as (
        insert into event_outbox (app_id, event_id, event, created_at)
        select event.app_id, event.id,
          event.payload || jsonb_build_object('id', event.id::text, 'type', 'message.created',
            'channelId', event.channel_id::text, 'createdAt', ${now.toISOString()}::text),
          ${now}
        from event
        where event.channel_id = any(array(select channel_id from placed where placed.outboxed))
      ), ${deps.metrics.usersMessagesCounting(now, "placed")}
      select placed.i, placed.id, placed.seq, placed.subchannel, placed.event_id,
        (select jsonb_agg(blockers.user_id) from blockers where blockers.channel_id = placed.channel_id) as hidden_from
      from placed`);
    return new Map(result.map((row) => [Number(row.i), row]));
  }

  return {
    /** Stores a user's prepared text message with others of the moment; null where the channel's rules failed. */
    store(draft: MessageDraft, batch: EventBatch, outboxed: boolean): Promise<TMessage | null> {
      return new Promise((resolve, reject) => {
        queue.push({ draft, batch, outboxed, resolve, reject });
        const channel = unsettled.get(draft.channel.id);
        if (channel) channel.came += 1;
        else unsettled.set(draft.channel.id, { came: 1, done: 0, waiters: [] });
        if (!scheduled) {
          scheduled = true;
          setImmediate(drain);
        }
      });
    },

    /**
     * Resolves once the channel's messages queued here by now are stored (or refused): a store that gives a seq at
     * once (a transaction of the full path) waits for this to come after them. Those queued later do not hold it.
     */
    settled(channelId: string): Promise<void> {
      const channel = unsettled.get(channelId);
      if (!channel) return Promise.resolve();
      const upTo = channel.came;
      return new Promise((wake) => channel.waiters.push({ upTo, wake }));
    },
  };
}

export type DirectStore = ReturnType<typeof createDirectStore>;
