/**
 * The bare `ws` server `bench:chat` measures Parley against: the ceiling of a fan-out on this machine, doing what
 * Parley's gateway does on the way out and nothing else. Run by the bench as a process of its own, like Parley's:
 *
 *   node --expose-gc --import tsx --import ./bench/chat-memory-probe.mjs bench/chat-bare.ts
 *
 * with PAYLOAD_BYTES (the size of Parley's `message.created` event frame in the same run) and WS_WRITE_WINDOW_MS.
 *
 * - A socket signs in with `{ type: "auth", token }`, where the token is the number of the group it joins, and
 *   is answered `{ type: "ready" }`: the time to open and authenticate without any lookup.
 * - `POST /send[?group=N]` takes the body Parley's send route takes (`{ text, metadata }`), builds an event of
 *   PAYLOAD_BYTES around it, frames it once and writes the frame to every socket of the group (all without one),
 *   through Parley's own write window, so frames gather and leave exactly as Parley's do.
 *
 * The port it listens on goes to the bench over IPC.
 */
import http from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { textFrame } from "../packages/server/src/gateway/text-frame";
import { createWriteWindow } from "../packages/server/src/gateway/write-window";

const PAYLOAD_BYTES = Number(process.env.PAYLOAD_BYTES ?? "455");
const window = createWriteWindow(Number(process.env.WS_WRITE_WINDOW_MS ?? "25"));
/** Streams by group number; group 0 holds every socket. */
const groups = new Map<number, Set<Duplex>>([[0, new Set()]]);

/**
 * An event shaped like Parley's, padded to PAYLOAD_BYTES. The padding goes before the message, so the send time
 * stays last in the frame, where receivers look for it.
 */
function eventPayload(body: { text?: unknown; metadata?: unknown }, group: number): Buffer {
  const message = { text: body.text, metadata: body.metadata, subchannel: group || null };
  const bare = JSON.stringify({ type: "event", event: { type: "message.created", padding: "", message } });
  const padding = "x".repeat(Math.max(0, PAYLOAD_BYTES - Buffer.byteLength(bare)));
  return Buffer.from(JSON.stringify({ type: "event", event: { type: "message.created", padding, message } }));
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://bare");
  if (request.method !== "POST" || url.pathname !== "/send") {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const group = Number(url.searchParams.get("group") ?? "0");
    const frame = textFrame(eventPayload(JSON.parse(Buffer.concat(chunks).toString("utf8")), group));
    for (const stream of groups.get(group) ?? []) {
      window.hold(stream);
      stream.write(frame);
    }
    response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
});

const wss = new WebSocketServer({ noServer: true });
server.on("upgrade", (request, transport: Duplex, head) => {
  wss.handleUpgrade(request, transport, head, (ws) => {
    let group: number | null = null;
    ws.on("message", (raw: Buffer) => {
      if (group !== null) return;
      const frame = JSON.parse(raw.toString("utf8")) as { type?: string; token?: string };
      if (frame.type !== "auth") return;
      group = Number(frame.token ?? "0");
      groups.get(0)?.add(transport);
      if (group !== 0) {
        const members = groups.get(group) ?? new Set<Duplex>();
        groups.set(group, members);
        members.add(transport);
      }
      ws.send('{"type":"ready"}');
    });
    ws.on("close", () => {
      for (const members of groups.values()) members.delete(transport);
    });
  });
});

server.listen(Number(process.env.PORT ?? "0"), "127.0.0.1", () => {
  const address = server.address();
  process.send?.({ type: "listening", port: typeof address === "object" && address ? address.port : 0 });
});
process.on("SIGTERM", () => {
  window.flush();
  process.exit(0);
});
