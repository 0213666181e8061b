import { createHmac } from "node:crypto";
import {
  CALL_SIGNAL_DATA_MAX_BYTES,
  ICE_CREDENTIAL_TTL_SECONDS,
  type TCall,
  type TCallEvent,
  type TCallsPage,
  type TCallWebhookPayload,
  type TIceServersResponse,
  type TMessagesResponse,
  type TServerFrame,
} from "@parley/contract";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "../../factories";
import { ALLOW_LOOPBACK, listenForSockets, startTestApp, type TestApp } from "../../harness";
import { type FcmReceiver, LEGACY_SERVER_KEY, startFcmReceiver } from "../../push-fcm-receiver";
import { startReceiver } from "../../webhooks-receiver";
import { readySocketsAt, type Socket } from "../../ws-client";

const RING_SECONDS = 45;
let t: TestApp;
let wsUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  wsUrl = await listenForSockets(t);
});
afterAll(() => t?.close());

/** An app with three users; kim calls lee unless a test says otherwise. */
async function trio() {
  const app = await createChatApp(t);
  const kim = await app.user("kim");
  const lee = await app.user("lee");
  const park = await app.user("park");
  const start = (kind: "audio" | "video" = "audio", from = kim, to = "lee") =>
    from.api.post<{ call: TCall }>("/calls", { calleeId: to, kind });
  return { app, kim, lee, park, start };
}

const callEvent = (s: Socket, type: TCallEvent["type"]) =>
  s
    .next((f: TServerFrame) => f.type === "call" && f.event.type === type)
    .then((f) => (f as { event: TCallEvent }).event);

const runJob = async (name: string, payload: Record<string, unknown> = {}) => {
  const handler = t.jobHandlers.get(name);
  if (!handler) throw new Error(`no job ${name}`);
  await handler.handle(payload, { jobId: "test" });
};

describe("call lifecycle", () => {
  it("rings both parties' sockets, and accepting then ending records the duration and who ended it", async () => {
    const { kim, lee, start } = await trio();
    const [kimSocket, leeSocket] = await readySocketsAt(
      wsUrl,
      { token: kim.sessionToken },
      { token: lee.sessionToken },
    );
    const started = await start("video");
    expect(started.status).toBe(200);
    const call = started.body.call;
    expect(call).toMatchObject({ kind: "video", state: "ringing", callerId: "kim", calleeId: "lee", acceptedAt: null });
    expect((await callEvent(leeSocket, "call.ringing")).call.id).toBe(call.id);
    expect((await callEvent(kimSocket, "call.ringing")).call.id).toBe(call.id);

    const accepted = await lee.api.post<{ call: TCall }>(`/calls/${call.id}/accept`);
    expect(accepted.body.call).toMatchObject({ state: "accepted" });
    await callEvent(kimSocket, "call.accepted");
    t.clock.advance(95_000);
    const ended = await kim.api.post<{ call: TCall }>(`/calls/${call.id}/end`);
    expect(ended.body.call).toMatchObject({ state: "ended", endReason: "hangup", endedBy: "kim", durationSeconds: 95 });
    expect((await callEvent(leeSocket, "call.ended")).call.durationSeconds).toBe(95);
    kimSocket.ws.close();
    leeSocket.ws.close();
  });

  it("counts an answered call's minutes, rounded up, on the day it ended, and none for a call never answered", async () => {
    const { app, kim, lee, start } = await trio();
    const day = () => t.clock.now().toISOString().slice(0, 10);
    const minutes = async () => {
      const [row] = await t.services.metrics.daily(app.appId, day(), "9999-12-31");
      return row?.callMinutes ?? 0;
    };
    const talked = (await start()).body.call;
    await lee.api.post(`/calls/${talked.id}/accept`);
    t.clock.advance(61_000);
    await lee.api.post(`/calls/${talked.id}/end`);
    expect(await minutes()).toBe(2);
    const declined = (await start()).body.call;
    await lee.api.post(`/calls/${declined.id}/decline`);
    const cancelled = (await start()).body.call;
    await kim.api.post(`/calls/${cancelled.id}/cancel`);
    expect(await minutes()).toBe(2);
  });

  it("lets the callee decline and the caller cancel a ringing call", async () => {
    const { kim, lee, start } = await trio();
    const first = (await start()).body.call;
    expect((await lee.api.post<{ call: TCall }>(`/calls/${first.id}/decline`)).body.call).toMatchObject({
      state: "declined",
      endReason: "declined",
      endedBy: "lee",
      durationSeconds: null,
    });
    const second = (await start()).body.call;
    expect((await kim.api.post<{ call: TCall }>(`/calls/${second.id}/cancel`)).body.call).toMatchObject({
      state: "cancelled",
      endReason: "cancelled",
      endedBy: "kim",
    });
  });

  it("ends a ringing call as failed when a party reports a failure", async () => {
    const { lee, start } = await trio();
    const call = (await start()).body.call;
    const failed = await lee.api.post<{ call: TCall }>(`/calls/${call.id}/end`, { reason: "failed" });
    expect(failed.body.call).toMatchObject({ state: "failed", endReason: "failed", endedBy: "lee" });
  });

  it("refuses moves the table does not allow with 3095 and moves by the wrong party with 3096", async () => {
    const { kim, lee, start } = await trio();
    const call = (await start()).body.call;
    const kimAccepts = await kim.api.post(`/calls/${call.id}/accept`);
    expect([kimAccepts.status, kimAccepts.body.code]).toEqual([403, "3096"]);
    expect((await kim.api.post(`/calls/${call.id}/decline`)).body.code).toBe("3096");
    expect((await lee.api.post(`/calls/${call.id}/cancel`)).body.code).toBe("3096");
    const early = await kim.api.post(`/calls/${call.id}/end`);
    expect([early.status, early.body.code]).toEqual([409, "3095"]);
    await lee.api.post(`/calls/${call.id}/accept`);
    expect((await lee.api.post(`/calls/${call.id}/accept`)).body.code).toBe("3095");
    expect((await kim.api.post(`/calls/${call.id}/cancel`)).body.code).toBe("3095");
    await lee.api.post(`/calls/${call.id}/end`);
    expect((await kim.api.post(`/calls/${call.id}/end`)).body.code).toBe("3095");
  });

  it("answers 3090 to a user who is not a party of the call", async () => {
    const { park, start } = await trio();
    const call = (await start()).body.call;
    for (const res of [
      await park.api.get(`/calls/${call.id}`),
      await park.api.post(`/calls/${call.id}/accept`),
      await park.api.post(`/calls/${call.id}/end`),
    ]) {
      expect([res.status, res.body.code]).toEqual([404, "3090"]);
    }
  });
});

describe("call refusals", () => {
  it("refuses a second active call of either party with code 3091, and frees them once the call ends", async () => {
    const { kim, lee, park, start } = await trio();
    const call = (await start()).body.call;
    const callerBusy = await start("audio", kim, "park");
    expect([callerBusy.status, callerBusy.body.code]).toEqual([409, "3091"]);
    const calleeBusy = await start("audio", park, "lee");
    expect(calleeBusy.body.code).toBe("3091");
    const calleeCallsOut = await start("audio", lee, "park");
    expect(calleeCallsOut.body.code).toBe("3091");
    await lee.api.post(`/calls/${call.id}/decline`);
    expect((await start("audio", park, "lee")).status).toBe(200);
  });

  it("lets only one of two calls started at once with a common party ring", async () => {
    const { kim, park, start } = await trio();
    const results = await Promise.all([start("audio", kim, "lee"), start("audio", park, "lee")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("refuses calling oneself (3092), a deactivated user (3094), a user who blocks the caller (3093) and a user of another app (3018)", async () => {
    const { app, kim, lee, start } = await trio();
    expect((await start("audio", kim, "kim")).body.code).toBe("3092");
    await lee.api.post("/me/blocks/kim");
    const blocked = await start();
    expect([blocked.status, blocked.body.code]).toEqual([403, "3093"]);
    await app.server.post("/users/park/deactivate");
    expect((await start("audio", kim, "park")).body.code).toBe("3094");
    const other = await createChatApp(t);
    await other.user("choi");
    expect((await start("audio", kim, "choi")).body.code).toBe("3018");
  });

  it("keeps an API key out of the call routes with 1023", async () => {
    const { app } = await trio();
    expect((await app.server.post("/calls", { calleeId: "lee", kind: "audio" })).body.code).toBe("1023");
  });
});

describe("missed calls", () => {
  it("misses a call unanswered for the ring time, tells both parties and frees them", async () => {
    const { kim, lee, start } = await trio();
    const [leeSocket] = await readySocketsAt(wsUrl, { token: lee.sessionToken });
    const call = (await start()).body.call;
    t.clock.advance((RING_SECONDS - 1) * 1000);
    await runJob("calls.ring-timeout", { callId: call.id });
    expect((await kim.api.get<{ call: TCall }>(`/calls/${call.id}`)).body.call.state).toBe("ringing");
    t.clock.advance(2000);
    await runJob("calls.sweep");
    const missed = (await kim.api.get<{ call: TCall }>(`/calls/${call.id}`)).body.call;
    expect(missed).toMatchObject({ state: "missed", endReason: "missed", endedBy: null });
    expect((await callEvent(leeSocket, "call.missed")).call.id).toBe(call.id);
    expect((await lee.api.post(`/calls/${call.id}/accept`)).body.code).toBe("3095");
    expect((await start()).status).toBe(200);
    leeSocket.ws.close();
  });

  it("ends an accepted call as failed (disconnected) once neither party holds a socket, and not while one does", async () => {
    const { kim, lee, park, start } = await trio();
    const [parkSocket] = await readySocketsAt(wsUrl, { token: park.sessionToken });
    const gone = (await start()).body.call;
    await lee.api.post(`/calls/${gone.id}/accept`);
    await runJob("calls.sweep");
    expect((await kim.api.get<{ call: TCall }>(`/calls/${gone.id}`)).body.call).toMatchObject({
      state: "failed",
      endReason: "disconnected",
      endedBy: null,
    });
    const again = (await start("audio", park, "lee")).body.call;
    await lee.api.post(`/calls/${again.id}/accept`);
    await runJob("calls.sweep");
    expect((await park.api.get<{ call: TCall }>(`/calls/${again.id}`)).body.call.state).toBe("accepted");
    parkSocket.ws.close();
  });

  it("leaves a missed-call message in the pair's distinct one-to-one channel, once", async () => {
    const { kim, lee, start } = await trio();
    const { channel } = (
      await kim.api.post<{ channel: { id: string } }>("/channels", { name: "Us", userIds: ["lee"], distinct: true })
    ).body;
    const call = (await start("video")).body.call;
    t.clock.advance((RING_SECONDS + 1) * 1000);
    await runJob("calls.ring-timeout", { callId: call.id });
    await runJob("calls.ring-timeout", { callId: call.id });
    const history = await lee.api.get<TMessagesResponse>(`/channels/${channel.id}/messages`);
    const notes = history.body.messages.filter((m) => m.customType === "call.missed");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "custom", text: "Missed video call", metadata: { callId: call.id } });
  });
});

describe("call signalling", () => {
  it("relays a signal to the other party only, naming the sender", async () => {
    const { kim, lee, park, start } = await trio();
    const [kimSocket, leeSocket, parkSocket] = await readySocketsAt(
      wsUrl,
      { token: kim.sessionToken },
      { token: lee.sessionToken },
      { token: park.sessionToken },
    );
    const call = (await start("video")).body.call;
    const offer = { sdp: { type: "offer", sdp: "v=0..." } };
    kimSocket.send({ type: "call.signal", callId: call.id, data: offer });
    const relayed = await leeSocket.next((f) => f.type === "call.signal");
    expect(relayed).toEqual({ type: "call.signal", callId: call.id, fromUserId: "kim", data: offer });
    leeSocket.send({ type: "call.signal", callId: call.id, data: { candidate: "candidate:1 1 udp 1 10.0.0.1 5000" } });
    expect(await kimSocket.next((f) => f.type === "call.signal")).toMatchObject({ fromUserId: "lee" });
    await kimSocket.caughtUp();
    await parkSocket.caughtUp();
    expect(parkSocket.frames.filter((f) => f.type === "call.signal" || f.type === "call")).toEqual([]);
    expect(kimSocket.frames.filter((f) => f.type === "call.signal")).toHaveLength(1);
    for (const s of [kimSocket, leeSocket, parkSocket]) s.ws.close();
  });

  it("refuses a signal from a non-party (3090), for an ended call (3095) or over the size limit (3097), keeping the socket open", async () => {
    const { kim, lee, park, start } = await trio();
    const [kimSocket, parkSocket] = await readySocketsAt(
      wsUrl,
      { token: kim.sessionToken },
      { token: park.sessionToken },
    );
    const call = (await start()).body.call;
    parkSocket.send({ type: "call.signal", callId: call.id, data: { x: 1 } });
    expect(await parkSocket.next((f) => f.type === "error")).toMatchObject({ code: "3090", frame: "call.signal" });
    kimSocket.send({ type: "call.signal", callId: call.id, data: { sdp: "x".repeat(CALL_SIGNAL_DATA_MAX_BYTES) } });
    expect(await kimSocket.next((f) => f.type === "error")).toMatchObject({ code: "3097", frame: "call.signal" });
    await lee.api.post(`/calls/${call.id}/decline`);
    kimSocket.send({ type: "call.signal", callId: call.id, data: { x: 1 } });
    expect(await kimSocket.next((f) => f.type === "error" && f.code === "3095")).toMatchObject({
      frame: "call.signal",
    });
    await kimSocket.caughtUp();
    expect(kimSocket.ws.readyState).toBe(kimSocket.ws.OPEN);
    kimSocket.ws.close();
    parkSocket.ws.close();
  });
});

describe("call history", () => {
  it("lists the user's own calls newest first by cursor, and not other users' calls", async () => {
    const { kim, lee, park, start } = await trio();
    const ids: string[] = [];
    for (const [from, to] of [
      [kim, "lee"],
      [park, "kim"],
      [lee, "park"],
    ] as const) {
      t.clock.advance(1000);
      const call = (await start("audio", from, to)).body.call;
      ids.push(call.id);
      await from.api.post(`/calls/${call.id}/cancel`);
    }
    const first = await kim.api.get<TCallsPage>("/calls?limit=1");
    expect(first.body.calls.map((c) => c.id)).toEqual([ids[1]]);
    const second = await kim.api.get<TCallsPage>(`/calls?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.calls.map((c) => c.id)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
  });
});

describe("ICE servers", () => {
  it("answers an empty list when the app configured none", async () => {
    const { kim } = await trio();
    expect((await kim.api.get<TIceServersResponse>("/calls/ice-servers")).body).toEqual({
      iceServers: [],
      ttlSeconds: ICE_CREDENTIAL_TTL_SECONDS,
    });
  });

  it("hands out TURN credentials that verify with HMAC-SHA1 of the secret and expire after the TTL, never the secret", async () => {
    const { app, kim } = await trio();
    const secret = "coturn-static-auth-secret";
    const saved = await t.server.inject({
      method: "PUT",
      url: `/api/apps/${app.appId}/calls/settings`,
      headers: app.dashboardAuth,
      payload: {
        stunUrls: ["stun:stun.example.com:3478"],
        turnUrls: ["turn:turn.example.com:3478?transport=udp"],
        turnSecret: secret,
      },
    });
    expect(saved.statusCode).toBe(200);
    const res = await kim.api.get<TIceServersResponse>("/calls/ice-servers");
    expect(JSON.stringify(res.body)).not.toContain(secret);
    const [stun, turn] = res.body.iceServers;
    expect(stun).toEqual({ urls: ["stun:stun.example.com:3478"] });
    const [expiry, userId] = (turn?.username ?? "").split(":");
    expect(userId).toBe("kim");
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect(Number(expiry)).toBe(now + ICE_CREDENTIAL_TTL_SECONDS);
    expect(turn?.credential).toBe(
      createHmac("sha1", secret)
        .update(turn?.username ?? "")
        .digest("base64"),
    );
  });
});

describe("plan rules", () => {
  it("refuses calls with 4000 once the app's service is stopped", async () => {
    const { kim } = await trio();
    // Past the 30-day trial with no paid plan, the chat API stops.
    t.clock.advance(40 * 24 * 3600 * 1000);
    const res = await kim.api.post("/calls", { calleeId: "lee", kind: "audio" });
    expect([res.status, res.body.code]).toEqual([402, "4000"]);
  });
});

describe("call push and webhooks", () => {
  let live: TestApp;
  let fcm: FcmReceiver;
  const hooks = startReceiver();

  beforeAll(async () => {
    fcm = await startFcmReceiver();
    live = await startTestApp({ env: { ...ALLOW_LOOPBACK, FCM_BASE_URL: fcm.url } });
  });
  afterAll(async () => {
    await live?.close();
    await fcm?.close();
    await (await hooks).close();
  });

  const dashboardPut = (
    app: Awaited<ReturnType<typeof createChatApp>>,
    path: string,
    payload: Record<string, unknown>,
  ) => live.server.inject({ method: "PUT", url: `/api/apps/${app.appId}${path}`, headers: app.dashboardAuth, payload });

  it("pushes call/incoming once to a callee with no socket open", async () => {
    const app = await createChatApp(live, { language: "en" });
    await dashboardPut(app, "/push/fcm/key", { kind: "legacy", serverKey: LEGACY_SERVER_KEY });
    await dashboardPut(app, "/push/enabled", { enabled: true });
    const kim = await app.user("kim", "Kim");
    const lee = await app.user("lee");
    const token = `call-device-${app.appId}`;
    await lee.api.post("/me/push-tokens", { token, platform: "android" });
    const call = (await kim.api.post<{ call: TCall }>("/calls", { calleeId: "lee", kind: "video" })).body.call;
    await live.jobsIdle();
    const handler = live.jobHandlers.get("calls.push-incoming");
    await handler?.handle({ callId: call.id }, { jobId: "again" });
    const pushes = fcm.pushesTo(token, "call.incoming");
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ body: "Incoming video call from Kim", data: { callId: call.id, kind: "video" } });
  });

  it("delivers call.started, call.ended with duration and reason, and call.missed, signed", async () => {
    const receiver = await hooks;
    const app = await createChatApp(live);
    const saved = await dashboardPut(app, "/webhook/settings", {
      url: receiver.url,
      events: ["call.started", "call.ended", "call.missed"],
    });
    const secret: string = saved.json().settings.secret;
    await dashboardPut(app, "/webhook/enabled", { enabled: true });
    const kim = await app.user("kim");
    const lee = await app.user("lee");
    const first = (await kim.api.post<{ call: TCall }>("/calls", { calleeId: "lee", kind: "audio" })).body.call;
    await lee.api.post(`/calls/${first.id}/accept`);
    live.clock.advance(30_000);
    await lee.api.post(`/calls/${first.id}/end`);
    const second = (await kim.api.post<{ call: TCall }>("/calls", { calleeId: "lee", kind: "audio" })).body.call;
    live.clock.advance((RING_SECONDS + 1) * 1000);
    await live.jobHandlers.get("calls.sweep")?.handle({}, { jobId: "test" });
    const requests = await receiver.waitFor(4);
    const payloads = requests.map((r) => new Webhook(secret).verify(r.body, r.headers) as TCallWebhookPayload);
    const order = (p: TCallWebhookPayload) => `${p.type} ${p.data.call.id === first.id ? 1 : 2}`;
    const summary = payloads
      .sort((a, b) => order(a).localeCompare(order(b)))
      .map((p) => [p.type, p.data.call.id, p.data.call.durationSeconds, p.data.call.endReason]);
    expect(summary).toEqual([
      ["call.ended", first.id, 30, "hangup"],
      ["call.missed", second.id, null, "missed"],
      ["call.started", first.id, null, null],
      ["call.started", second.id, null, null],
    ]);
  });
});
