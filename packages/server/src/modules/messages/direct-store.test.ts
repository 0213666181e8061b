import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventBatch } from "../../chat/events";
import type { Context } from "../../context";
import type { MetricsService } from "../metrics";
import { createDirectStore, MAX_BATCH, MAX_RUNNING, SPACING_MS, STALLED_MS } from "./direct-store";
import type { MessageDraft } from "./draft";

const dialect = new PgDialect();

interface Statement {
  /** The channels of the statement's messages, in its order. */
  channels: string[];
  /** Answers every message of the statement as stored. */
  store(): void;
}

/** A database whose statements the test holds and ends one by one. */
function heldDatabase() {
  const statements: Statement[] = [];
  const database = {
    prepared: (query: SQL) =>
      new Promise((resolve) => {
        const input = JSON.parse(String(dialect.sqlToQuery(query).params[0])) as { i: number; channel_id: string }[];
        statements.push({
          channels: input.map((row) => row.channel_id),
          store: () =>
            resolve(
              input.map((row) => ({
                i: row.i,
                id: `m-${row.channel_id}`,
                seq: 1,
                subchannel: null,
                event_id: "1",
                hidden_from: null,
              })),
            ),
        });
      }),
  };
  return { database, statements };
}

function draft(channelId: string): MessageDraft {
  return {
    actor: {
      kind: "user",
      app: { id: "00000000-0000-4000-8000-000000000001" },
      user: { id: "00000000-0000-4000-8000-000000000002", userId: "u1", nickname: "U1", profileImageUrl: null },
    },
    channel: { id: channelId, type: "group", subchannelEnabled: false },
    type: "text",
    text: `to ${channelId}`,
    metadata: {},
    file: null,
  } as unknown as MessageDraft;
}

const batch = { storedWithOutbox: () => {} } as unknown as EventBatch;

function directStore() {
  const { database, statements } = heldDatabase();
  const ctx = { clock: { now: () => new Date("2026-11-29T00:00:00Z") }, database } as unknown as Context;
  const metrics = { usersMessagesCounting: () => sql`counted as (select 1)` } as unknown as MetricsService;
  const store = createDirectStore(ctx, { metrics, storeOne: async () => null });
  const send = (channelId: string) => store.store(draft(channelId), batch, false);
  return { send, statements, settled: store.settled };
}

/** Lets the store's scheduled drain and the promises it settles run. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

describe("the direct store's statements", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate", "clearImmediate", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends that arrive while a statement runs wait for it, then go together in the next one", async () => {
    const { send, statements } = directStore();
    const first = send("a");
    await settle();
    expect(statements.map((s) => s.channels)).toEqual([["a"]]);

    const later = [send("b"), send("c")];
    await vi.advanceTimersByTimeAsync(STALLED_MS - 1);
    expect(statements).toHaveLength(1);

    statements[0]?.store();
    await expect(first).resolves.toMatchObject({ channelId: "a", id: "m-a" });
    await settle();
    expect(statements.map((s) => s.channels)).toEqual([["a"], ["b", "c"]]);
    statements[1]?.store();
    await expect(Promise.all(later)).resolves.toMatchObject([{ channelId: "b" }, { channelId: "c" }]);
  });

  it(`starts another statement for the waiting sends once the one under way has run ${STALLED_MS} ms`, async () => {
    const { send, statements } = directStore();
    void send("a");
    await settle();
    const waiting = send("b");
    await vi.advanceTimersByTimeAsync(STALLED_MS);
    expect(statements.map((s) => s.channels)).toEqual([["a"], ["b"]]);
    statements[1]?.store();
    await expect(waiting).resolves.toMatchObject({ channelId: "b" });
  });

  it("says when a channel's messages queued so far are stored, not held by those queued after", async () => {
    const { send, statements, settled } = directStore();
    await expect(settled("a")).resolves.toBeUndefined();
    void send("a");
    void send("a");
    await settle();
    let done = false;
    void settled("a").then(() => {
      done = true;
    });
    const after = send("a");
    statements[0]?.store();
    await vi.advanceTimersByTimeAsync(SPACING_MS);
    expect(done).toBe(false);
    expect(statements.map((s) => s.channels)).toEqual([["a"], ["a"]]);
    statements[1]?.store();
    await vi.advanceTimersByTimeAsync(SPACING_MS);
    expect(done).toBe(true);
    expect(statements).toHaveLength(3);
    statements[2]?.store();
    await expect(after).resolves.toMatchObject({ channelId: "a" });
    await expect(settled("a")).resolves.toBeUndefined();
  });

  it("never has one channel in two statements, even past a stall: its next message waits for the first", async () => {
    const { send, statements } = directStore();
    void send("a");
    await settle();
    const again = send("a");
    void send("b");
    await vi.advanceTimersByTimeAsync(STALLED_MS);
    expect(statements.map((s) => s.channels)).toEqual([["a"], ["b"]]);

    statements[0]?.store();
    statements[1]?.store();
    await vi.advanceTimersByTimeAsync(SPACING_MS);
    expect(statements.map((s) => s.channels)).toEqual([["a"], ["b"], ["a"]]);
    statements[2]?.store();
    await expect(again).resolves.toMatchObject({ channelId: "a" });
  });

  it(`starts a statement no sooner than ${SPACING_MS} ms after the one before, gathering the sends of that time`, async () => {
    const { send, statements } = directStore();
    void send("a");
    await settle();
    statements[0]?.store();
    await settle();

    const sent = [send("b")];
    await vi.advanceTimersByTimeAsync(SPACING_MS / 2);
    sent.push(send("c"));
    await vi.advanceTimersByTimeAsync(SPACING_MS / 2 - 1);
    expect(statements).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(statements.map((s) => s.channels)).toEqual([["a"], ["b", "c"]]);
    statements[1]?.store();
    await expect(Promise.all(sent)).resolves.toMatchObject([{ channelId: "b" }, { channelId: "c" }]);
  });

  it("starts a send after a quiet moment at once", async () => {
    const { send, statements } = directStore();
    void send("a");
    await settle();
    statements[0]?.store();
    await vi.advanceTimersByTimeAsync(SPACING_MS);

    void send("b");
    await settle();
    expect(statements.map((s) => s.channels)).toEqual([["a"], ["b"]]);
  });

  it("does not hold back a full statement's sends for the spacing", async () => {
    const { send, statements } = directStore();
    void send("first");
    await settle();
    statements[0]?.store();
    await settle();

    for (let i = 0; i < MAX_BATCH; i++) void send(`c${i}`);
    await settle();
    expect(statements).toHaveLength(2);
    expect(statements[1]?.channels).toHaveLength(MAX_BATCH);
  });

  it(`has at most ${MAX_RUNNING} statements under way, however long they stall`, async () => {
    const { send, statements } = directStore();
    for (let i = 0; i <= MAX_RUNNING; i++) {
      void send(`c${i}`);
      await vi.advanceTimersByTimeAsync(STALLED_MS);
    }
    await vi.advanceTimersByTimeAsync(STALLED_MS * 10);
    expect(statements).toHaveLength(MAX_RUNNING);

    statements[0]?.store();
    await settle();
    expect(statements.map((s) => s.channels).at(-1)).toEqual([`c${MAX_RUNNING}`]);
  });
});
