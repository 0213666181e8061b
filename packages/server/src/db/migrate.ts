import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { Database } from "./client";

interface Runner {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** An arbitrary constant: several server processes starting together take turns on this lock. */
const MIGRATION_LOCK_ID = 724_411_903;

/**
 * Applies the SQL files of `migrations/` in name order, each once, each in its own transaction.
 * The files are written by `drizzle-kit generate` from `schema.ts`.
 */
export async function migrate(database: Database): Promise<string[]> {
  if (!database.connectionString) return applyMigrations(database);
  // Advisory locks belong to a session, so the lock, the migrations and the unlock share one connection.
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  const runner: Runner = {
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
  };
  try {
    await runner.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    return await applyMigrations(runner);
  } finally {
    await client.end();
  }
}

async function applyMigrations(database: Runner): Promise<string[]> {
  const files = (await fs.readdir(migrationsDir)).filter((f) => f.endsWith(".sql")).sort();
  await database.exec(
    "create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())",
  );
  const done = new Set(
    (await database.query<{ name: string }>("select name from schema_migrations")).map((r) => r.name),
  );
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await fs.readFile(path.join(migrationsDir, file), "utf8");
    const body = sql.split("--> statement-breakpoint").join("\n");
    const name = file.replaceAll("'", "''");
    await database.exec(`begin;\n${body}\ninsert into schema_migrations (name) values ('${name}');\ncommit;`);
    applied.push(file);
  }
  return applied;
}
