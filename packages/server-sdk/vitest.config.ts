import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server-sdk",
    include: ["test/**/*.test.ts"],
    // The end-to-end files each run a server process on a copy of the data folder this setup migrates once.
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    // Starting a server process takes long on a busy machine; a server that fails to start says so at once.
    hookTimeout: 240_000,
  },
});
