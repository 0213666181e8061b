import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const script = path.join(import.meta.dirname, "test-summary.mjs");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-summary-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

fs.writeFileSync(
  path.join(dir, "unit.json"),
  JSON.stringify({ numPassedTests: 3, numFailedTests: 0, numPendingTests: 1, testResults: [] }),
);

describe("the CI summary", () => {
  it("sums the reports into one line and exits 0 when nothing failed", async () => {
    const { stdout } = await run(process.execPath, [script, dir]);
    expect(stdout).toBe("3 passed, 0 failed, 1 skipped\n");
  });

  it("counts an expected report that is missing as a failure, naming it", async () => {
    const failure = await run(process.execPath, [script, dir, "--expect", "unit.json,node24.json"]).catch(
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1 });
    expect(failure.stdout).toContain("node24.json: no report");
    expect(failure.stdout).toMatch(/3 passed, 1 failed, 1 skipped\n$/);
  });
});
