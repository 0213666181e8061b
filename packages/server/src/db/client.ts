import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockDataFolder } from "./lock";
import { pgliteStatements } from "./pglite-prepared";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `execute`: both drivers answer with a result object that holds them in `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** One handle on the database whichever engine backs it. */
export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Runs SQL that may hold several statements and no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs a statement on the hot path as a prepared statement: PostgreSQL parses and plans it once per connection
   * instead of on every run, which for a statement of many parts costs more than running it. Same text, same plan,
   * on either engine.
   */
  prepared<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Present for PGlite only: the job queue listens for notifications on this single connection. */
  pglite?: PGlite;
  connectionString?: string;
  close(): Promise<void>;
}

export interface PgliteOptions {
  /** A dump from `PGlite.dumpDataDir` to start an in-memory database from (the tests' template). */
  loadDataDir?: Blob;
  /** Arguments for `initdb`, when the folder is new. */
  initdbArgs?: string[];
  /** Lines written into the database's `postgresql.conf`. */
  postgresqlConf?: string[];
}

/**
 * The embedded database, in `dataDir` (in memory without one). A folder is locked for as long as it is open: a second
 * process that tries to open it, a CLI beside a running server included, fails with `DataFolderLockedError`.
 */
export async function openPglite(dataDir: string | undefined, options: PgliteOptions = {}): Promise<Database> {
  if (dataDir) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const unlock = dataDir ? lockDataFolder(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      ...(options.initdbArgs ? { initDbStartParams: options.initdbArgs } : {}),
      ...(options.postgresqlConf ? { postgresqlconf: options.postgresqlConf } : {}),
    });
  } catch (err) {
    unlock();
    throw err;
  }
  try {
    return await pgliteDatabase(client, async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    });
  } catch (err) {
    await client.close().finally(unlock);
    throw err;
  }
}

/**
 * A handle on an open embedded database: its session set as this server runs it, and a cache of prepared statements
 * of its own. `close` is what closing the handle does to the database (the tests' pool keeps it open to reuse).
 */
export async function pgliteDatabase(client: PGlite, close: () => Promise<void>): Promise<Database> {
  // The planner's default prices a page read at random four times one read in sequence, the price of a disk's seek.
  // Here every page is in the process's memory or the system's file cache, so at the few thousand rows of a newcomer's
  // tables it chose to scan whole tables over their indexes (a socket's sign-in scanned every session and every user:
  // 1.4 ms against 0.4 ms by the indexes). 1.1 is what is set for PostgreSQL on solid-state storage.
  await client.exec("set random_page_cost = 1.1");
  // Every statement drizzle runs is prepared once, as node-postgres's named ones are on the server database: in
  // WebAssembly, planning a statement can cost more than running it.
  const statements = pgliteStatements(client);
  const db = drizzlePglite({ client: statements.client(), schema });
  return {
    kind: "pglite",
    db,
    prepared: statements.prepared,
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    pglite: client,
    close,
  };
}

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  await pool.query("select 1");
  const dialect = new PgDialect();
  // A statement's name is its text's digest: one name per text, on every connection of the pool.
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `p_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    kind: "postgres",
    db: drizzleNodePg({ client: pool, schema }),
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    prepared: async <T>(query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return (await pool.query({ name: nameOf(text), text, values: params })).rows as T[];
    },
    connectionString,
    close: () => pool.end(),
  };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL connections at most (`DATABASE_POOL_SIZE`); the embedded database has one. */
  databasePoolSize?: number;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.databasePoolSize)
    : openPglite(path.join(options.dataDir, "db"));
}
