/**
 * The benchmark's sending side: posts messages at a fixed rate from its own thread, as an app's users would from
 * their own machines, so the HTTP client does not share the server's event loop.
 */
import { parentPort, workerData } from "node:worker_threads";

// Messages before `warmup` carry a time starting with "w", so the receivers leave them out: they warm the JIT and the connection pools.
const { url, token, rate, count, warmup } = workerData;
const clock = () => performance.timeOrigin + performance.now();
const started = performance.now();
const pending = [];
for (let i = 0; i < warmup + count; i++) {
  if (i === warmup) parentPort?.postMessage({ type: "measuring" });
  const wait = started + (i * 1000) / rate - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  pending.push(
    fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        text: `message ${i}`,
        metadata: { t: i < warmup ? `w${clock()}` : String(clock()) },
      }),
    }).then((res) => res.arrayBuffer()),
  );
}
await Promise.allSettled(pending);
parentPort?.postMessage({ type: "sent" });
