import type { TChatEvent, TServerFrame } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { chatApp } from "./chat-client";
import { startTestApp, type TestApp } from "./harness";

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.server.listen({ port: 0, host: "127.0.0.1" });
  const address = t.server.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  wsUrl = `ws://127.0.0.1:${address.port}/v1/ws`;
});
afterAll(() => t?.close());

/** A socket that collects frames and can wait for one that matches. */
async function socket(auth: Record<string, unknown>) {
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
  return { ws, frames, next, event, closed, send: (f: unknown) => ws.send(JSON.stringify(f)) };
}

describe("WebSocket gateway", () => {
  it("delivers a member's message to the other members' sockets, and not to strangers", async () => {
    const app = await chatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const park = await app.user("park");
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room", userIds: ["lee"] })
    ).body;
    const leeSocket = await socket({ token: lee.sessionToken });
    const parkSocket = await socket({ token: park.sessionToken });
    await leeSocket.next((f) => f.type === "ready");
    await parkSocket.next((f) => f.type === "ready");
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "hi lee" });
    const event = await leeSocket.event("message.created");
    expect(event.message).toMatchObject({ text: "hi lee", sender: { userId: "kim" } });
    await expect(parkSocket.event("message.created", () => true, 500)).rejects.toThrow();
    leeSocket.ws.close();
    parkSocket.ws.close();
  });

  it("starts delivering a channel's events once the user joins, and stops after a ban", async () => {
    const app = await chatApp(t);
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Open" })).body;
    const s = await socket({ token: lee.sessionToken });
    await s.next((f) => f.type === "ready");
    await lee.api.post(`/channels/${channel.id}/join`);
    await s.event("member.joined", (e) => e.userId === "lee");
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "welcome" });
    await s.event("message.created", (e) => e.message?.text === "welcome");
    await kim.api.post(`/channels/${channel.id}/members/lee/ban`);
    await s.event("member.banned", (e) => e.userId === "lee");
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "after ban" });
    await expect(s.event("message.created", (e) => e.message?.text === "after ban", 500)).rejects.toThrow();
    s.ws.close();
  });

  it("lets the dashboard watch a channel of its app with its own session", async () => {
    const app = await chatApp(t);
    const kim = await app.user("kim");
    const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Watched" })).body;
    const dashboard = await socket({ token: app.owner.token, appId: app.appId });
    expect(await dashboard.next((f) => f.type === "ready")).toMatchObject({ type: "ready", user: null });
    dashboard.send({ type: "subscribe", channelId: channel.id });
    await new Promise((r) => setTimeout(r, 100));
    await kim.api.post(`/channels/${channel.id}/messages`, { text: "seen by the console" });
    expect((await dashboard.event("message.created")).message?.text).toBe("seen by the console");
    dashboard.ws.close();
  });

  it("refuses another account's dashboard session for an app (3003)", async () => {
    const app = await chatApp(t);
    const other = await chatApp(t);
    const s = await socket({ token: other.owner.token, appId: app.appId });
    expect(await s.next((f) => f.type === "error")).toMatchObject({ code: "3003" });
    expect(await s.closed).toBe(4001);
  });

  it("closes a socket that sends a bad token", async () => {
    const s = await socket({ token: "pcs_forged" });
    expect(await s.next((f) => f.type === "error")).toMatchObject({ type: "error", code: "3028" });
    expect(await s.closed).toBe(4001);
  });

  it("answers ping with pong", async () => {
    const app = await chatApp(t);
    const kim = await app.user("kim");
    const s = await socket({ token: kim.sessionToken });
    await s.next((f) => f.type === "ready");
    s.send({ type: "ping" });
    await s.next((f) => f.type === "pong");
    s.ws.close();
  });
});
