import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServerProcess } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    /** A data folder whose database the server has migrated; each test file's server starts from a copy. */
    sdkServerTemplate: string;
  }
}

/**
 * A Vitest global setup for the projects whose tests start server processes (`server-process.ts`): it starts the
 * server once on an empty data folder and stops it, so no test file waits for the migrations.
 */
export default async function setup(project: TestProject) {
  const templateDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-sdk-template-"));
  const server = await startServerProcess(templateDir);
  await server.stop();
  project.provide("sdkServerTemplate", templateDir);
  return async () => {
    await fs.rm(templateDir, { recursive: true, force: true });
  };
}
