/**
 * The SQL of `bench:send`'s database references (send.ts): a table shaped like `messages`, the single-row insert of
 * a message-like row, and the same rows gathered into multi-row inserts as Parley's send path gathers sends.
 */
import type pg from "pg";

/** Rows in one gathered insert at most, as messages in one statement of Parley's send path. */
const GATHER_MAX = 200;

/** A table like `messages`: its columns and its indexes, without the foreign keys to channels and chat users. */
export const createMessageTable = (name: string) => `
  create table ${name} (
    id uuid primary key default gen_random_uuid(),
    app_id uuid not null,
    channel_id uuid not null,
    seq integer not null,
    type text not null,
    text text not null,
    sender_id uuid,
    metadata jsonb not null default '{}',
    file jsonb,
    created_at timestamptz not null,
    deleted_at timestamptz,
    client_message_id text,
    unique (channel_id, seq)
  );
  create index ${name}_sender_idx on ${name} (sender_id);`;

export const insertMessage = (table: string) =>
  `insert into ${table} (app_id, channel_id, seq, type, text, sender_id, metadata, created_at)
   values ($1, $2, $3, 'text', $4, $5, $6, now())`;

/**
 * An insert of one row into `table` that waits to go with the others of the moment: the rows waiting when no
 * statement is under way go together in one multi-row insert (at most GATHER_MAX), and those that arrive while it
 * runs in the next. Resolves when the row's statement has committed.
 */
export function gatheredInsert(pool: pg.Pool, table: string) {
  const waiting: Array<{ values: unknown[]; resolve: () => void; reject: (error: unknown) => void }> = [];
  let running = false;
  let scheduled = false;
  const drain = () => {
    scheduled = false;
    if (running || waiting.length === 0) return;
    running = true;
    const taken = waiting.splice(0, GATHER_MAX);
    // Each row's six values in `insertMessage`'s order, numbered on from the rows before it.
    const rows = taken.map((_, r) => {
      const [appId, channelId, seq, text, senderId, metadata] = [1, 2, 3, 4, 5, 6].map((c) => `$${r * 6 + c}`);
      return `(${appId}, ${channelId}, ${seq}, 'text', ${text}, ${senderId}, ${metadata}, now())`;
    });
    pool
      .query(
        `insert into ${table} (app_id, channel_id, seq, type, text, sender_id, metadata, created_at)
         values ${rows.join(", ")}`,
        taken.flatMap((entry) => entry.values),
      )
      .then(
        () => {
          for (const entry of taken) entry.resolve();
        },
        (error: unknown) => {
          for (const entry of taken) entry.reject(error);
        },
      )
      .finally(() => {
        running = false;
        drain();
      });
  };
  return (values: unknown[]) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ values, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(drain);
      }
    });
}
