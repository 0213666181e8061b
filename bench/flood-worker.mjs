/**
 * The flooding client of the WebSocket flood benchmark, on its own thread so that it takes no time from the health
 * probes the bench times. Each socket signs in as a dashboard view and sends a burst of `subscribe` frames for
 * made-up channels, and another as soon as the server has answered every frame of the last; whenever the server
 * closes it, it comes straight back: an attacker, not a client.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { parentPort, workerData } from "node:worker_threads";
import { WebSocket } from "ws";

// workerData: { url, token, appId, sockets: sockets flooding at once, frames: frames per burst }
const { url, token, appId, sockets, frames } = workerData;
const stats = { bursts: 0, framesSent: 0, closeCodes: {}, errorCodes: {}, upgradeRefusals: {} };
let running = true;
const open = new Set();

const count = (table, key) => {
  table[key] = (table[key] ?? 0) + 1;
};

/**
 * One burst as the bytes on the wire: masked text frames, each for another made-up channel, built once and written
 * to the TCP socket in one go, as an attacker would. Masking and sending thousands of frames through ws on every
 * burst would take a core of the machine the server shares, and the figure would be of that contention.
 */
function burstBytes() {
  const mask = randomBytes(4);
  const parts = [];
  for (let i = 0; i < frames; i++) {
    const payload = Buffer.from(`{"type":"subscribe","channelId":"${randomUUID()}"}`);
    for (let j = 0; j < payload.length; j++) payload[j] ^= mask[j % 4];
    // FIN and text; masked, with a 7-bit length (these payloads are under 126 bytes).
    parts.push(Buffer.from([0x81, 0x80 | payload.length]), mask, payload);
  }
  return Buffer.concat(parts);
}
const burst = burstBytes();

function flood() {
  if (!running) return;
  const ws = new WebSocket(url);
  open.add(ws);
  const sendBurst = () => {
    stats.bursts += 1;
    ws._socket.write(burst);
    stats.framesSent += frames;
  };
  let answered = 0;
  ws.on("open", () => ws.send(JSON.stringify({ type: "auth", token, appId })));
  ws.on("message", (data) => {
    const frame = JSON.parse(data.toString());
    if (frame.type === "ready") return sendBurst();
    if (frame.type !== "error") return;
    count(stats.errorCodes, frame.code);
    answered += 1;
    if (answered % frames === 0) sendBurst();
  });
  // The upgrade refused over HTTP (429 once the address's budget is spent): back a moment later.
  ws.on("unexpected-response", (_request, response) => {
    count(stats.upgradeRefusals, response.statusCode);
    response.resume();
    open.delete(ws);
    ws.terminate();
    setTimeout(flood, 50);
  });
  ws.on("error", () => undefined);
  ws.on("close", (code) => {
    if (!open.delete(ws)) return;
    count(stats.closeCodes, code);
    setImmediate(flood);
  });
}

parentPort?.on("message", (message) => {
  if (message.type === "start") for (let i = 0; i < sockets; i++) flood();
  if (message.type !== "stop") return;
  running = false;
  for (const ws of open) ws.terminate();
  parentPort?.postMessage({ type: "stats", stats });
});
parentPort?.postMessage({ type: "ready" });
