import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { createChatApp } from "../factories";
import { listenForSockets, startTestApp, type TestApp } from "../harness";
import { openSocket } from "../ws-client";

let t: TestApp;
let wsUrl: string;
const HEARTBEAT_MS = 100;

beforeAll(async () => {
  t = await startTestApp({ env: { WS_HEARTBEAT_MS: String(HEARTBEAT_MS) } });
  wsUrl = await listenForSockets(t);
});
afterAll(() => t?.close());

describe("WebSocket heartbeat", () => {
  it("keeps a socket that answers pings while its sign-in is slower than several heartbeats", async () => {
    const app = await createChatApp(t);
    const kim = await app.user("kim");
    await kim.api.post("/channels", { name: "Slow day" });
    const channels = t.services.channels;
    const placementsFrom = channels.placementsFrom.bind(channels);
    // The sign-in's last step, after its connection is counted, waits out four heartbeats, as it can under a storm of
    // sign-ins.
    const spy = vi.spyOn(channels, "placementsFrom").mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 4.5));
      return placementsFrom(...args);
    });
    try {
      const socket = await openSocket(wsUrl, { token: kim.sessionToken });
      await socket.next((f) => f.type === "ready", 5000);
      expect(spy).toHaveBeenCalledOnce();
      // Heartbeats go on after the sign-in; a live socket stays.
      await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 3));
      await socket.caughtUp();
      expect(socket.ws.readyState).toBe(socket.ws.OPEN);
      socket.ws.close();
    } finally {
      spy.mockRestore();
    }
  });

  it("cuts a signed-in socket that stops answering pings", async () => {
    const app = await createChatApp(t);
    const lee = await app.user("lee");
    const silent = new WebSocket(wsUrl, { autoPong: false });
    const pings: number[] = [];
    silent.on("ping", () => pings.push(Date.now()));
    const closed = new Promise<number>((resolve) => silent.on("close", (code) => resolve(code)));
    await new Promise((resolve) => silent.once("open", resolve));
    silent.send(JSON.stringify({ type: "auth", token: lee.sessionToken }));
    await new Promise((resolve) => silent.once("message", resolve));
    // Cut with no close frame (1006 on this side) at the round after the ping it did not answer.
    expect(await closed).toBe(1006);
    expect(pings.length).toBeGreaterThanOrEqual(1);
  });
});
