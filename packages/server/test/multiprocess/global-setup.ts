import type { TestProject } from "vitest/node";
import { buildServerForTests } from "../../../../scripts/server-build";

declare module "vitest" {
  export interface ProvidedContext {
    /** The server built as `npm run build:server` builds it, which every test of the project starts. */
    builtServer: string;
  }
}

/**
 * Builds the server once for the run: these tests start and kill some forty servers, each of which starts in about
 * two thirds of the time built as production runs it than from the source through tsx.
 */
export default async function setup(project: TestProject) {
  const { entry, remove } = await buildServerForTests("parley-multiprocess");
  project.provide("builtServer", entry);
  return remove;
}
