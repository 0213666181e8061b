import type { TAuditChange } from "@parley/contract";
import { and, type Column, eq, getTableColumns, getTableName, type SQL, type Table } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type AuditScope, currentAuditScope, loggedChanges, UNLOGGED_TABLES } from "./scope";

/** Rows of an update or a delete listed as they were; a change to more says how many more. */
const BEFORE_ROWS_MAX = 20;

type Op = "insert" | "update" | "delete";
type Call = [method: string | symbol, args: unknown[]];
/** Writes the entry for `changes` in `tx`: a new one, or the request's entry added to. */
type Flush = (tx: Db, scope: AuditScope, changes: TAuditChange[]) => Promise<string>;

/** Builder methods that do not run the statement: they hand back the real builder, unrecorded. */
const PASS_THROUGH = new Set<string | symbol>(["prepare", "toSQL", "getSQL", "$dynamic", "getQuery"]);

/**
 * A write as its caller builds it (`db.update(t).set(v).where(c)`), recorded call by call and run on the database
 * only when awaited, so that it can run in a transaction the caller never opened, with its rows read before it.
 */
function recordedWrite(
  home: Db,
  start: (target: Db) => unknown,
  run: (build: (target: Db) => Promise<unknown>, calls: Call[]) => Promise<unknown>,
): object {
  const calls: Call[] = [];
  const build = (target: Db) =>
    calls.reduce<unknown>(
      (builder, [method, args]) =>
        (builder as Record<string | symbol, (...a: unknown[]) => unknown>)[method]?.(...args),
      start(target),
    ) as Promise<unknown>;
  let running: Promise<unknown> | null = null;
  const once = () => {
    running ??= run(build, calls);
    return running;
  };
  const chain: object = new Proxy(
    {},
    {
      get(_target, prop) {
        if (prop === "then")
          return (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) => once().then(resolve, reject);
        if (prop === "catch") return (reject: (e: unknown) => unknown) => once().catch(reject);
        if (prop === "finally") return (done: () => void) => once().finally(done);
        if (prop === "execute") return () => once();
        return (...args: unknown[]) => {
          calls.push([prop, args]);
          return PASS_THROUGH.has(prop) ? build(home) : chain;
        };
      },
    },
  );
  return chain;
}

function argOf(calls: Call[], method: string): unknown {
  return calls.find(([name]) => name === method)?.[1][0];
}

/**
 * Runs a recorded write on `tx`: an update's or a delete's rows are read first (up to {@link BEFORE_ROWS_MAX}, in the
 * same transaction, so they are the rows the write changes), and the change is described for the log.
 */
async function runAndDescribe(
  tx: Db,
  op: Op,
  table: Table,
  build: (target: Db) => Promise<unknown>,
  calls: Call[],
): Promise<{ result: unknown; change: TAuditChange | null }> {
  let before: Record<string, unknown>[] | null = null;
  let more = 0;
  const where = op === "insert" ? upsertedRow(table, calls) : (argOf(calls, "where") as SQL | undefined);
  if (where) {
    const rows = (await tx
      .select()
      .from(table as never)
      .where(where)
      .limit(BEFORE_ROWS_MAX + 1)) as Record<string, unknown>[];
    before = rows.slice(0, BEFORE_ROWS_MAX);
    more = rows.length > BEFORE_ROWS_MAX ? 1 : 0;
  }
  const result = await build(tx);
  // An update or a delete that met no row changed nothing (a refused request's lookup, most often): no change to log.
  if (op !== "insert" && before?.length === 0) return { result, change: null };
  const after =
    op === "insert"
      ? {
          values: argOf(calls, "values") ?? null,
          onConflict: (argOf(calls, "onConflictDoUpdate") as { set?: unknown })?.set ?? null,
        }
      : op === "update"
        ? (argOf(calls, "set") ?? null)
        : null;
  // An upsert that met its row changed it: the log says so, as it would of an update.
  const kind = op === "insert" && before && before.length > 0 ? "update" : op;
  return { result, change: { table: getTableName(table), op: kind, before, after, more } };
}

/**
 * The row an upsert of one row may overwrite (`insert … on conflict (target) do update`): the existing row whose
 * conflict columns hold the inserted values, read as an update's rows are. Undefined for a plain insert.
 */
function upsertedRow(table: Table, calls: Call[]): SQL | undefined {
  const conflict = argOf(calls, "onConflictDoUpdate") as { target?: Column | Column[] } | undefined;
  const values = argOf(calls, "values");
  if (!conflict?.target || !values || Array.isArray(values)) return undefined;
  const columns = getTableColumns(table);
  const conditions = [conflict.target].flat().map((column) => {
    const key = Object.keys(columns).find((name) => columns[name] === column);
    return key && key in (values as object) ? eq(column, (values as Record<string, unknown>)[key]) : undefined;
  });
  return conditions.every(Boolean) ? and(...conditions) : undefined;
}

const WRITE_SQL = /\b(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;

/** The table a raw statement writes, when it writes: the first `insert into`, `update` or `delete from`. */
function writtenTable(db: Db, query: SQL | string): string | null {
  const text =
    typeof query === "string"
      ? query
      : (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect.sqlToQuery(query).sql;
  const match = WRITE_SQL.exec(text);
  return match ? (match[2] as string).toLowerCase() : null;
}

/** Runs `work` where the writes it makes are recorded: the transaction to write in, and the changes to add to. */
type InRecordedTx = <T>(work: (tx: Db, changes: TAuditChange[]) => Promise<T>) => Promise<T>;

/**
 * The write methods of an audited handle (`insert`, `update`, `delete`, `execute`): a write to a logged table runs
 * through `inTx` and is described there; a write to an unlogged one runs on `home` as it is.
 */
function recordedWrites(home: Db, inTx: InRecordedTx) {
  return {
    write: (op: Op) => (table: Table) =>
      recordedWrite(
        home,
        (target) => (target as unknown as Record<Op, (t: Table) => unknown>)[op](table),
        (build, calls) =>
          UNLOGGED_TABLES.has(getTableName(table))
            ? build(home)
            : inTx(async (tx, changes) => {
                const { result, change } = await runAndDescribe(tx, op, table, build, calls);
                if (change) changes.push(change);
                return result;
              }),
      ),
    execute: (query: SQL | string) => {
      const table = writtenTable(home, query);
      if (!table || UNLOGGED_TABLES.has(table)) return home.execute(query as SQL);
      return inTx(async (tx, changes) => {
        const result = await tx.execute(query as SQL);
        changes.push({ table, op: "sql", before: null, after: null, more: 0 });
        return result;
      });
    },
  };
}

/**
 * The database handle of a transaction opened while a request is audited: the writes made through it are described
 * as they run, and the transaction writes the entry before it commits.
 */
function recordingTx(tx: Db, changes: TAuditChange[]): Db {
  const writes = recordedWrites(tx, (work) => work(tx, changes));
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop === "insert" || prop === "update" || prop === "delete") return writes.write(prop);
      if (prop === "execute") return writes.execute;
      if (prop === "transaction") {
        // A savepoint inside the audited transaction: its writes belong to the same entry.
        return (work: (inner: Db) => Promise<unknown>, config?: unknown) =>
          (target.transaction as (w: (t: Db) => Promise<unknown>, c?: unknown) => Promise<unknown>)(
            (inner) => work(recordingTx(inner, changes)),
            config,
          );
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The application's database handle, audited: outside an audited request it is the database itself (one lookup of
 * the request's scope per property read). Inside one, every write to a logged table runs in a transaction that also
 * writes the request's entry: a write the caller made in a transaction adds to it at its end, a lone statement is
 * put in one of its own. So a change and its entry commit together or not at all.
 */
export function auditedDatabase(db: Db, flush: Flush): Db {
  const bound = new Map<string | symbol, unknown>();
  const plain = (prop: string | symbol) => {
    let value = bound.get(prop);
    if (value === undefined) {
      const raw = Reflect.get(db, prop, db);
      value = typeof raw === "function" ? raw.bind(db) : raw;
      if (typeof raw === "function") bound.set(prop, value);
    }
    return value;
  };

  /** Runs `work` in a transaction that writes the scope's entry for what it changed before committing. */
  async function inAuditedTransaction<T>(
    scope: AuditScope,
    work: (tx: Db, changes: TAuditChange[]) => Promise<T>,
    config?: unknown,
  ): Promise<T> {
    let entryId: string | null = null;
    const result = await (db.transaction as (w: (tx: Db) => Promise<T>, c?: unknown) => Promise<T>)(async (tx) => {
      const changes: TAuditChange[] = [];
      const value = await work(tx, changes);
      const logged = loggedChanges(changes);
      if (logged.length > 0) entryId = await flush(tx, scope, logged);
      return value;
    }, config);
    // Only a committed entry is the one later transactions add to.
    if (entryId) scope.entryId = entryId;
    return result;
  }

  return new Proxy(db, {
    get(_target, prop) {
      const scope = currentAuditScope();
      if (!scope) return plain(prop);
      if (prop === "transaction") {
        return (work: (tx: Db) => Promise<unknown>, config?: unknown) =>
          inAuditedTransaction(scope, (tx, changes) => work(recordingTx(tx, changes)), config);
      }
      if (prop === "insert" || prop === "update" || prop === "delete" || prop === "execute") {
        const writes = recordedWrites(db, (work) => inAuditedTransaction(scope, work));
        return prop === "execute" ? writes.execute : writes.write(prop);
      }
      return plain(prop);
    },
  });
}
