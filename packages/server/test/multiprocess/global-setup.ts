import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { buildServer } from "../../../../scripts/server-build";

declare module "vitest" {
  export interface ProvidedContext {
    /** The server built as `npm run build:server` builds it, which every test of the project starts. */
    builtServer: string;
  }
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Builds the server once for the run: these tests start and kill some forty servers, each of which starts in about
 * two thirds of the time built as production runs it than from the source through tsx. The build goes inside
 * `packages/server`, where its dependencies resolve.
 */
export default async function setup(project: TestProject) {
  const cache = path.join(serverDir, "node_modules/.cache");
  await fs.mkdir(cache, { recursive: true });
  const buildDir = await fs.mkdtemp(path.join(cache, "parley-multiprocess-server-"));
  project.provide("builtServer", await buildServer(buildDir));
  return async () => {
    await fs.rm(buildDir, { recursive: true, force: true });
  };
}
