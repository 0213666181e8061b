import react from "@vitejs/plugin-react";
import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineProject } from "vitest/config";

// Workspace packages export their TypeScript source under this condition (packages/sdk/package.json), so the kit's
// tests run on the SDK's source without building it first.
const SOURCE_CONDITION = "@parley/source";

export default defineProject({
  plugins: [react()],
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  test: {
    name: "react",
    environment: "jsdom",
    // Worker threads start faster than child processes and share the transformed modules' cache.
    pool: "threads",
    // A worker keeps its loaded modules (React, the SDK, the kit) from one file to the next instead of importing them
    // again for each file: the kit keeps no state in its modules (every test renders its own provider around a fake
    // or real client of its own), and the setup file undoes the stubs and spies a file may leave.
    isolate: false,
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.ts"],
    setupFiles: ["./src/testing/setup.ts"],
    // jsdom start-up and a first render have taken several seconds on a busy two-core machine.
    testTimeout: 30_000,
    // Packing and installing the kit from the registry, in its published-package test.
    hookTimeout: 300_000,
  },
});
