import type { TDataImport } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  createDataDir,
  createScratchDatabase,
  leaseLapsed,
  PORTS,
  removeDir,
  type ScratchDatabase,
  type ServerProcess,
  signedInAccount,
  startServer,
  testRedisUrl,
  watchUpdates,
} from "./support";

const USERS = 200;
const CHANNELS = 20;
/** Enough pages (of 200) that the run is killed with most of them still to write. */
const MESSAGES = 24_000;
const READY_WITHIN_MS = 60_000;
/** The surviving process takes the import up at its minute's sweep, once the dead run's lease has lapsed. */
const FINISH_WITHIN_MS = 150_000;

let db: ScratchDatabase;
let dataDir: string;
const processes: ServerProcess[] = [];

/** A Stream import file: users, channels with every user a member of some, and messages spread over the channels. */
function streamFile(): string {
  const lines: string[] = [];
  const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString();
  for (let u = 1; u <= USERS; u++)
    lines.push(JSON.stringify({ type: "user", item: { id: `u${u}`, name: `사용자 ${u}` } }));
  for (let c = 1; c <= CHANNELS; c++) {
    lines.push(
      JSON.stringify({
        type: "channel",
        item: { id: `c${c}`, type: "messaging", name: `Channel ${c}`, created_by: `u${c}` },
      }),
    );
    for (let k = 0; k < 10; k++) {
      const user = `u${1 + ((c * 10 + k) % USERS)}`;
      lines.push(
        JSON.stringify({ type: "member", item: { channel_type: "messaging", channel_id: `c${c}`, user_id: user } }),
      );
    }
  }
  for (let m = 1; m <= MESSAGES; m++) {
    const c = 1 + (m % CHANNELS);
    const user = `u${1 + ((c * 10 + (m % 10)) % USERS)}`;
    lines.push(
      JSON.stringify({
        type: "message",
        item: {
          id: `m${m}`,
          channel_type: "messaging",
          channel_id: `c${c}`,
          user,
          text: `메시지 ${m}`,
          created_at: at(m),
        },
      }),
    );
  }
  return `${lines.join("\n")}\n`;
}

interface Progress {
  status: string;
  owner: string | null;
  messages: number;
}

/** The import's status, lease owner and messages written, at every update the database commits. */
const watchProgress = () =>
  watchUpdates<Progress>(
    db,
    "data_imports",
    `json_build_object('status', new.status, 'owner', new.lease_owner,
      'messages', coalesce((select (k ->> 'done')::int from jsonb_array_elements(new.state -> 'kinds') k
        where k ->> 'kind' = 'messages'), 0))`,
  );

beforeAll(async () => {
  dataDir = await createDataDir("parley-import-crash");
  db = await createScratchDatabase("parley_import_crash");
  // A short lease, so a dead run's import is free within seconds; small pages, so the run is killed mid-way.
  for (const port of PORTS.importCrash) {
    processes.push(
      await startServer({
        port,
        databaseUrl: db.url,
        dataDir,
        redisUrl: testRedisUrl(),
        env: { EXPORT_LEASE_SECONDS: "2", IMPORT_PAGE_ROWS: "200" },
      }),
    );
  }
});

afterAll(async () => {
  await Promise.all(processes.map((server) => server.kill()));
  await db?.drop();
  await removeDir(dataDir);
});

describe("a data import killed midway, with two processes", () => {
  it(
    "is taken up by the other process from the pages it had not committed, and holds every message exactly once",
    async () => {
      const [a] = processes as [ServerProcess, ServerProcess];
      const { sessionToken } = await signedInAccount(dataDir, a.base);
      const { app } = await call<{ app: { id: string } }>(
        a.base,
        "POST",
        "/api/apps",
        { name: "Moving in" },
        sessionToken,
      );
      const progress = await watchProgress();

      const form = new FormData();
      form.append("source", "stream");
      form.append("file", new Blob([streamFile()]), "app.jsonl");
      const uploaded = await fetch(`${a.base}/api/apps/${app.id}/imports/upload`, {
        method: "POST",
        headers: { authorization: `Bearer ${sessionToken}` },
        body: form,
      });
      expect(uploaded.status).toBe(200);
      const { import: created } = (await uploaded.json()) as { import: TDataImport };
      await progress.until((p) => p.status === "ready", READY_WITHIN_MS, "the import's dry run did not finish");
      await call(a.base, "POST", `/api/apps/${app.id}/imports/${created.id}/start`, {}, sessionToken);

      const running = await progress.until(
        (p) => p.status === "running" && p.messages >= MESSAGES / 10,
        READY_WITHIN_MS,
        "the import did not start writing messages",
      );
      const pid = Number(running.owner?.split(":")[0]);
      const holder = processes.find((server) => server.child.pid === pid);
      if (!holder) throw new Error(`no process of this test holds the import (lease owner ${running.owner})`);
      await holder.kill();
      const survivor = processes.find((server) => server !== holder) as ServerProcess;
      const [atKill] = await db.sql<{ status: string; messages: number }>(
        `select status, (select count(*) from messages where app_id = $2)::int as messages
         from data_imports where id = $1`,
        [created.id, app.id],
      );
      expect(atKill?.status).toBe("running");
      expect(atKill?.messages).toBeLessThan(MESSAGES);

      const afterKill = progress.seen.length;
      await leaseLapsed(db, "data_imports", created.id);
      const finished = await progress.until(
        (p) => p.status === "completed",
        FINISH_WITHIN_MS,
        "the import did not finish on the other process",
        afterKill,
      );
      expect(finished.messages).toBe(MESSAGES);
      // Taken up where it stood: the progress after the kill never went below what was written before it.
      const lowest = Math.min(...progress.seen.slice(afterKill).map((p) => p.messages));
      expect(lowest).toBeGreaterThanOrEqual(atKill?.messages ?? 0);
      const taken = progress.seen.slice(afterKill).find((p) => p.owner !== null);
      expect(Number(taken?.owner?.split(":")[0])).toBe(survivor.child.pid);
      await progress.close();

      const [counts] = await db.sql<{ rows: number; ids: number; keys: number }>(
        `select count(*)::int as rows, count(distinct id)::int as ids, count(distinct (channel_id, seq))::int as keys
         from messages where app_id = $1`,
        [app.id],
      );
      expect(counts).toEqual({ rows: MESSAGES, ids: MESSAGES, keys: MESSAGES });
      // Pages of messages are written two at a time, each marked in its own transaction: the survivor wrote exactly
      // the pages the killed run had not committed, so each is marked once.
      const [marks] = await db.sql<{ parts: number; marks: number; marked: number }>(
        `select (k ->> 'parts')::int as parts, jsonb_array_length(k -> 'written') as marks,
           (select count(distinct p)::int from jsonb_array_elements(k -> 'written') p) as marked
         from data_imports, jsonb_array_elements(state -> 'kinds') k where id = $1 and k ->> 'kind' = 'messages'`,
        [created.id],
      );
      expect(marks).toEqual({ parts: MESSAGES / 200, marks: MESSAGES / 200, marked: MESSAGES / 200 });
      // Each channel's seqs run 1..n with no gap, in the file's send order, and its counter stands at n.
      const channels = await db.sql<{ n: number; max_seq: number; last_seq: number; ordered: boolean }>(
        `select count(*)::int as n, max(m.seq) as max_seq, c.last_seq,
           bool_and(m.created_at >= coalesce(p.created_at, m.created_at)) as ordered
         from messages m join channels c on c.id = m.channel_id
         left join messages p on p.channel_id = m.channel_id and p.seq = m.seq - 1
         where m.app_id = $1 group by c.id, c.last_seq`,
        [app.id],
      );
      expect(channels).toHaveLength(CHANNELS);
      for (const channel of channels) {
        expect(channel.max_seq).toBe(channel.n);
        expect(channel.last_seq).toBe(channel.n);
        expect(channel.ordered).toBe(true);
      }
      const { import: done } = await call<{ import: TDataImport }>(
        survivor.base,
        "GET",
        `/api/apps/${app.id}/imports/${created.id}`,
        undefined,
        sessionToken,
      );
      expect(done.kinds.map((k) => [k.kind, k.done, k.total])).toEqual([
        ["users", USERS, USERS],
        ["channels", CHANNELS, CHANNELS],
        ["members", CHANNELS * 10, CHANNELS * 10],
        ["messages", MESSAGES, MESSAGES],
        ["reactions", 0, 0],
        ["files", 0, 0],
      ]);
      const [events] = await db.sql<{ n: number }>("select count(*)::int as n from chat_events where app_id = $1", [
        app.id,
      ]);
      expect(events?.n).toBe(0);
    },
    READY_WITHIN_MS * 2 + FINISH_WITHIN_MS + 60_000,
  );
});
