import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const report = process.env.VITEST_REPORT;

/** Tests that start several server processes against a real PostgreSQL and Redis; CI runs them. */
export default defineConfig({
  root: path.dirname(fileURLToPath(import.meta.url)),
  test: {
    name: "multiprocess",
    include: ["test/multiprocess/**/*.test.ts"],
    globalSetup: ["test/multiprocess/global-setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    reporters: report ? ["default", ["json", { outputFile: report }]] : ["default"],
  },
});
