import type { TMessage } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Bus, ChatEventMessage } from "../../../src/chat/bus";
import { EventBatch } from "../../../src/chat/events";
import { createDirectStore, type DirectStore } from "../../../src/modules/messages/direct-store";
import type { MessageDraft } from "../../../src/modules/messages/pipeline";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";

/**
 * A user's message is stored by one of two statements: the direct store's (many senders' messages at once, the send's
 * fast path) and the pipeline's guarded single store, which the direct store falls back to. Each asserts the channel's
 * rules itself and writes the same rows, so a rule changed in one and not the other would let a message through one
 * path that the other refuses, or count it differently. These tests store the same message through each, in two
 * channels arranged alike, and compare everything written.
 *
 * A split super group is left out: the guarded store refuses it by design and leaves the member's subchannel to the
 * full path, which reads it, while the direct statement reads the subchannel from the member row it checks.
 */

let t: TestApp;
let direct: DirectStore;

beforeAll(async () => {
  t = await startTestApp();
  direct = createDirectStore(t.ctx, {
    metrics: t.services.metrics,
    // The direct statement is under test, not the fallback: a failed statement must fail the test.
    storeOne: () => Promise.reject(new Error("the direct statement failed and fell back to the single store")),
  });
});
afterAll(() => t?.close());

type Store = (draft: MessageDraft, batch: EventBatch) => Promise<TMessage | null>;

const stores: [string, Store][] = [
  ["the direct store", (draft, batch) => direct.store(draft, batch, true)],
  [
    "the guarded single store",
    (draft, batch) => t.services.messages.store(batch, draft, t.clock.now(), true, { guarded: true }),
  ],
];
const [viaDirect, viaSingle] = stores.map(([, store]) => store) as [Store, Store];

/**
 * An app with a channel park owns, which kim (the sender) and lee joined; park and lee have each sent a message,
 * lee's mentioning kim and park, so park has read up to their own and has a mention unread, and kim has one too; then
 * lee blocks kim. Made the same way each time, so two rooms differ only in their ids.
 */
async function room() {
  const app = await createChatApp(t);
  const park = await app.user("park");
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const { channel } = (await park.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
  for (const member of [kim, lee]) expect((await member.api.post(`/channels/${channel.id}/join`)).status).toBe(200);
  const messages = `/channels/${channel.id}/messages`;
  expect((await park.api.post(messages, { text: "one" })).status).toBe(200);
  expect((await lee.api.post(messages, { text: "two", mentionedUserIds: ["kim", "park"] })).status).toBe(200);
  expect((await lee.api.post("/me/blocks/kim")).status).toBe(200);
  const sender = await t.services.chatUsers.authenticateSession(kim.sessionToken);
  if (!sender) throw new Error("kim's session signs no one in");
  return { appId: app.appId, channelId: channel.id, park, kim, lee, sender };
}
type Room = Awaited<ReturnType<typeof room>>;

/** kim's message to the room, as the send's fast path prepares it from the channel it read. */
async function draftIn(r: Room): Promise<MessageDraft> {
  return {
    actor: { kind: "user", app: r.sender.app, user: r.sender.user },
    channel: await t.services.channels.requireChannel(r.sender.app, r.channelId),
    type: "text",
    text: "the same words twice",
    metadata: { topic: "both" },
    file: { url: "https://files.example/plan.pdf", name: "plan.pdf", size: 1024, mimeType: "application/pdf" },
    clientMessageId: "kim-1",
  };
}

/** Every row of the room a store writes to, and the app's counters of the day. */
async function stateOf(r: Room) {
  const q = <T = Record<string, unknown>>(text: string, params: unknown[]) => t.ctx.database.query<T>(text, params);
  const [channel] = await q(`select last_seq, countable_seq, countable_public_seq from channels where id = $1`, [
    r.channelId,
  ]);
  const [metrics] = await q(
    `select coalesce(sum(message_count), 0)::int as messages, coalesce(sum(message_sender_count), 0)::int as senders,
       coalesce(sum(active_user_count), 0)::int as active
     from daily_metrics where app_id = $1`,
    [r.appId],
  );
  return {
    channel,
    members: await q(
      `select u.user_id, m.last_read_seq, m.read_countable, m.read_countable_public, m.unread_mentions,
         to_jsonb(m) as row
       from channel_members m join chat_users u on u.id = m.chat_user_id
       where m.channel_id = $1 order by u.user_id`,
      [r.channelId],
    ),
    // Without the search n-grams, which a trigger writes, each prefixed with the app's own id.
    messages: await q(
      `select u.user_id as sender, to_jsonb(m) - 'search_tokens' as row
       from messages m left join chat_users u on u.id = m.sender_id
       where m.channel_id = $1 order by m.seq`,
      [r.channelId],
    ),
    events: await q(
      `select e.id::text, type, payload, created_at from chat_events e where channel_id = $1 order by e.id`,
      [r.channelId],
    ),
    outbox: await q(`select o.event_id::text, event, created_at from event_outbox o where app_id = $1 order by o.id`, [
      r.appId,
    ]),
    metrics,
    activity: await q(
      `select u.user_id, a.kind from daily_user_activity a join chat_users u on u.id = a.chat_user_id
       where a.app_id = $1 order by u.user_id, a.kind`,
      [r.appId],
    ),
  };
}

/** The events a store put in its batch, as they would be published: with whom each is hidden from. */
async function published(batch: EventBatch): Promise<ChatEventMessage[]> {
  const sent: ChatEventMessage[] = [];
  const bus = {
    publish: async (message: ChatEventMessage) => {
      sent.push(message);
    },
  } as unknown as Bus;
  await batch.publish(bus);
  return sent;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `value` with its ids (every uuid, and the room's event ids wherever they appear) named by the order they first
 * appear in, so two rooms made alike compare equal where they hold the same things.
 */
function withoutIds(value: unknown, eventIds: ReadonlySet<string>): unknown {
  const names = new Map<string, string>();
  const name = (id: string) => {
    if (!names.has(id)) names.set(id, `id#${names.size}`);
    return names.get(id);
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return UUID.test(v) || eventIds.has(v) ? name(v) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object" && !(v instanceof Date)) {
      return Object.fromEntries(Object.entries(v).map(([key, each]) => [key, walk(each)]));
    }
    return v;
  };
  return walk(value);
}

describe("the direct store and the guarded single store", () => {
  it("write the same rows, counters and events for one user's message", async () => {
    const [a, b] = [await room(), await room()];
    const [draftA, draftB] = [await draftIn(a), await draftIn(b)];
    const [beforeA, beforeB] = [await stateOf(a), await stateOf(b)];
    const idsOf = (state: Awaited<ReturnType<typeof stateOf>>) => new Set(state.events.map((e) => String(e.id)));
    expect(withoutIds(beforeA, idsOf(beforeA))).toEqual(withoutIds(beforeB, idsOf(beforeB)));

    const [batchA, batchB] = [new EventBatch(), new EventBatch()];
    const stored = await viaDirect(draftA, batchA);
    const storedOnce = await viaSingle(draftB, batchB);
    const [afterA, afterB] = [await stateOf(a), await stateOf(b)];
    const [sentA, sentB] = [await published(batchA), await published(batchB)];

    if (!stored || !storedOnce) throw new Error("a store refused a message its channel's rules allow");
    const { id: _a, channelId: _ac, createdAt: _at, ...messageA } = stored;
    const { id: _b, channelId: _bc, createdAt: _bt, ...messageB } = storedOnce;
    expect(messageA).toEqual(messageB);
    expect(messageA).toMatchObject({ seq: 3, text: "the same words twice", sender: { userId: "kim" } });

    // What each wrote, room by room: the channel's counters, every member's read columns, the message row, the
    // `message.created` event and its outbox row, and the day's counters.
    const written = (before: typeof beforeA, after: typeof afterA, sent: ChatEventMessage[], message: TMessage) => {
      const eventIds = idsOf(after);
      return withoutIds(
        {
          message: message.id,
          channel: after.channel,
          members: after.members,
          messages: after.messages,
          events: after.events.slice(before.events.length),
          outbox: after.outbox.slice(before.outbox.length),
          metrics: Object.fromEntries(
            Object.entries(after.metrics ?? {}).map(([key, n]) => [key, Number(n) - Number(before.metrics?.[key])]),
          ),
          activity: after.activity,
          sent,
        },
        eventIds,
      );
    };
    const fromDirect = written(beforeA, afterA, sentA, stored);
    expect(fromDirect).toEqual(written(beforeB, afterB, sentB, storedOnce));
    expect(batchA.outboxed).toBe(batchB.outboxed);

    // The comparison is of something: the message moved the counters it should, and is hidden from its blocker.
    expect(afterA.channel).toEqual({ last_seq: 3, countable_seq: 3, countable_public_seq: 3 });
    const reads = afterA.members.map(({ row: _, ...read }) => read);
    expect(reads).toEqual([
      { user_id: "kim", last_read_seq: 3, read_countable: 3, read_countable_public: 3, unread_mentions: 0 },
      { user_id: "lee", last_read_seq: 2, read_countable: 3, read_countable_public: 3, unread_mentions: 0 },
      { user_id: "park", last_read_seq: 1, read_countable: 1, read_countable_public: 1, unread_mentions: 1 },
    ]);
    expect(afterA.events.length - beforeA.events.length).toBe(1);
    expect(afterA.outbox.length - beforeA.outbox.length).toBe(1);
    expect(sentA).toHaveLength(1);
    expect(sentA[0]).toMatchObject({ event: { type: "message.created" }, hiddenFrom: ["lee"] });
    expect(fromDirect).toMatchObject({ metrics: { messages: 1, senders: 1, active: 0 } });
  });

  const refusals: [string, (r: Room) => Promise<void>][] = [
    [
      "a frozen channel",
      async (r) => {
        await t.services.channels.setFrozen({ kind: "admin", app: r.sender.app }, r.channelId, true);
      },
    ],
    [
      "a muted sender",
      async (r) => {
        expect((await r.park.api.post(`/channels/${r.channelId}/members/kim/mute`, { minutes: 10 })).status).toBe(200);
      },
    ],
    [
      "a sender who is no longer a member",
      async (r) => {
        expect((await r.kim.api.post(`/channels/${r.channelId}/leave`)).status).toBe(200);
      },
    ],
  ];

  describe.each(stores)("%s", (_, store) => {
    it.each(refusals)("refuses %s, answering null and writing nothing", async (_case, refuse) => {
      const r = await room();
      // Read before the change, as a send's fast path may have read the channel: the statement must see the change.
      const draft = await draftIn(r);
      await refuse(r);
      const before = await stateOf(r);
      const batch = new EventBatch();
      expect(await store(draft, batch)).toBeNull();
      expect(await stateOf(r)).toEqual(before);
      expect(await published(batch)).toEqual([]);
      expect(batch.outboxed).toBe(false);
    });
  });
});
