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

// Only the send time matters here. Decoding whole frames would take CPU from the server under test, on a
// machine the receivers share with it although they stand in for other machines, so the time is read in place:
// searched from the end, where a message's metadata sits, and a warm-up message's time starts with "w".
const SENT_AT = Buffer.from('"t":"');
const WARM = "w".charCodeAt(0);

function open(token) {
  return new Promise((resolve, reject) => {
    // The same saving: checking every frame's UTF-8 is the client's cost, not the server's.
    const ws = new WebSocket(url, { skipUTF8Validation: true });
    sockets.push(ws);
    let ready = !token;
    ws.on("error", reject);
    ws.on("message", (data) => {
      if (!ready) {
        if (JSON.parse(data.toString()).type !== "ready") return;
        ready = true;
        return resolve();
      }
      const at = data.lastIndexOf(SENT_AT);
      const start = at + SENT_AT.length;
      if (at < 0 || data[start] === WARM) return;
      latencies.push(now() - Number(data.toString("latin1", start, data.indexOf(34, start))));
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
