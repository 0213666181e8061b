import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contractImports } from "../scripts/contract-entry";

const dirs: string[] = [];
function sourceDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-contract-entry-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the server SDK's contract entry", () => {
  it("lists every name the source imports or re-exports from the contract, by its contract name, once", () => {
    const dir = sourceDir({
      "a.ts": `import type { TMessage, TChannel as Channel } from "@parley/contract";\nimport { chatApi } from "@parley/contract/client";`,
      "nested/b.ts": `export type { TMessage, TRole } from "@parley/contract";\nimport { statusOf } from "@parley/contract/client";\nimport { z } from "zod";`,
      "c.test.ts": `import type { TOnlyInTests } from "@parley/contract";`,
    });
    expect(contractImports(dir)).toEqual({ types: ["TChannel", "TMessage", "TRole"], values: ["chatApi", "statusOf"] });
  });

  it("refuses a namespace import, whose names the build could not know", () => {
    const dir = sourceDir({ "a.ts": `import * as contract from "@parley/contract/client";` });
    expect(() => contractImports(dir)).toThrow(/one by one/);
  });

  it("lists what the SDK's own source imports", () => {
    const { types, values } = contractImports(path.resolve(import.meta.dirname, "../src"));
    expect(types).toContain("TMessage");
    expect(values).toContain("chatApi");
  });
});
