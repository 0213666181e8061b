import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import type { Database } from "../src/db/client";
import { openPglite, openPostgres } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { createBoss } from "../src/jobs/runtime";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: { kind: "pglite"; templateDir: string } | { kind: "postgres"; adminUrl: string; template: string };
  }
}

/** Installs our tables and pg-boss's once, so each test file starts from a copy instead of migrating. */
async function prepare(database: Database): Promise<void> {
  await migrate(database);
  const boss = createBoss(database);
  await boss.start();
  await boss.stop({ graceful: false, close: database.kind === "postgres" });
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
      // Test databases left by a crashed run are dropped here too: they all start with the same prefix.
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'parley_t_%' or datname = $1",
        [template],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }

  const templateDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-template-"));
  const database = await openPglite(templateDir);
  await prepare(database);
  await database.close();
  project.provide("testDatabase", { kind: "pglite", templateDir });
  return async () => {
    await fs.rm(templateDir, { recursive: true, force: true });
  };
}
