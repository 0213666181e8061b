import type { TDataExport } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ndjson, readZip } from "../zip";
import {
  call as callAt,
  confirmEmail,
  createDataDir,
  createScratchDatabase,
  leaseLapsed,
  logIn,
  PORTS,
  removeDir,
  type ScratchDatabase,
  type ServerProcess,
  signUp,
  startServer,
  watchUpdates,
} from "./support";

const PORT = PORTS.exportCrash;
const BASE = `http://127.0.0.1:${PORT}`;
const USERS = 200;
const CHANNELS = 4;
/** Enough pages (of 50) that the run is killed with most of them still to write. */
const MESSAGES = 6_000;
/** The test's own deadlines: the export's start, then its finish after the restart. */
const START_WITHIN_MS = 60_000;
const FINISH_WITHIN_MS = 120_000;
let db: ScratchDatabase;
let dataDir: string;
let server: ServerProcess | null = null;

/** A short lease, so a dead run's export is taken over within seconds; small pages, so the run is killed mid-way. */
async function start(): Promise<void> {
  server = await startServer({
    port: PORT,
    databaseUrl: db.url,
    dataDir,
    env: { EXPORT_LEASE_SECONDS: "2", EXPORT_PAGE_ROWS: "50" },
  });
}

const call = <T = Record<string, unknown>>(method: string, url: string, body?: unknown, token?: string) =>
  callAt<T>(BASE, method, url, body, token);
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => db.sql<T>(text, params);

interface Progress {
  status: string;
  done: number;
}

/** The export's status and rows written, at every update the database commits. */
const watchProgress = () =>
  watchUpdates<Progress>(
    db,
    "data_exports",
    `json_build_object('status', new.status, 'done',
      coalesce((select sum((s ->> 'done')::int) from jsonb_array_elements(new.state -> 'sections') s), 0))`,
  );

beforeAll(async () => {
  dataDir = await createDataDir("parley-export-crash");
  db = await createScratchDatabase("parley_export_crash");
  await start();
});

afterAll(async () => {
  await server?.kill();
  await db?.drop();
  await removeDir(dataDir);
});

describe("a data export killed midway", () => {
  // Its time limit is longer than its own deadlines, so a slow machine fails it with their message, not a timeout.
  it(
    "goes on from its last written page after a restart and archives every row exactly once",
    async () => {
      const email = `export.${Date.now()}@example.com`;
      await signUp(BASE, email, "en");
      await confirmEmail(BASE, dataDir, email);
      const sessionToken = await logIn(BASE, email);
      const { app } = await call<{ app: { id: string } }>("POST", "/api/apps", { name: "Export" }, sessionToken);
      // Rows straight into the tables: the test is of the export, and twenty thousand sends would only slow it down.
      await sql(
        `insert into chat_users (app_id, user_id, nickname, created_at)
       select $1, 'user' || n, '사용자 ' || n, now() from generate_series(1, $2::int) as n`,
        [app.id, USERS],
      );
      await sql(
        `insert into channels (app_id, name, type, created_at, updated_at, last_seq)
       select $1, 'Channel ' || n, 'public', now(), now(), $3::int / $2::int from generate_series(1, $2::int) as n`,
        [app.id, CHANNELS, MESSAGES],
      );
      await sql(
        `insert into messages (app_id, channel_id, seq, type, text, sender_id, created_at)
       select $1, c.id, s.seq, 'text', '메시지 ' || c.name || ' #' || s.seq, u.id, now()
       from (select id, name, row_number() over (order by id) as k from channels where app_id = $1) c
       cross join generate_series(1, $3::int / $2::int) as s(seq)
       join chat_users u on u.app_id = $1 and u.user_id = 'user' || (1 + (s.seq + c.k) % $4::int)`,
        [app.id, CHANNELS, MESSAGES, USERS],
      );

      const progress = await watchProgress();
      const { export: created } = await call<{ export: TDataExport }>(
        "POST",
        `/api/apps/${app.id}/exports`,
        {},
        sessionToken,
      );
      const written = async () => {
        const [row] = await sql<{ status: string; done: number | null }>(
          `select status, (select sum((s ->> 'done')::int) from jsonb_array_elements(state -> 'sections') s)::int as done
         from data_exports where id = $1`,
          [created.id],
        );
        return { status: row?.status, done: row?.done ?? 0 };
      };
      const total = USERS + CHANNELS + MESSAGES;
      await progress.until((p) => p.done >= total / 10, START_WITHIN_MS, "the export did not start");
      await server?.kill();
      const atKill = await written();
      expect(atKill.status).toBe("running");
      expect(atKill.done).toBeLessThan(total);

      const afterKill = progress.seen.length;
      await leaseLapsed(db, "data_exports", created.id);
      await start();
      await progress.until(
        (p) => p.status === "completed",
        FINISH_WITHIN_MS,
        "the export did not finish after the restart",
        afterKill,
      );
      await progress.close();
      const lowest = Math.min(...progress.seen.slice(afterKill).map((p) => p.done));
      // Progress never went back: the second run went on from where the first had recorded it was.
      expect(lowest).toBeGreaterThanOrEqual(atKill.done);
      const [runs] = await sql<{ attempts: number }>("select attempts from data_exports where id = $1", [created.id]);
      expect(runs?.attempts).toBe(2);

      const { export: done } = await call<{ export: TDataExport }>(
        "GET",
        `/api/apps/${app.id}/exports/${created.id}`,
        undefined,
        sessionToken,
      );
      expect(done.sections.map((s) => [s.section, s.done, s.total])).toEqual([
        ["users", USERS, USERS],
        ["channels", CHANNELS, CHANNELS],
        ["members", 0, 0],
        ["messages", MESSAGES, MESSAGES],
      ]);
      const res = await fetch(`${BASE}${new URL(done.downloadUrl ?? "").pathname}`);
      expect(res.status).toBe(200);
      const zip = await readZip(Buffer.from(await res.arrayBuffer()));
      const messages = ndjson<{ id: string; channelId: string; seq: number }>(zip.get("messages.ndjson"));
      const stored = await sql<{ id: string }>("select id from messages where app_id = $1", [app.id]);
      expect(messages).toHaveLength(MESSAGES);
      expect(new Set(messages.map((m) => m.id)).size).toBe(MESSAGES);
      expect(messages.map((m) => m.id).sort()).toEqual(stored.map((m) => m.id).sort());
      const users = ndjson<{ userId: string }>(zip.get("users.ndjson"));
      expect(new Set(users.map((u) => u.userId)).size).toBe(USERS);
    },
    START_WITHIN_MS + FINISH_WITHIN_MS + 60_000,
  );
});
