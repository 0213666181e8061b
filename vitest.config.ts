import { defineConfig } from "vitest/config";

const report = process.env.VITEST_REPORT;

export default defineConfig({
  test: {
    projects: ["packages/contract", "packages/server", "packages/web", "packages/sdk"],
    // CI sums the runners' JSON reports into one summary line.
    reporters: report ? ["default", ["json", { outputFile: report }]] : ["default"],
  },
});
