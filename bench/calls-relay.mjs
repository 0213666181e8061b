// The bare relay `bench:calls` compares Parley's signalling with: a WebSocket server that forwards each JSON frame
// from one socket to the other socket of its pair (parsed and written again as Parley's gateway does), with no
// sign-in, no call state and no bus. Listens on the port given, prints "listening" when ready.
import { WebSocketServer } from "ws";

const port = Number(process.argv[2]);
const server = new WebSocketServer({ port, host: "127.0.0.1" });
const waiting = [];
server.on("connection", (socket) => {
  const partner = waiting.shift();
  if (partner) {
    socket.peer = partner;
    partner.peer = socket;
  } else waiting.push(socket);
  socket.on("message", (raw) => {
    const frame = JSON.parse(String(raw));
    socket.peer?.send(JSON.stringify({ type: "call.signal", callId: frame.callId, fromUserId: "a", data: frame.data }));
  });
});
server.on("listening", () => process.stdout.write("listening\n"));
