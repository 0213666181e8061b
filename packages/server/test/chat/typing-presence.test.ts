import {
  type TChatUser,
  type TMembersPage,
  type TServerFrame,
  type TTransientEvent,
  TYPING_EXPIRES_MS,
} from "@parley/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createChatApp } from "../factories";
import { listenForSockets, startTestApp, type TestApp } from "../harness";
import { until } from "../poll";
import { readySocketsAt, type Socket } from "../ws-client";

let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  wsUrl = await listenForSockets(t);
});
afterAll(() => t?.close());

const transients = (s: Socket, type: TTransientEvent["type"]) =>
  s.frames.flatMap((f) => (f.type === "transient" && f.event.type === type ? [f.event] : []));
const transient = (s: Socket, type: TTransientEvent["type"], match: (e: TTransientEvent) => boolean = () => true) =>
  s
    .next((f: TServerFrame) => f.type === "transient" && f.event.type === type && match(f.event))
    .then((f) => (f as { event: TTransientEvent }).event);

async function room() {
  const app = await createChatApp(t);
  const [kim, lee, park] = await Promise.all(["kim", "lee", "park"].map((id) => app.user(id)));
  if (!kim || !lee || !park) throw new Error("users");
  const { channel } = (await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Room" })).body;
  await lee.api.post(`/channels/${channel.id}/join`);
  return { app, kim, lee, park, id: channel.id };
}

/** The room with Kim and Lee each signed in on a socket. */
async function roomOnline() {
  const { kim, lee, id } = await room();
  const [kimSocket, leeSocket] = await readySocketsAt(wsUrl, { token: kim.sessionToken }, { token: lee.sessionToken });
  return { id, kimSocket, leeSocket };
}

describe("typing", () => {
  it("tells the other members that a user is typing, once per announce period, and that they stopped", async () => {
    const { id, kimSocket, leeSocket } = await roomOnline();
    kimSocket.send({ type: "typing", channelId: id, state: "start" });
    kimSocket.send({ type: "typing", channelId: id, state: "start" });
    const started = await transient(leeSocket, "typing.started");
    expect(started).toMatchObject({ channelId: id, userId: "kim" });
    kimSocket.send({ type: "typing", channelId: id, state: "stop" });
    await transient(leeSocket, "typing.stopped");
    await kimSocket.caughtUp();
    await leeSocket.caughtUp();
    // The repeated start within the announce period was not announced again, and the typist hears nothing.
    expect(transients(leeSocket, "typing.started")).toHaveLength(1);
    expect(kimSocket.frames.filter((f) => f.type === "transient")).toEqual([]);
    kimSocket.ws.close();
    leeSocket.ws.close();
  });

  it("applies a user's typing frames in the order they came, even when the earlier one took longer to judge", async () => {
    const { id, kimSocket, leeSocket } = await roomOnline();
    kimSocket.send({ type: "typing", channelId: id, state: "start" });
    await transient(leeSocket, "typing.started");
    // Kim sends a message (a stop) and types on (a start). The stop's judgement reads the permission matrices
    // afresh, which another request's fresher read can overtake: here it is held until the start was judged.
    const { permissions } = t.services;
    const typesWithout = permissions.typesWithout.bind(permissions);
    let releaseStop = () => {};
    const stopHeld = new Promise<void>((resolve) => {
      releaseStop = resolve;
    });
    const judging = vi.spyOn(permissions, "typesWithout").mockImplementationOnce(async (...args) => {
      await stopHeld;
      return typesWithout(...args);
    });
    try {
      kimSocket.send({ type: "typing", channelId: id, state: "stop" });
      kimSocket.send({ type: "typing", channelId: id, state: "start" });
      await until(() => judging.mock.settledResults[1]?.type === "fulfilled", "the start's judgement");
      releaseStop();
      // Kim is still typing: Lee heard the stop, then the start again, and the start is the last word.
      await transient(leeSocket, "typing.stopped");
      await until(() => transients(leeSocket, "typing.started").length === 2, "the second typing.started");
      await leeSocket.caughtUp();
      const heard = leeSocket.frames.flatMap((f) => (f.type === "transient" ? [f.event.type] : []));
      expect(heard).toEqual(["typing.started", "typing.stopped", "typing.started"]);
    } finally {
      judging.mockRestore();
      kimSocket.ws.close();
      leeSocket.ws.close();
    }
  });

  it("stops a user's typing when their socket closes", async () => {
    const { id, kimSocket, leeSocket } = await roomOnline();
    kimSocket.send({ type: "typing", channelId: id, state: "start" });
    await transient(leeSocket, "typing.started");
    kimSocket.ws.close();
    expect(await transient(leeSocket, "typing.stopped")).toMatchObject({ channelId: id, userId: "kim" });
    leeSocket.ws.close();
  });

  it("refuses typing in a channel the user is not in with 3020, and keeps the socket", async () => {
    const { park, id } = await room();
    const [parkSocket] = await readySocketsAt(wsUrl, { token: park.sessionToken });
    parkSocket.send({ type: "typing", channelId: id, state: "start" });
    const refused = await parkSocket.next((f) => f.type === "error");
    expect(refused).toMatchObject({ code: "3020", frame: "typing" });
    await parkSocket.caughtUp();
    expect(parkSocket.ws.readyState).toBe(parkSocket.ws.OPEN);
    parkSocket.ws.close();
  });

  describe("with the server's timers moved by the test", () => {
    afterEach(() => {
      // Timers the server set meanwhile (a job worker's next poll) run now instead of being lost with the fake clock.
      vi.runOnlyPendingTimers();
      vi.useRealTimers();
    });

    it(`announces typing.stopped ${TYPING_EXPIRES_MS / 1000} s after a start that was neither refreshed nor stopped, and not before`, async () => {
      const { id, kimSocket, leeSocket } = await roomOnline();
      // The expiry is a timer of the server, which runs in this process: the test moves the timers, while sockets
      // and the database stay on real I/O. The gateway's write window is a timer too, so frames leave only as the
      // timers move.
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      kimSocket.send({ type: "typing", channelId: id, state: "start" });
      // Kim's pong comes after the server handled the start: its expiry counts from the fake clock's now.
      await kimSocket.caughtUp();
      await vi.advanceTimersByTimeAsync(TYPING_EXPIRES_MS - 1);
      await leeSocket.caughtUp();
      expect(transients(leeSocket, "typing.started")).toMatchObject([{ channelId: id, userId: "kim" }]);
      expect(transients(leeSocket, "typing.stopped")).toEqual([]);

      await vi.advanceTimersByTimeAsync(1 + t.ctx.config.wsWriteWindowMs);
      await leeSocket.caughtUp();
      expect(transients(leeSocket, "typing.stopped")).toMatchObject([{ channelId: id, userId: "kim" }]);
      // Kim's socket stayed open all along: the stop is the expiry's, not a close's.
      expect(kimSocket.ws.readyState).toBe(kimSocket.ws.OPEN);
      kimSocket.ws.close();
      leeSocket.ws.close();
    });
  });

  it("refuses a typing frame without a channel id with 300", async () => {
    const { kim } = await room();
    const [kimSocket] = await readySocketsAt(wsUrl, { token: kim.sessionToken });
    kimSocket.send({ type: "typing", state: "start" });
    expect(await kimSocket.next((f) => f.type === "error")).toMatchObject({ code: "300" });
  });
});

describe("presence", () => {
  it("answers the followed users' state at once, then each going online and offline with the last seen time", async () => {
    const { kim, lee } = await room();
    const [leeSocket] = await readySocketsAt(wsUrl, { token: lee.sessionToken });
    leeSocket.send({ type: "presence.subscribe", userIds: ["kim", "nobody"] });
    expect(await transient(leeSocket, "user.presence")).toMatchObject({ userId: "kim", isOnline: false });
    const [kimSocket] = await readySocketsAt(wsUrl, { token: kim.sessionToken });
    await transient(leeSocket, "user.presence", (e) => e.type === "user.presence" && e.isOnline);
    kimSocket.ws.close();
    const offline = await transient(
      leeSocket,
      "user.presence",
      (e) => e.type === "user.presence" && !e.isOnline && transients(leeSocket, "user.presence").length > 2,
    );
    expect(offline).toMatchObject({ userId: "kim", isOnline: false });
    const seen = (await kim.api.get<{ user: TChatUser }>("/users/kim")).body.user.lastSeenAt;
    expect(offline.type === "user.presence" && offline.lastSeenAt).toBe(seen);
    leeSocket.ws.close();
  });

  it("gives isOnline on a user and on a channel's members while they hold a socket", async () => {
    const { kim, lee, id } = await room();
    const online = async () => (await lee.api.get<{ user: TChatUser }>("/users/kim")).body.user.isOnline;
    const members = async () =>
      (await lee.api.get<TMembersPage>(`/channels/${id}/members`)).body.members
        .map((m) => [m.userId, m.isOnline])
        .sort();
    expect(await online()).toBe(false);
    const [kimSocket] = await readySocketsAt(wsUrl, { token: kim.sessionToken });
    expect(await online()).toBe(true);
    expect(await members()).toEqual([
      ["kim", true],
      ["lee", false],
    ]);
    kimSocket.ws.close();
    await kimSocket.closed;
    await expect.poll(online).toBe(false);
  });

  it("refuses following more than 100 users with 300", async () => {
    const { lee } = await room();
    const [leeSocket] = await readySocketsAt(wsUrl, { token: lee.sessionToken });
    leeSocket.send({ type: "presence.subscribe", userIds: Array.from({ length: 101 }, (_, i) => `u${i}`) });
    expect(await leeSocket.next((f) => f.type === "error")).toMatchObject({ code: "300" });
  });
});
