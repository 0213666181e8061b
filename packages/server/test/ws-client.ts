import type { TChatEvent, TServerFrame } from "@parley/contract";
import { WebSocket } from "ws";
import type { BusMessage } from "../src/chat/bus";
import type { TestApp } from "./harness";

/** A socket that collects frames and can wait for one that matches. */
export async function openSocket(wsUrl: string, auth: Record<string, unknown>) {
  const ws = new WebSocket(wsUrl);
  const frames: TServerFrame[] = [];
  const waiters: { match: (f: TServerFrame) => boolean; resolve: (f: TServerFrame) => void }[] = [];
  ws.on("message", (raw) => {
    const frame = JSON.parse(raw.toString()) as TServerFrame;
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const next = (match: (f: TServerFrame) => boolean, ms = 5000) =>
    new Promise<TServerFrame>((resolve, reject) => {
      const seen = frames.find(match);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error("frame did not arrive")), ms);
      waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  ws.send(JSON.stringify({ type: "auth", ...auth }));
  const event = (type: TChatEvent["type"], predicate: (e: TChatEvent) => boolean = () => true, ms = 5000) =>
    next((f) => f.type === "event" && f.event.type === type && predicate(f.event), ms).then(
      (f) => (f as { event: TChatEvent }).event,
    );
  /**
   * Resolves once every frame the server had for this socket when called has arrived: the server handles a
   * socket's frames in order and writes its answers in order, so the pong to a ping sent now comes after them.
   * What a test waits on before asserting that an event did not come.
   */
  const caughtUp = async () => {
    const pongs = () => frames.filter((f) => f.type === "pong").length;
    const before = pongs();
    ws.send(JSON.stringify({ type: "ping" }));
    await next(() => pongs() > before);
  };
  return { ws, frames, next, event, caughtUp, closed, send: (f: unknown) => ws.send(JSON.stringify(f)) };
}

/** The texts of the messages a socket has been told about. */
export const messageTexts = (s: { frames: TServerFrame[] }) =>
  s.frames.flatMap((f) => (f.type === "event" && f.event.type === "message.created" ? [f.event.message?.text] : []));

export type Socket = Awaited<ReturnType<typeof openSocket>>;

/** A socket per credential, each once its ready frame has come. */
export async function readySocketsAt<T extends Record<string, unknown>[]>(
  wsUrl: string,
  ...auths: T
): Promise<{ [K in keyof T]: Socket }> {
  const sockets = await Promise.all(auths.map((auth) => openSocket(wsUrl, auth)));
  for (const s of sockets) await s.next((f) => f.type === "ready");
  return sockets as { [K in keyof T]: Socket };
}

/**
 * Holds the next socket sign-in after its session and memberships are read, until `meanwhile` has run and the bus
 * has carried an event `heard` picks out: a change that overtakes the read before the connection is counted.
 */
export function overtakeNextSignIn(
  t: TestApp,
  meanwhile: () => Promise<unknown>,
  heard: (message: BusMessage) => boolean,
) {
  const { chatUsers } = t.services;
  const original = chatUsers.authenticateSocket;
  chatUsers.authenticateSocket = async (token) => {
    chatUsers.authenticateSocket = original;
    const signIn = await original.call(chatUsers, token);
    const delivered = new Promise<void>((resolve) => {
      const stop = t.bus.subscribe((message) => {
        if (!heard(message)) return;
        stop();
        resolve();
      });
    });
    await meanwhile();
    await delivered;
    return signIn;
  };
}
