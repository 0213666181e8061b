// Sums the JSON reports of Vitest and Playwright into one line: "N passed, N failed, N skipped".
// Names every failed test above that line with the first lines of its error, so the end of a CI log alone says what
// broke and how.
// Exits non-zero when any test failed, or when no report holds a test at all.
//
//   node scripts/test-summary.mjs [dir] [--expect a.json,b.json]
//
// `--expect` names the reports the run's runners write: one that is missing counts as a failure, since a runner that
// crashed (a fatal error of Node itself) writes none, and its tests would otherwise vanish from the sum.
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const expectAt = args.indexOf("--expect");
const expected = expectAt === -1 ? [] : (args[expectAt + 1] ?? "").split(",").filter(Boolean);
const dir = args.find((arg, i) => !arg.startsWith("--") && (expectAt === -1 || i !== expectAt + 1)) ?? ".reports";
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

/** The first lines of an error, without terminal colours: enough to tell a timeout from a wrong value. */
function excerpt(text) {
  const lines = String(text ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes start with ESC.
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "");
  return lines
    .slice(0, 6)
    .map((line) => `      ${line.slice(0, 300)}`)
    .join("\n");
}

function playwrightFailures(suites, file, trail) {
  for (const suite of suites ?? []) {
    const names = suite.title && suite.title !== suite.file ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") {
          const last = test.results?.at(-1);
          const took = last?.duration === undefined ? "" : ` (${(last.duration / 1000).toFixed(1)} s)`;
          const errors = (last?.errors ?? []).map((error) => excerpt(error.message ?? error.value)).join("\n");
          failures.push(
            `${file}: [${test.projectName}] ${suite.file ?? ""} ${[...names, spec.title].join(" › ")}${took}\n${errors}`,
          );
        }
      }
    }
    playwrightFailures(suite.suites, file, names);
  }
}

for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  if (report.stats && "expected" in report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    playwrightFailures(report.suites, file, []);
  } else if ("numPassedTests" in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      const where = path.relative(process.cwd(), result.name);
      // A file that fails to load has no test results; count it, or a broken suite would pass silently.
      if (result.status === "failed" && result.assertionResults.length === 0) {
        failed += 1;
        failures.push(`${file}: ${where} did not load\n${excerpt(result.message)}`);
      }
      for (const assertion of result.assertionResults) {
        if (assertion.status === "failed") {
          failures.push(`${file}: ${where} › ${assertion.fullName}\n${excerpt(assertion.failureMessages?.[0])}`);
        }
      }
    }
  }
}
for (const file of expected) {
  if (!fs.existsSync(path.join(dir, file))) {
    failed += 1;
    failures.push(`${file}: no report; its runner ended before writing one (see its output above)`);
  }
}
if (failures.length > 0) process.stdout.write(`failed:\n${failures.map((f) => `  ${f}`).join("\n")}\n`);
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
