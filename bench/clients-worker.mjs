/**
 * The benchmark's receiving side, on its own thread so that parsing a million frames does not compete with the
 * server's event loop. Reports arrival latencies against the send time carried in each message.
 */
import { parentPort, workerData } from "node:worker_threads";
import { WebSocket } from "ws";

// workerData: { url, tokens?: session tokens for the chat gateway, count?: anonymous sockets for the bare broadcast }
const { url, tokens, count } = workerData;
const now = () => performance.timeOrigin + performance.now();
const latencies = [];
const sockets = [];

function open(token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    ws.on("error", reject);
    ws.on("message", (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.type === "ready") resolve();
      if (frame.type === "event" && frame.event.type === "message.created") {
        latencies.push(now() - Number(frame.event.message.metadata.t));
      }
    });
    ws.once("open", () => {
      if (token) ws.send(JSON.stringify({ type: "auth", token }));
      else resolve();
    });
  });
}

const list = tokens ?? Array.from({ length: count ?? 0 }, () => null);
for (let i = 0; i < list.length; i += 50) await Promise.all(list.slice(i, i + 50).map(open));
parentPort?.postMessage({ type: "ready" });
parentPort?.on("message", (message) => {
  if (message.type === "collect") parentPort?.postMessage({ type: "latencies", latencies: latencies.splice(0) });
  if (message.type === "close") {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
