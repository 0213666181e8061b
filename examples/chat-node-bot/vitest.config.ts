import { defaultServerConditions } from "vite";
import { defineProject } from "vitest/config";

// The SDKs export their TypeScript source under this condition (packages/sdk/package.json,
// packages/server-sdk/package.json), so the bot's tests run on them as they are in the repository, unbuilt.
const SOURCE_CONDITION = "@parley/source";

export default defineProject({
  resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  test: {
    name: "example-bot",
    include: ["test/**/*.test.ts"],
    // The SDK's tests' server set-up: the server migrated once, each file's server started from a copy.
    globalSetup: ["../../packages/sdk/test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 240_000,
  },
});
