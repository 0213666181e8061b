import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const report = process.env.VITEST_REPORT;
/**
 * Project folders to leave out, comma-separated: CI runs some projects on another Node.js version and leaves them
 * out of the run on the machine's. A filter rather than `--project '!name'`, since Vitest runs a project that any one
 * `--project` pattern matches, so two negated patterns between them match every project.
 */
const leftOut = new Set((process.env.VITEST_LEAVE_OUT ?? "").split(",").filter(Boolean));

export default defineConfig({
  test: {
    projects: [
      "packages/contract",
      "packages/server",
      "packages/web",
      "packages/sdk",
      "packages/cli",
      "packages/server-sdk",
      "packages/react",
      "examples/chat-react-native",
      "examples/chat-node-bot",
      "scripts",
      "bench",
    ].filter((folder) => !leftOut.has(folder)),
    // Vitest leaves one core free by default, which on a two-core machine runs the files one at a time; most of a
    // file's time is waiting (the database, jsdom start-up), so two workers finish in about three quarters the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // CI sums the runners' JSON reports into one summary line.
    reporters: report ? ["default", ["json", { outputFile: report }]] : ["default"],
  },
});
