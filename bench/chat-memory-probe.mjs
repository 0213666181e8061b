/**
 * Preloaded (`--expose-gc --import`) into each server `bench:chat` measures, Parley's and the bare one alike, so
 * both report memory the same way and the server's own code is unchanged: on `{ type: "memory" }` over IPC it
 * collects garbage fully, so what remains is what the sockets hold rather than what the last burst left, and
 * answers with `process.memoryUsage()`.
 */
if (process.send) {
  process.on("message", (message) => {
    if (message?.type !== "memory") return;
    globalThis.gc?.();
    globalThis.gc?.();
    process.send({ type: "memory", usage: process.memoryUsage() });
  });
}
