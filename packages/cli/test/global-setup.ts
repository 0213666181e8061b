import type { TestProject } from "vitest/node";
import type { ServerTemplate } from "../../../scripts/server-process";
import { prepareServerTemplate } from "../../../scripts/server-template";

declare module "vitest" {
  export interface ProvidedContext {
    /** A data folder whose database the server has migrated, and the built server; each test file's server starts from a copy. */
    cliServerTemplate: ServerTemplate;
  }
}

/** Builds the server and migrates an empty data folder once, so no test file waits for a build or the migrations. */
export default async function setup(project: TestProject) {
  const { template, remove } = await prepareServerTemplate("parley-cli");
  project.provide("cliServerTemplate", template);
  return remove;
}
