import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const report = process.env.VITEST_REPORT;

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
    ],
    // Vitest leaves one core free by default, which on a two-core machine runs the files one at a time; most of a
    // file's time is waiting (the database, jsdom start-up), so two workers finish in about three quarters the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // CI sums the runners' JSON reports into one summary line.
    reporters: report ? ["default", ["json", { outputFile: report }]] : ["default"],
  },
});
