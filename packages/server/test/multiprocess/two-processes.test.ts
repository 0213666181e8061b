import type { TServerFrame, TTransientEvent } from "@parley/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import {
  appWithKey,
  call,
  chatSession,
  listenForMessages,
  mailsTo,
  PORTS,
  queueIdle,
  type ScratchDatabase,
  signedInAccount,
  signUp,
  startTwoProcesses,
  type TwoProcesses,
  testRedisUrl,
  verificationCode,
  waitFor,
} from "./support";

const redisUrl = testRedisUrl();
let two: TwoProcesses | undefined;
let db: ScratchDatabase;
let dataDir: string;
let urls: string[] = [];

beforeAll(async () => {
  two = await startTwoProcesses({ prefix: "parley-mp", ports: PORTS.twoProcesses, redisUrl });
  ({ db, dataDir, urls } = two);
});

afterAll(async () => {
  await two?.stop();
});

describe("two server processes sharing PostgreSQL and Redis", () => {
  it("delivers a message sent through one process to a socket held by the other", async () => {
    const [a, b] = urls as [string, string];
    const { sessionToken } = await signedInAccount(dataDir, [a, b, b], `mp.${Date.now()}@example.com`);
    const { appId, secret } = await appWithKey([a, b], sessionToken);
    const kim = await chatSession(a, appId, secret, "kim");
    const lee = await chatSession(b, appId, secret, "lee");
    const { channel } = await call<{ channel: { id: string } }>(
      a,
      "POST",
      "/v1/channels",
      { name: "Across", userIds: ["lee"] },
      kim,
    );

    const ws = new WebSocket(`${b.replace("http", "ws")}/v1/ws`);
    const received = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no event on the other process")), 15_000);
      ws.on("message", (raw) => {
        const frame = JSON.parse(raw.toString());
        if (frame.type === "ready") {
          void call(a, "POST", `/v1/channels/${channel.id}/messages`, { text: "from process A" }, kim);
        }
        if (frame.type === "event" && frame.event.type === "message.created") {
          clearTimeout(timer);
          resolve(frame.event.message.text);
        }
      });
    });
    ws.on("open", () => ws.send(JSON.stringify({ type: "auth", token: lee })));
    expect(await received).toBe("from process A");
    ws.close();
  });

  it("rings a callee and relays call signals between sockets held by different processes", async () => {
    const [a, b] = urls as [string, string];
    const { sessionToken } = await signedInAccount(dataDir, a);
    const { appId, secret } = await appWithKey(a, sessionToken);
    const kim = await chatSession(a, appId, secret, "kim");
    const lee = await chatSession(b, appId, secret, "lee");
    /** A socket on `base` that resolves each frame type's first arrival. */
    const socket = async (base: string, token: string) => {
      const ws = new WebSocket(`${base.replace("http", "ws")}/v1/ws`);
      const frames: TServerFrame[] = [];
      ws.on("message", (raw) => frames.push(JSON.parse(raw.toString()) as TServerFrame));
      await new Promise((resolve) => ws.on("open", resolve));
      ws.send(JSON.stringify({ type: "auth", token }));
      const next = (match: (f: TServerFrame) => boolean) =>
        waitFor("a frame", async () => frames.find(match), { timeoutMs: 15_000 });
      await next((f) => f.type === "ready");
      return { ws, next, send: (f: unknown) => ws.send(JSON.stringify(f)) };
    };
    const kimSocket = await socket(a, kim);
    const leeSocket = await socket(b, lee);
    const { call: started } = await call<{ call: { id: string } }>(
      a,
      "POST",
      "/v1/calls",
      { calleeId: "lee", kind: "video" },
      kim,
    );
    await leeSocket.next((f) => f.type === "call" && f.event.type === "call.ringing");
    kimSocket.send({ type: "call.signal", callId: started.id, data: { sdp: "offer" } });
    expect(await leeSocket.next((f) => f.type === "call.signal")).toMatchObject({
      fromUserId: "kim",
      data: { sdp: "offer" },
    });
    await call(b, "POST", `/v1/calls/${started.id}/accept`, {}, lee);
    await kimSocket.next((f) => f.type === "call" && f.event.type === "call.accepted");
    leeSocket.send({ type: "call.signal", callId: started.id, data: { sdp: "answer" } });
    expect(await kimSocket.next((f) => f.type === "call.signal")).toMatchObject({ fromUserId: "lee" });
    // Ended on the caller's process: the callee's process, which relayed the call's signals, hears it on the bus
    // and refuses the next one.
    await call(a, "POST", `/v1/calls/${started.id}/end`, {}, kim);
    await leeSocket.next((f) => f.type === "call" && f.event.type === "call.ended");
    leeSocket.send({ type: "call.signal", callId: started.id, data: { candidate: "late" } });
    expect(await leeSocket.next((f) => f.type === "error")).toMatchObject({ code: "3095", frame: "call.signal" });
    kimSocket.ws.close();
    leeSocket.ws.close();
  });

  it("places a super group's members once across processes, and keeps a subchannel's messages within it", async () => {
    const [a, b] = urls as [string, string];
    const { sessionToken } = await signedInAccount(dataDir, a);
    const { appId, secret } = await appWithKey(a, sessionToken);
    const { channel } = await call<{ channel: { id: string } }>(
      a,
      "POST",
      "/v1/channels",
      { name: "Stadium", type: "supergroup" },
      secret,
    );
    // The API keeps subchannels at 500 to 3,000 members; three to a subchannel lets nine users fill them.
    await db.sql("update channels set subchannel_enabled = true, subchannel_max = 3 where id = $1", [channel.id]);
    const userIds = Array.from({ length: 9 }, (_, i) => `fan${i}`);
    const tokens = await Promise.all(userIds.map((id, i) => chatSession(i % 2 ? b : a, appId, secret, id)));
    // All at once, half through each process: placement must not let two joins take one last place.
    await Promise.all(
      tokens.map((token, i) => call(i % 2 ? a : b, "POST", `/v1/channels/${channel.id}/join`, {}, token)),
    );
    const placed = await Promise.all(
      tokens.map((token) =>
        call<{ mine: number; subchannels: { number: number; memberCount: number }[] }>(
          a,
          "GET",
          `/v1/channels/${channel.id}/subchannels`,
          undefined,
          token,
        ),
      ),
    );
    expect(placed[0]?.subchannels).toEqual([
      { number: 1, memberCount: 3 },
      { number: 2, memberCount: 3 },
      { number: 3, memberCount: 3 },
    ]);
    const byRoom = new Map<number, string[]>();
    for (const [i, { mine }] of placed.entries()) byRoom.set(mine, [...(byRoom.get(mine) ?? []), tokens[i] as string]);
    expect([...byRoom.values()].map((room) => room.length)).toEqual([3, 3, 3]);

    const [sender, roommate] = byRoom.get(1) as [string, string];
    const [stranger] = byRoom.get(2) as [string];
    const near = await listenForMessages(b, roommate);
    const far = await listenForMessages(b, stranger);
    await call(a, "POST", `/v1/channels/${channel.id}/messages`, { text: "room one only" }, sender);
    await call(a, "POST", `/v1/channels/${channel.id}/messages`, { text: "everyone" }, secret);
    await waitFor("the stranger hears the app's message", async () =>
      far.texts.includes("everyone") ? true : undefined,
    );
    await waitFor("the roommate hears both", async () => (near.texts.length === 2 ? true : undefined));
    expect(near.texts).toEqual(["room one only", "everyone"]);
    expect(far.texts).toEqual(["everyone"]);
    near.socket.close();
    far.socket.close();
  });

  it("moves the sockets of a merged subchannel on both processes into the subchannel it merged into", async () => {
    const [a, b] = urls as [string, string];
    const { sessionToken } = await signedInAccount(dataDir, a);
    const { appId, secret } = await appWithKey(a, sessionToken);
    const { channel } = await call<{ channel: { id: string } }>(
      a,
      "POST",
      "/v1/channels",
      { name: "Arena", type: "supergroup" },
      secret,
    );
    await db.sql(
      `update channels set subchannel_enabled = true, subchannel_min = 3, subchannel_max = 5,
         subchannel_merge_minutes = 30 where id = $1`,
      [channel.id],
    );
    const join = async (userId: string) => {
      const token = await chatSession(a, appId, secret, userId);
      await call(b, "POST", `/v1/channels/${channel.id}/join`, {}, token);
      return token;
    };
    // One by one, so the first five fill subchannel 1 and the last two open subchannel 2.
    const tokens: Record<string, string> = {};
    for (const userId of ["a1", "a2", "a3", "a4", "a5", "b1", "b2"]) tokens[userId] = await join(userId);
    for (const userId of ["a2", "a3"]) await call(a, "POST", `/v1/channels/${channel.id}/leave`, {}, tokens[userId]);
    // Subchannel 2, two members under a minimum of three, has been so for longer than the merge time.
    await db.sql(
      `update channel_subchannels set below_min_since = now() - interval '31 minutes'
        where channel_id = $1 and number = 2`,
      [channel.id],
    );
    const speaker = await listenForMessages(b, tokens.a1 as string);
    const onA = await listenForMessages(a, tokens.b1 as string);
    const onB = await listenForMessages(b, tokens.b2 as string);
    await call(a, "POST", `/v1/channels/${channel.id}/messages`, { text: "before the merge" }, tokens.a1);
    await waitFor("the speaker hears their own message", async () =>
      speaker.texts.includes("before the merge") ? true : undefined,
    );

    // The merge job, queued as the schedule queues it; whichever process takes it, both move their sockets.
    await db.sql("insert into jobs (name, data, retry_limit) values ('channels.merge-subchannels', '{}'::jsonb, 0)");
    await db.sql("select pg_notify('parley_jobs', 'channels.merge-subchannels')");
    await waitFor("subchannel 2 merged into 1", async () => {
      const rows = await db.sql<{ number: number }>(
        "select number from channel_subchannels where channel_id = $1 order by number",
        [channel.id],
      );
      return rows.length === 1 && rows[0]?.number === 1 ? true : undefined;
    });
    // Sent until heard: the merge's event reaches each process a moment after the database has it. Each attempt
    // is checked once the speaker has its own copy, so the message has been fanned out.
    let attempt = 0;
    await waitFor("both former members of subchannel 2 hear subchannel 1", async () => {
      attempt += 1;
      const text = `after the merge ${attempt}`;
      await call(a, "POST", `/v1/channels/${channel.id}/messages`, { text }, tokens.a1);
      await waitFor("the speaker hears it", async () => (speaker.texts.includes(text) ? true : undefined));
      return onA.texts.some((t) => t.startsWith("after the merge")) &&
        onB.texts.some((t) => t.startsWith("after the merge"))
        ? true
        : undefined;
    });
    expect(onA.texts).not.toContain("before the merge");
    expect(onB.texts).not.toContain("before the merge");
    for (const listener of [speaker, onA, onB]) listener.socket.close();
  });

  it("tells a member on the other process that a user came online, is typing, stopped and went offline", async () => {
    const [a, b] = urls as [string, string];
    const { sessionToken } = await signedInAccount(dataDir, a);
    const { appId, secret } = await appWithKey(a, sessionToken);
    const kim = await chatSession(a, appId, secret, "kim");
    const lee = await chatSession(b, appId, secret, "lee");
    const { channel } = await call<{ channel: { id: string } }>(
      a,
      "POST",
      "/v1/channels",
      { name: "Across", userIds: ["lee"] },
      kim,
    );
    const heard: TTransientEvent[] = [];
    const open = (base: string, token: string) =>
      new Promise<WebSocket>((resolve) => {
        const ws = new WebSocket(`${base.replace("http", "ws")}/v1/ws`);
        ws.on("message", (raw) => {
          const frame = JSON.parse(raw.toString()) as TServerFrame;
          if (frame.type === "ready") resolve(ws);
          if (frame.type === "transient" && base === b) heard.push(frame.event);
        });
        ws.on("open", () => ws.send(JSON.stringify({ type: "auth", token })));
      });
    const leeSocket = await open(b, lee);
    leeSocket.send(JSON.stringify({ type: "presence.subscribe", userIds: ["kim"] }));
    await waitFor("kim's state", async () => (heard.length === 1 ? true : undefined));
    const kimSocket = await open(a, kim);
    const isOnline = (e: TTransientEvent) => (e.type === "user.presence" ? e.isOnline : undefined);
    await waitFor("kim online", async () => (heard.some((e) => isOnline(e) === true) ? true : undefined));
    kimSocket.send(JSON.stringify({ type: "typing", channelId: channel.id, state: "start" }));
    await waitFor("kim typing", async () => (heard.some((e) => e.type === "typing.started") ? true : undefined));
    kimSocket.send(JSON.stringify({ type: "typing", channelId: channel.id, state: "stop" }));
    kimSocket.close();
    await waitFor("kim offline", async () =>
      heard.filter((e) => isOnline(e) === false).length === 2 ? true : undefined,
    );
    expect(heard.map((e) => [e.type, e.userId, isOnline(e)])).toEqual([
      ["user.presence", "kim", false],
      ["user.presence", "kim", true],
      ["typing.started", "kim", undefined],
      ["typing.stopped", "kim", undefined],
      ["user.presence", "kim", false],
    ]);
    leeSocket.close();
  });

  it("brings a reaction, a reply and an edit made through one process to a member on the other", async () => {
    const [a, b] = urls as [string, string];
    const { sessionToken } = await signedInAccount(dataDir, a);
    const { appId, secret } = await appWithKey(a, sessionToken);
    const kim = await chatSession(a, appId, secret, "kim");
    const lee = await chatSession(b, appId, secret, "lee");
    const { channel } = await call<{ channel: { id: string } }>(
      a,
      "POST",
      "/v1/channels",
      { name: "Across", userIds: ["lee"] },
      kim,
    );
    const messages = `/v1/channels/${channel.id}/messages`;
    const { message } = await call<{ message: { id: string } }>(a, "POST", messages, { text: "lunch?" }, kim);
    const heard: string[] = [];
    const ws = new WebSocket(`${b.replace("http", "ws")}/v1/ws`);
    await new Promise<void>((resolve) => {
      ws.on("message", (raw) => {
        const frame = JSON.parse(raw.toString()) as TServerFrame;
        if (frame.type === "ready") resolve();
        if (frame.type === "event") heard.push(frame.event.type);
      });
      ws.on("open", () => ws.send(JSON.stringify({ type: "auth", token: lee })));
    });
    await call(a, "POST", `${messages}/${message.id}/reactions`, { reaction: "👍" }, kim);
    await call(a, "POST", messages, { text: "noon", parentMessageId: message.id }, kim);
    await call(a, "PATCH", `${messages}/${message.id}`, { text: "lunch at noon?" }, kim);
    await waitFor("the edit on the other process", async () => (heard.includes("message.updated") ? true : undefined));
    const changes = ["reaction.added", "thread.updated", "message.updated"];
    expect(heard.filter((type) => changes.includes(type))).toEqual([
      "reaction.added",
      "thread.updated",
      "message.updated",
    ]);
    ws.close();
  });

  it("runs each queued job once: one verification mail per signup across both processes", async () => {
    const [a] = urls as [string, string];
    const email = `once.${Date.now()}@example.com`;
    await signUp(a, email, "ko");
    await verificationCode(dataDir, email);
    // Every mail job has run to its end: a second process that had taken the same job would have sent a duplicate.
    await queueIdle(db, "mail.send");
    const rows = await db.sql<{ n: number }>("select count(*)::int as n from sent_mail where recipient = $1", [email]);
    expect(rows[0]?.n).toBe(1);
    expect(await mailsTo(dataDir, email)).toHaveLength(1);
  });
});
