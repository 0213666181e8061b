/**
 * The sending process of `bench:chat --groups`'s Socket.IO reference: one Socket.IO client per group, as each
 * group's sender would have on a machine of its own, emitting messages at a fixed rate over them all, each stamped
 * with the time it left, as chat-sender.mjs does for Parley. Talks to the bench as chat-sender.mjs does:
 *
 *   ← { type: "start", url, groups: [group], rate, count, warmup }
 *   → { type: "measuring" }   when the first measured message leaves
 *   → { type: "sent", failed, statuses, firstError, answerMs }   once every send is acknowledged (`answerMs`: how
 *     long each measured send took to be acknowledged; an unacknowledged one fails with status 0)
 *
 * Message `i` goes from the sender of `groups[i % groups.length]` to that group's room; messages before `warmup`
 * carry a time starting with "w", so receivers leave them out.
 */
import { io } from "socket.io-client";

const clock = () => performance.timeOrigin + performance.now();
/** A send unacknowledged this long counts as failed. */
const ACK_TIMEOUT_MS = 30_000;
/** Senders connecting at once. */
const CONNECT_CONCURRENCY = 50;

function connect(url) {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ["websocket"], forceNew: true, reconnection: false, auth: { sender: true } });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

async function connectAll(url, count) {
  const sockets = new Array(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const k = next++;
      sockets[k] = await connect(url);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, count) }, lane));
  return sockets;
}

async function run({ url, groups, rate, count, warmup }) {
  const sockets = await connectAll(url, groups.length);
  const answerMs = [];
  const statuses = {};
  let failed = 0;
  let firstError = null;
  const pending = [];
  const started = performance.now();
  for (let i = 0; i < warmup + count; i++) {
    if (i === warmup) process.send({ type: "measuring" });
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const k = i % groups.length;
    const isWarm = i < warmup;
    const leftAt = performance.now();
    const body = {
      group: groups[k],
      text: `message ${i}`,
      metadata: { t: isWarm ? `w${clock()}` : String(clock()) },
    };
    pending.push(
      sockets[k]
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck("send", body)
        .then(
          () => {
            if (!isWarm) answerMs.push(performance.now() - leftAt);
          },
          (error) => {
            if (isWarm) return;
            failed += 1;
            firstError ??= String(error?.message ?? error);
            statuses[0] = (statuses[0] ?? 0) + 1;
          },
        ),
    );
  }
  await Promise.all(pending);
  for (const socket of sockets) socket.close();
  process.send({ type: "sent", failed, statuses, firstError, answerMs });
}

process.once("message", (message) => {
  if (message.type === "start") void run(message);
});
