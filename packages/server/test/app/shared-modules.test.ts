import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every `.test.ts` file under the server's `src/` and `test/`. */
async function testFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const root of ["src", "test"]) {
    for (const entry of await fs.readdir(path.join(serverDir, root), { recursive: true })) {
      if (entry.endsWith(".test.ts")) found.push(path.join(root, entry));
    }
  }
  return found;
}

// The project runs its files without isolation (vitest.config.ts): a worker's modules outlive the file that loaded
// them. A module mock or a stubbed global would then leak into whichever file the worker runs next.
const LEAKING_CALLS = /\bvi\.(mock|doMock|hoisted|stubGlobal|stubEnv|resetModules)\s*\(/;
const ENV_WRITES = /\bprocess\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|\bdelete\s+process\.env\b/;

describe("the server's test files share a worker's modules", () => {
  it("mock no module, stub no global and write no environment variable", async () => {
    const files = await testFiles();
    expect(files.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    for (const file of files) {
      if (file.endsWith("shared-modules.test.ts")) continue;
      const text = await fs.readFile(path.join(serverDir, file), "utf8");
      if (LEAKING_CALLS.test(text) || ENV_WRITES.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
