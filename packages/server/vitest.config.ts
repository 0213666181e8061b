import { defineProject } from "vitest/config";

/**
 * Files that run on the embedded database whatever `TEST_DATABASE_URL` names: the folder lock's test opens PGlite
 * folders, and the CLI's tests start `npm start`'s server on its default database. A run on PostgreSQL would only
 * repeat them, so CI's leaves them out (`VITEST_SKIP_EMBEDDED_ONLY=1`).
 */
const EMBEDDED_ONLY = ["src/db/lock.test.ts", "test/app/cli.test.ts", "test/app/cli-readme.test.ts"];

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Started by `npm run test:multiprocess`, which needs PostgreSQL and Redis.
    exclude: ["test/multiprocess/**", ...(process.env.VITEST_SKIP_EMBEDDED_ONLY === "1" ? EMBEDDED_ONLY : [])],
    globalSetup: ["test/global-setup.ts"],
    // Worker threads rather than child processes: a file's first step is importing the whole server, and threads
    // share the transformed modules where processes each transform and load them again. On two cores the project
    // took 413 s instead of 525 s, with 24% less CPU; no file relies on a process of its own (each starts its
    // server in-process on its own database, and the CLI and lock tests spawn the processes they need).
    // On Node.js 24, V8 has crashed the whole run (a fatal "jit_page_->allocations_.erase" check) when a worker
    // thread freed the embedded database's WebAssembly; CI runs that layer there with `VITEST_POOL=forks`.
    pool: process.env.VITEST_POOL === "forks" ? "forks" : "threads",
    // A worker keeps its loaded modules from one file to the next rather than importing the whole server again for
    // each of its files: every file builds its own server, database and clock through the harness, and no file
    // mocks a module (timers and spies are restored after each test), so nothing but code is shared. On 9 files the
    // imports fell from 44 s to 15 s and the CPU by 14%.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
