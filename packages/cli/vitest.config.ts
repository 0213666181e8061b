import { defaultServerConditions } from "vite";
import { defineProject } from "vitest/config";

// The CLI imports the server SDK by its package name; this condition points that name at the source
// (packages/server-sdk/package.json), so the tests need no build.
const SOURCE_CONDITION = "@parley/source";

export default defineProject({
  resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  test: {
    name: "cli",
    include: ["test/**/*.test.ts"],
    // Each test file runs a server process on a copy of the data folder this setup migrates once.
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    // Starting a server process takes long on a busy machine; a server that fails to start says so at once.
    hookTimeout: 240_000,
  },
});
