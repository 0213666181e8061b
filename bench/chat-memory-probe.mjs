/**
 * Preloaded (`--expose-gc --import`) into each server `bench:chat` measures, Parley's and the bare one alike, so
 * both report memory the same way and the server's own code is unchanged: on `{ type: "memory" }` over IPC it
 * collects garbage fully, so what remains is what the sockets hold rather than what the last burst left, and
 * answers with `process.memoryUsage()`. With BENCH_HEAP_SNAPSHOT_DIR set it also writes a heap snapshot there each
 * time, to compare what a socket holds (the snapshots before and after the sign-ins, in Chrome's DevTools).
 */
import path from "node:path";
import v8 from "node:v8";

const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT_DIR;
let snapshots = 0;

if (process.send) {
  process.on("message", (message) => {
    if (message?.type !== "memory") return;
    globalThis.gc?.();
    globalThis.gc?.();
    const usage = process.memoryUsage();
    if (snapshotDir) {
      snapshots += 1;
      v8.writeHeapSnapshot(path.join(snapshotDir, `${process.pid}-${snapshots}.heapsnapshot`));
    }
    process.send({ type: "memory", usage });
  });
}
