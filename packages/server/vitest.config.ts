import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Started by `npm run test:multiprocess`, which needs PostgreSQL and Redis.
    exclude: ["test/multiprocess/**"],
    globalSetup: ["test/global-setup.ts"],
    // Worker threads rather than child processes: a file's first step is importing the whole server, and threads
    // share the transformed modules where processes each transform and load them again. On two cores the project
    // took 413 s instead of 525 s, with 24% less CPU; no file relies on a process of its own (each starts its
    // server in-process on its own database, and the CLI and lock tests spawn the processes they need).
    pool: "threads",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
