import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import type { Database } from "../src/db/client";
import { openPglite, openPostgres } from "../src/db/client";
import { migrate } from "../src/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase:
      | { kind: "pglite"; templateDir: string; dumpFile: string }
      | { kind: "postgres"; adminUrl: string; template: string };
  }
}

/**
 * What a test database's copy costs to start is mostly its size and its shared memory, about 250 times a run: 16 MiB
 * of shared buffers, which PostgreSQL clears at every start, are ample for a test's rows (the default is 128 MiB), and
 * write-ahead log segments of 1 MiB, removed rather than kept for reuse once a checkpoint is past them, leave a few MiB
 * in the dump where one default segment was 16 MiB. A copy started in 420 ms before, 245 ms after.
 */
const TEMPLATE_SETTINGS = {
  initdbArgs: ["--wal-segsize=1"],
  postgresqlConf: ["shared_buffers = 16MB", "wal_recycle = off", "min_wal_size = 2MB"],
};

/** Installs our tables once, so each test file starts from a copy instead of migrating. */
async function prepare(database: Database): Promise<void> {
  await migrate(database);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `parley_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = await openPostgres(url.toString(), 2);
    await prepare(database);
    await database.close();
    project.provide("testDatabase", { kind: "postgres", adminUrl, template });
    return async () => {
      // This run's databases, and those of runs whose process is gone (a crash); never those of a run still going.
      const { rows } = await admin.query<{ datname: string }>(
        String.raw`select datname from pg_database where datname like 'parley\_template\_%'`,
      );
      for (const { datname } of rows) {
        const pid = Number(/^parley_template_(\d+)/.exec(datname)?.[1]);
        if (pid === process.pid || !isRunning(pid)) {
          await admin.query(`drop database if exists ${datname} with (force)`);
        }
      }
      await admin.end();
    };
  }

  const templateDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-template-"));
  const database = await openPglite(templateDir, TEMPLATE_SETTINGS);
  await prepare(database);
  await database.exec("checkpoint");
  // Each test file starts an in-memory database from this dump: about half the time of copying the folder and
  // opening it from disk, and nothing to delete afterwards. Uncompressed, since every file would unzip it again.
  const dump = await database.pglite?.dumpDataDir("none");
  await database.close();
  const dumpFile = path.join(templateDir, "..", `${path.basename(templateDir)}.tar`);
  if (dump) await fs.writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("testDatabase", { kind: "pglite", templateDir, dumpFile });
  return async () => {
    await fs.rm(templateDir, { recursive: true, force: true });
    await fs.rm(dumpFile, { force: true });
  };
}
