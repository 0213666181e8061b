import type { TMessage } from "@parley/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createChatApp } from "../../factories";
import { startTestApp, type TestApp } from "../../harness";
import { until } from "../../poll";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** `promise`, or a failure once five seconds have passed without it settling. */
function within5s<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("not answered within 5 s")), 5_000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe("users' sends, stored a statement at a time", () => {
  // The embedded database has one connection for everything, so no lock can be held there beside a send.
  it.runIf(inject("testDatabase").kind === "postgres")(
    "go on in other channels while one channel's send waits on a lock, and that send follows once it is let go",
    async () => {
      const app = await createChatApp(t);
      const kim = await app.user("kim");
      const channel = async (name: string) =>
        (await kim.api.post<{ channel: { id: string } }>("/channels", { name })).body.channel.id;
      const [locked, free] = [await channel("Locked"), await channel("Free")];
      const send = (channelId: string, text: string) =>
        kim.api.post<{ message: TMessage }>(`/channels/${channelId}/messages`, { text });

      const { channels } = t.services;
      const full = vi.spyOn(channels, "requireChannelWithMember");
      const holder = new pg.Client({ connectionString: t.ctx.database.connectionString });
      await holder.connect();
      try {
        await holder.query("begin");
        await holder.query("select 1 from channels where id = $1 for update", [locked]);
        let lockedAnswered = false;
        const waiting = send(locked, "behind the lock").then((answer) => {
          lockedAnswered = true;
          return answer;
        });
        await until(
          async () => {
            const [row] = await t.ctx.database.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return row?.n === 1;
          },
          "the send to wait on the lock",
          5_000,
        );

        const past = await within5s(send(free, "past the lock"));
        expect(past.status).toBe(200);
        expect(past.body.message).toMatchObject({ text: "past the lock", seq: 1 });
        expect(lockedAnswered).toBe(false);

        await holder.query("rollback");
        const answer = await waiting;
        expect(answer.status).toBe(200);
        expect(answer.body.message).toMatchObject({ text: "behind the lock", seq: 1 });
        // Both went the one-statement way: the full path would have read the channel with the sender's membership.
        expect(full).not.toHaveBeenCalled();
      } finally {
        full.mockRestore();
        // Ending the session lets the lock go, if a failed expectation left it held.
        await holder.end();
      }
    },
  );
});
