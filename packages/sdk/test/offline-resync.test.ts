import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { ParleyClient, ResyncRequired } from "../src";
import { memoryStorage, offline } from "../src/offline";
import { record, sdkApp, startServer, type TestServer, waitFor } from "./helpers";

// Events are kept one day here, so moving the server's clock two days on and pruning leaves a stored cursor behind.
let t: TestServer;
let baseUrl: string;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  ({ t, baseUrl } = await startServer({ env: { EVENT_RETENTION_DAYS: "1" } }));
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await testing("clock", "PUT", { now: null });
});
afterAll(() => t?.close());

async function testing(path: string, method: "PUT" | "POST", body: unknown = {}) {
  const response = await fetch(`${baseUrl}/api/testing/${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

describe("a cursor older than the server keeps events", () => {
  it("resyncs the copy: the client hears resync.required, goes on live, and the copy holds what came while away", async () => {
    const a = await sdkApp(t, baseUrl);
    cleanups.push(a.cleanup);
    const lee = await a.user("lee");
    const kim = a.client({ offline: offline({ storage: memoryStorage() }) });
    await a.server("POST", "/users", { userId: "kim", nickname: "KIM" });
    const { token } = await a.server<{ token: string }>("POST", "/users/kim/token", {});
    await kim.loginWithToken("kim", token);
    const channel = await lee.channels.create({ name: "Room" });
    await lee.messages.send(channel.id, "before");
    await a.server("POST", `/channels/${channel.id}/members`, { userIds: ["kim"] });
    const store = kim.offline;
    if (!store) throw new Error("offline expected");
    await kim.connect();
    await store.refreshMessages(channel.id);
    kim.disconnect();

    await lee.messages.send(channel.id, "while away");
    const { retentionSeconds } = await lee.events.since("0");
    expect(retentionSeconds).toBe(86_400);
    await testing("clock", "PUT", { now: new Date(Date.now() + 2 * 86_400_000).toISOString() });
    await testing("jobs/events.prune", "POST");

    const resyncs: ResyncRequired[] = [];
    kim.on("resync.required", (event) => resyncs.push(event));
    const log = record(kim);
    await kim.connect();
    expect(resyncs).toHaveLength(1);
    expect(resyncs[0]?.lastEventId).toMatch(/^\d+$/);
    await waitFor("the copy to load again", () => store.messages(channel.id).data.some((m) => m.text === "while away"));
    expect(store.messages(channel.id).data.map((m) => m.text)).toEqual(["before", "while away"]);

    await lee.messages.send(channel.id, "after");
    await waitFor("the live message", () => log.messages.some((m) => m.text === "after"));
    expect(kim.lastEventId).not.toBe(resyncs[0]?.lastEventId);
  });

  it("without the offline layer still continues live after telling the app to load again", async () => {
    const a = await sdkApp(t, baseUrl);
    cleanups.push(a.cleanup);
    const lee = await a.user("lee");
    const kim: ParleyClient = await a.user("kim", { WebSocket });
    const channel = await lee.channels.create({ name: "Room" });
    await kim.channels.join(channel.id);
    await kim.connect();
    kim.disconnect();
    await lee.messages.send(channel.id, "while away");
    // Past the events the test before wrote at its moved clock too: the prune walks ids in time order.
    await testing("clock", "PUT", { now: new Date(Date.now() + 4 * 86_400_000).toISOString() });
    await testing("jobs/events.prune", "POST");

    const resyncs: ResyncRequired[] = [];
    kim.on("resync.required", (event) => resyncs.push(event));
    await kim.connect();
    expect(resyncs).toHaveLength(1);
    const log = record(kim);
    await lee.messages.send(channel.id, "live again");
    await waitFor("the live message", () => log.messages.some((m) => m.text === "live again"));
  });
});
