/**
 * One of `bench:chat`'s receiving processes. It stands in for members on other machines, so it runs apart from the
 * server it measures and from the sender, and takes no thread of theirs. Talks to the bench over IPC:
 *
 *   ← { type: "open", sockets: [{ url, token }], concurrency, mix?, protocol? }
 *       opens and authenticates every socket, beside those an earlier `open` opened
 *   → { type: "opened", firstConnectAt, lastReadyAt } | { type: "failed", error }
 *   ← { type: "count" }    → { type: "count", received }
 *   ← { type: "collect" }  → { type: "latencies", latencies: Float64Array, perSocket: Uint32Array, payloadBytes,
 *                              mixed }
 *   ← { type: "close" }    closes every socket and exits
 *
 * With `mix: true` on `open` (`bench:chat --mix`), frames are told apart by their event type (`MIX_KINDS`), and
 * `mixed` holds one entry per arrival of a kind measured: `kinds` (the index in `MIX_KINDS`), `keys` and `values`.
 * `message.created` and `message.updated` carry their send time: key 0, value the latency, warm-up ones left
 * out. `reaction.added` and `typing.started` do not: key the operation `i` of the reaction `r<i>`, or the number
 * of the typist `u<n>`, value the arrival time, which the bench matches to the time the sender kept.
 *
 * Every socket sends `{ type: "auth", token }` and counts as authenticated at its first `ready` frame: Parley's
 * gateway answers so, and the bare server too, after its own stand-in for a sign-in.
 *
 * With `protocol: "socket.io"` on `open` (the Socket.IO reference of `bench:chat --groups`), the sockets speak
 * Socket.IO's protocol (Engine.IO 4) on the same bare stream instead, so both servers' receivers cost the machine
 * alike: each waits for Engine.IO's open packet (`0{…}`), connects to the main namespace with `{ token }` as its
 * auth (`40{"token":…}`), counts as ready at the namespace's answer (`40…`) and answers every ping (`2`) with a
 * pong (`3`). Events (`42["message",{…}]`) are measured as above, by the send time last in them.
 */
import { randomBytes } from "node:crypto";
import net from "node:net";

const clock = () => performance.timeOrigin + performance.now();

// Only the send time matters here. Decoding whole frames would take CPU from the server under test, on a machine
// the receivers share with it, so the time is read in place: searched from the end, where a message's metadata
// sits, and a warm-up message's time starts with "w". Text is not checked for valid UTF-8 either: that is the
// client's cost, not the server's.
const SENT_AT = Buffer.from('"t":"');
const WARM = "w".charCodeAt(0);
const QUOTE = 34;
const READY = Buffer.from('{"type":"ready"');
/** Socket.IO's packets as text: Engine.IO's open and ping, and a namespace's connect. */
const EIO_OPEN = "0".charCodeAt(0);
const EIO_PING = Buffer.from("2");
const EIO_PONG = Buffer.from("3");
const SIO_CONNECT = Buffer.from("40");

let latencies = [];
let mix = false;
/** What the sockets speak over the WebSocket: "parley" (the gateway's frames) or "socket.io". */
let protocol = "parley";
/** The event types `--mix` measures, in the order of their codes in `mixed.kinds`. */
const MIX_KINDS = ["message.created", "reaction.added", "typing.started", "message.updated"];
const KIND_CODES = new Map(MIX_KINDS.map((kind, code) => [kind, code]));
let mixed = { kinds: [], keys: [], values: [] };
/** The second `"type":"` of a frame is its event's: the frame's own comes first (`event`, `transient`). */
const TYPE = Buffer.from('"type":"');
const REACTION = Buffer.from('"reaction":"r');
const USER = Buffer.from('"userId":"u');
/** Payload bytes of a measured message as it arrived, which the bare server then sends as many of. */
let payloadBytes = 0;
const sockets = [];
/** Measured messages each socket received, which tells a few sockets left out from frames lost here and there. */
let perSocket = new Uint32Array(0);

/** The whole number written from `start` up to the next quote. */
const numberAt = (data, start) => Number(data.toString("latin1", start, data.indexOf(QUOTE, start)));

function onMixedFrame(index, data) {
  const first = data.indexOf(TYPE);
  const typeAt = first < 0 ? -1 : data.indexOf(TYPE, first + TYPE.length);
  if (typeAt < 0) return;
  const start = typeAt + TYPE.length;
  const code = KIND_CODES.get(data.toString("latin1", start, data.indexOf(QUOTE, start)));
  if (code === undefined) return;
  const arrivedAt = clock();
  let key = 0;
  let value = arrivedAt;
  if (code === 1 || code === 2) {
    const marker = code === 1 ? REACTION : USER;
    const at = data.indexOf(marker, start);
    if (at < 0) return;
    key = numberAt(data, at + marker.length);
  } else {
    const at = data.lastIndexOf(SENT_AT);
    if (at < 0 || data[at + SENT_AT.length] === WARM) return;
    value = arrivedAt - numberAt(data, at + SENT_AT.length);
    if (code === 0) payloadBytes ||= data.length;
  }
  mixed.kinds.push(code);
  mixed.keys.push(key);
  mixed.values.push(value);
  perSocket[index] += 1;
}

function onFrame(index, data) {
  if (mix) return onMixedFrame(index, data);
  const at = data.lastIndexOf(SENT_AT);
  if (at < 0) return;
  const start = at + SENT_AT.length;
  if (data[start] === WARM) return;
  const sentAt = Number(data.toString("latin1", start, data.indexOf(QUOTE, start)));
  latencies.push(clock() - sentAt);
  perSocket[index] += 1;
  payloadBytes ||= data.length;
}

const EMPTY = Buffer.alloc(0);
const OPCODE_TEXT = 0x1;
const OPCODE_CLOSE = 0x8;
const OPCODE_PING = 0x9;
const OPCODE_PONG = 0xa;

/** A whole, masked client frame (RFC 6455 section 5.2), as a client must send it. */
function clientFrame(opcode, payload) {
  const headerLength = payload.length < 126 ? 2 : 4;
  const frame = Buffer.allocUnsafe(headerLength + 4 + payload.length);
  frame[0] = 0x80 | opcode;
  if (payload.length < 126) {
    frame[1] = 0x80 | payload.length;
  } else {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(payload.length, 2);
  }
  const mask = randomBytes(4);
  mask.copy(frame, headerLength);
  for (let i = 0; i < payload.length; i++) frame[headerLength + 4 + i] = payload[i] ^ mask[i & 3];
  return frame;
}

/**
 * Opens one socket and resolves at its `ready` frame; a refused upgrade, another first frame or a close before it
 * rejects. The WebSocket is spoken here on the bare TCP stream rather than through a client library: the receivers
 * share the machine with the server they measure, and reading the server's whole, unmasked frames in place costs a
 * fraction of what a general client spends per frame. Servers never fragment these frames, so each is taken whole.
 */
function open({ url, token }, index) {
  const { hostname, port, pathname, search, host } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    sockets.push(socket);
    socket.setNoDelay(true);
    /**
     * "upgrading", then "signing-in" once the 101 arrived (with Socket.IO, "opening" until Engine.IO's open
     * packet), then "ready".
     */
    let state = "upgrading";
    /** The start of a frame whose rest is still on its way. */
    let pending = EMPTY;
    const fail = (reason) => {
      reject(new Error(`${url}: ${reason}`));
      socket.destroy();
    };
    socket.on("error", (error) => fail(error.message));
    socket.on("close", () => {
      if (state !== "ready") fail("closed before ready");
    });
    socket.once("connect", () => {
      const key = randomBytes(16).toString("base64");
      socket.write(
        `GET ${pathname}${search} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on("data", (chunk) => {
      const data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      let offset = 0;
      if (state === "upgrading") {
        const end = data.indexOf("\r\n\r\n");
        if (end < 0) {
          pending = data;
          return;
        }
        if (!data.toString("latin1", 0, 12).startsWith("HTTP/1.1 101")) {
          return fail(`the upgrade was refused: ${data.toString("latin1", 0, end)}`);
        }
        offset = end + 4;
        if (protocol === "socket.io") {
          state = "opening";
        } else {
          state = "signing-in";
          socket.write(clientFrame(OPCODE_TEXT, Buffer.from(JSON.stringify({ type: "auth", token }))));
        }
      }
      while (data.length - offset >= 2) {
        const opcode = data[offset] & 0x0f;
        let length = data[offset + 1] & 0x7f;
        let start = offset + 2;
        if (length === 126) {
          if (data.length < offset + 4) break;
          length = data.readUInt16BE(offset + 2);
          start = offset + 4;
        } else if (length === 127) {
          if (data.length < offset + 10) break;
          length = Number(data.readBigUInt64BE(offset + 2));
          start = offset + 10;
        }
        if (data.length < start + length) break;
        const payload = data.subarray(start, start + length);
        offset = start + length;
        if (opcode === OPCODE_PING) {
          socket.write(clientFrame(OPCODE_PONG, payload));
        } else if (opcode === OPCODE_TEXT && state === "ready") {
          if (protocol === "socket.io" && payload.equals(EIO_PING)) socket.write(clientFrame(OPCODE_TEXT, EIO_PONG));
          else onFrame(index, payload);
        } else if (opcode === OPCODE_TEXT && state === "opening") {
          if (payload[0] !== EIO_OPEN) return fail(`opened with ${payload.toString("utf8").slice(0, 200)}`);
          state = "signing-in";
          socket.write(clientFrame(OPCODE_TEXT, Buffer.from(`40${JSON.stringify({ token })}`)));
        } else if (opcode === OPCODE_TEXT) {
          const ready = protocol === "socket.io" ? SIO_CONNECT : READY;
          if (!payload.subarray(0, ready.length).equals(ready)) {
            return fail(`answered the sign-in with ${payload.toString("utf8").slice(0, 200)}`);
          }
          state = "ready";
          resolve();
        } else if (opcode === OPCODE_CLOSE && state !== "ready") {
          return fail(`closed with ${payload.length >= 2 ? payload.readUInt16BE(0) : "no code"} before ready`);
        }
      }
      pending = offset === data.length ? EMPTY : data.subarray(offset);
    });
  });
}

/**
 * Opens the sockets with at most `concurrency` sign-ins under way at once, as a crowd reconnecting would; a second
 * `open` adds its sockets to those already open.
 */
async function openAll(list, concurrency) {
  const firstConnectAt = clock();
  const base = perSocket.length;
  const counts = new Uint32Array(base + list.length);
  counts.set(perSocket);
  perSocket = counts;
  let next = 0;
  const lane = async () => {
    while (next < list.length) {
      const index = next++;
      await open(list[index], base + index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, lane));
  return { firstConnectAt, lastReadyAt: clock() };
}

process.on("message", (message) => {
  switch (message.type) {
    case "open":
      mix = message.mix === true;
      protocol = message.protocol ?? "parley";
      openAll(message.sockets, message.concurrency).then(
        (times) => process.send({ type: "opened", ...times }),
        (error) => process.send({ type: "failed", error: error instanceof Error ? error.message : String(error) }),
      );
      break;
    case "count":
      process.send({ type: "count", received: latencies.length + mixed.kinds.length });
      break;
    case "collect":
      process.send({
        type: "latencies",
        latencies: Float64Array.from(latencies),
        perSocket,
        payloadBytes,
        mixed: {
          kinds: Uint8Array.from(mixed.kinds),
          keys: Float64Array.from(mixed.keys),
          values: Float64Array.from(mixed.values),
        },
      });
      latencies = [];
      mixed = { kinds: [], keys: [], values: [] };
      break;
    case "close":
      for (const socket of sockets) socket.destroy();
      process.exit(0);
  }
});
