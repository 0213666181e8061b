/**
 * The Socket.IO server `bench:chat --groups` measures Parley against: a chat relay as Socket.IO applications write
 * one, storing nothing. Run by the bench as a process of its own, like Parley's:
 *
 *   node --expose-gc --import tsx --import ./bench/chat-memory-probe.mjs bench/chat-socketio.ts
 *
 * with PAYLOAD_BYTES, the size of Parley's `message.created` event frame in the same run.
 *
 * - A receiving socket connects with `{ token }` as its auth, the token being the number of its group, and joins
 *   that group's room. A sending socket connects with `{ sender: true }` and joins none.
 * - A sender emits `send` with `{ group, text, metadata }`; the server makes a message of it, padded to
 *   PAYLOAD_BYTES so each delivery carries the bytes Parley's does, emits it as `message` to the group's room (one
 *   encoding, written to every socket in it) and acknowledges the send.
 *
 * WebSocket only, without compression, as Parley's gateway. The port it listens on goes to the bench over IPC.
 */
import http from "node:http";
import { Server } from "socket.io";

const PAYLOAD_BYTES = Number(process.env.PAYLOAD_BYTES ?? "455");

interface Send {
  group: string;
  text: string;
  metadata: { t: string };
}

let sequence = 0;

/**
 * A message shaped like Parley's event, padded to PAYLOAD_BYTES with Socket.IO's own framing (`42["message",…]`)
 * counted in. The padding goes before the message, so the send time stays last in the frame, where receivers look.
 */
function messageEvent(send: Send) {
  const message = {
    id: String(++sequence),
    channelId: send.group,
    text: send.text,
    createdAt: new Date().toISOString(),
    metadata: send.metadata,
  };
  const bare = `42${JSON.stringify(["message", { type: "message.created", padding: "", message }])}`;
  const padding = "x".repeat(Math.max(0, PAYLOAD_BYTES - Buffer.byteLength(bare)));
  return { type: "message.created", padding, message };
}

const server = http.createServer();
const io = new Server(server, { serveClient: false, transports: ["websocket"], perMessageDeflate: false });
io.on("connection", (socket) => {
  const auth = socket.handshake.auth as { token?: string; sender?: boolean };
  if (!auth.sender) void socket.join(String(auth.token ?? "0"));
  socket.on("send", (send: Send, ack?: (answer: { ok: boolean }) => void) => {
    io.to(String(send.group)).emit("message", messageEvent(send));
    ack?.({ ok: true });
  });
});

server.listen(Number(process.env.PORT ?? "0"), "127.0.0.1", () => {
  const address = server.address();
  process.send?.({ type: "listening", port: typeof address === "object" && address ? address.port : 0 });
});
process.on("SIGTERM", () => process.exit(0));
