import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractDeclarations } from "../../../scripts/contract-declarations";
import { repoRoot } from "../scripts/bundle-size";

const contractDir = path.join(repoRoot, "packages/contract");

let dir = "";
let declarations = "";

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-contract-types-"));
  declarations = contractDeclarations(contractDir);
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe("the contract's declarations for the published SDK", () => {
  it("refer to no zod and no other module", () => {
    expect(declarations).not.toMatch(/\bz\.|import\(|from ["']/);
  });

  it("declare every export of the client entry as exactly the type the contract's schemas infer", async () => {
    const names = [...declarations.matchAll(/^export (type|interface|declare const|declare function) (\w+)/gm)].map(
      ([, kind, name]) => ({ name: name as string, isValue: kind?.startsWith("declare") ?? false }),
    );
    expect(names.map(({ name }) => name)).toEqual(expect.arrayContaining(["TMessage", "TChatEvent", "chatApi"]));
    // Mutual sameness, not mere assignability: an optional field printed as required, or null lost, fails it.
    const check = [
      'import type * as Printed from "./contract-client";',
      'import type * as Inferred from "@parley/contract/client";',
      "type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;",
      ...names.map(({ name, isValue }) =>
        isValue
          ? `export const ${name}: Same<typeof Printed.${name}, typeof Inferred.${name}> = true;`
          : `export const ${name}: Same<Printed.${name}, Inferred.${name}> = true;`,
      ),
    ].join("\n");
    await fs.writeFile(path.join(dir, "contract-client.d.ts"), declarations);
    await fs.writeFile(path.join(dir, "check.ts"), `${check}\n`);

    const program = ts.createProgram([path.join(dir, "check.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
      paths: { "@parley/contract/client": [path.join(contractDir, "src/client.ts")] },
    });
    // Each error names the export whose printed type differs, by the line of its check.
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
      const name = /export const (\w+)/.exec(check.split("\n")[line] ?? "")?.[1] ?? "?";
      return `${name}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n").split("\n")[0]}`;
    });
    expect(errors).toEqual([]);
  }, 60_000);
});
