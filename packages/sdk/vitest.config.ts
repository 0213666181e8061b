import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "sdk",
    include: ["test/**/*.test.ts"],
    // Each test file runs a server process on a copy of the data folder this setup migrates once.
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    // Starting a server process takes long on a busy machine; a server that fails to start says so at once.
    hookTimeout: 240_000,
  },
});
