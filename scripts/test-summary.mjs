// Sums the JSON reports of Vitest and Playwright into one line: "N passed, N failed, N skipped".
// Exits non-zero when any test failed, or when no report holds a test at all.
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".reports";
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  if (report.stats && "expected" in report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else if ("numPassedTests" in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    // A file that fails to load has no test results; count it, or a broken suite would pass silently.
    failed += (report.testResults ?? []).filter((r) => r.status === "failed" && r.assertionResults.length === 0).length;
  }
}
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
