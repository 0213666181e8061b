import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServerProcess } from "../../../scripts/server-process";

declare module "vitest" {
  export interface ProvidedContext {
    /** A data folder whose database the server has migrated; each test file's server starts from a copy. */
    cliServerTemplate: string;
  }
}

/** Starts the server once on an empty data folder and stops it, so no test file waits for the migrations. */
export default async function setup(project: TestProject) {
  const templateDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-cli-template-"));
  const server = await startServerProcess(templateDir);
  await server.stop();
  project.provide("cliServerTemplate", templateDir);
  return async () => {
    await fs.rm(templateDir, { recursive: true, force: true });
  };
}
