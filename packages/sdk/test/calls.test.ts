import { describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { type Call, isParleyError, type ParleyClient, type ParleyClientOptions, type TCallState } from "../src";
import { CallPeer, type Signal } from "../src/call-peer";
import { useRooms, waitFor } from "./helpers";
import { LoopbackNetwork, type LoopbackPeerConnection } from "./loopback-webrtc";

const room = useRooms();

/**
 * WebSockets whose frames can be lost after they were sent, as when the server refuses a socket over the rate limit
 * (the frames after the one that tipped it over are not read) and then closes it.
 */
function lossySockets() {
  const open = new Set<WebSocket>();
  let lost: ((frame: string) => boolean) | null = null;
  class LossySocket extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      open.add(this);
      this.on("close", () => open.delete(this));
      const send = this.send.bind(this) as (...sendArgs: unknown[]) => void;
      this.send = ((data: unknown, ...rest: unknown[]) => {
        if (!lost?.(String(data))) send(data, ...rest);
      }) as WebSocket["send"];
    }
  }
  return {
    WebSocket: LossySocket,
    /** From now on, the frames that `match` are lost. */
    lose(match: (frame: string) => boolean) {
      lost = match;
    },
    /** Frames go through again. */
    deliver() {
      lost = null;
    },
    /** Frames go through again and the link drops, as the server's close of a socket over the limit does. */
    drop() {
      lost = null;
      for (const socket of open) socket.terminate();
    },
  };
}

const isSignal = (frame: string) => frame.includes('"call.signal"');

/** kim and lee, each with the WebRTC of one shared loopback network, connected. */
async function pair(options: { mediaRecoveryMs?: number; kimSockets?: ParleyClientOptions["WebSocket"] } = {}) {
  const network = new LoopbackNetwork();
  const { kimSockets, ...callOptions } = options;
  const calls = { webrtc: network.webrtc(), ...callOptions };
  const { app } = await room();
  const kim = await app.user("caller", { calls, ...(kimSockets ? { WebSocket: kimSockets } : {}) });
  const lee = await app.user("callee", { calls });
  await Promise.all([kim.connect(), lee.connect()]);
  return { app, network, kim, lee };
}

/** The next call that rings for this client. */
const nextIncoming = (client: ParleyClient) =>
  new Promise<Call>((resolve) => {
    const stop = client.on("call.incoming", (call) => {
      stop();
      resolve(call);
    });
  });

const states = (call: Call) => {
  const seen: TCallState[] = [];
  call.on("state", ({ state }) => seen.push(state));
  return seen;
};

const ended = (call: Call) => new Promise<void>((resolve) => call.on("ended", () => resolve()));

/** The caller's connection (which made the first offer) and the callee's. */
function peersOf(network: LoopbackNetwork): [LoopbackPeerConnection, LoopbackPeerConnection] {
  const made = (type: RTCSdpType) => network.connections.find((pc) => pc.descriptions[0]?.type === type);
  const caller = made("offer");
  const callee = made("answer");
  if (!caller || !callee) throw new Error("the call has not connected");
  return [caller, callee];
}

async function connectedCall(kim: ParleyClient, lee: ParleyClient, network: LoopbackNetwork) {
  const incoming = nextIncoming(lee);
  const outgoing = await kim.calls.start("callee", { video: true });
  const ringing = await incoming;
  await ringing.accept();
  await waitFor("both media links", () => outgoing.mediaState === "connected" && ringing.mediaState === "connected");
  expect(network.connections).toHaveLength(2);
  return { outgoing, ringing };
}

describe("client.calls", () => {
  it("rings the callee, connects both sides' media through the server's signalling, and hangs up with a duration", async () => {
    const { kim, lee, network } = await pair();
    const incoming = nextIncoming(lee);
    const outgoing = await kim.calls.start("callee", { video: true });
    expect(outgoing).toMatchObject({ state: "ringing", direction: "outgoing", peerId: "callee", kind: "video" });
    expect(network.mediaRequests[0]).toEqual({ audio: true, video: true });
    const kimStates = states(outgoing);

    const ringing = await incoming;
    expect(ringing).toMatchObject({ id: outgoing.id, direction: "incoming", peerId: "caller", state: "ringing" });
    expect(lee.calls.current).toBe(ringing);
    expect(await lee.users.get(ringing.peerId)).toMatchObject({ userId: "caller", nickname: "CALLER" });
    const remoteAtKim = new Promise((resolve) => outgoing.on("remote.stream", resolve));
    const remoteAtLee = new Promise((resolve) => ringing.on("remote.stream", resolve));
    await ringing.accept();

    await Promise.all([remoteAtKim, remoteAtLee]);
    await waitFor("both media links", () => outgoing.mediaState === "connected" && ringing.mediaState === "connected");
    const first = (await outgoing.getStats()) as Map<string, { bytesReceived: number }>;
    const second = (await outgoing.getStats()) as Map<string, { bytesReceived: number }>;
    expect(second.get("inbound")?.bytesReceived).toBeGreaterThan(first.get("inbound")?.bytesReceived ?? 0);

    const leeEnded = ended(ringing);
    await outgoing.end();
    await leeEnded;
    expect(kimStates).toEqual(["accepted", "ended"]);
    expect(ringing.record).toMatchObject({ state: "ended", endReason: "hangup", endedBy: "caller" });
    expect(outgoing.record.durationSeconds).not.toBeNull();
    // Cameras, microphones and connections are all released on both sides.
    expect(network.streams.flatMap((stream) => stream.getTracks()).every((track) => track.readyState === "ended")).toBe(
      true,
    );
    expect(network.connections.every((pc) => pc.connectionState === "closed")).toBe(true);
    expect(kim.calls.current).toBeNull();
    expect(lee.calls.current).toBeNull();
    const history = await kim.calls.history();
    expect(history.calls[0]).toMatchObject({ id: outgoing.id, state: "ended" });
  });

  it("a declined call ends on the caller's side and releases the microphone it took", async () => {
    const { kim, lee, network } = await pair();
    const incoming = nextIncoming(lee);
    const outgoing = await kim.calls.start("callee");
    expect(network.mediaRequests[0]).toEqual({ audio: true, video: false });
    const kimEnded = ended(outgoing);
    await (await incoming).decline();
    await kimEnded;
    expect(outgoing.record).toMatchObject({ state: "declined", endedBy: "callee" });
    expect(network.streams[0]?.getTracks().every((track) => track.readyState === "ended")).toBe(true);
    expect(network.connections).toHaveLength(0);
  });

  it("ending a call that still rings cancels it for the callee", async () => {
    const { kim, lee } = await pair();
    const incoming = nextIncoming(lee);
    const outgoing = await kim.calls.start("callee");
    const ringing = await incoming;
    const leeEnded = ended(ringing);
    await outgoing.end();
    await leeEnded;
    expect(ringing.record).toMatchObject({ state: "cancelled", endReason: "cancelled" });
  });

  it("a camera the user refuses never rings the callee", async () => {
    const { kim, lee, network } = await pair();
    network.denyMedia = true;
    let rang = false;
    lee.on("call.incoming", () => {
      rang = true;
    });
    await expect(kim.calls.start("callee", { video: true })).rejects.toMatchObject({ name: "NotAllowedError" });
    expect((await kim.calls.history()).calls).toEqual([]);
    expect(rang).toBe(false);
  });

  it("a second call while one goes on is refused with 3091 and leaves the first untouched", async () => {
    const { app, kim, lee, network } = await pair();
    await connectedCall(kim, lee, network);
    const third = await app.user("third", { calls: { webrtc: network.webrtc() } });
    const refusal = await third.calls.start("callee").catch((error: unknown) => error);
    expect(isParleyError(refusal) && refusal.code).toBe("3091");
    expect(kim.calls.current?.state).toBe("accepted");
    // The refused call released the microphone it had taken.
    expect(
      network.streams
        .at(-1)
        ?.getTracks()
        .every((track) => track.readyState === "ended"),
    ).toBe(true);
  });

  it("restarts ICE when the media link breaks, and the call goes on", async () => {
    const { kim, lee, network } = await pair();
    const { outgoing, ringing } = await connectedCall(kim, lee, network);
    const [callerPc, calleePc] = peersOf(network);
    calleePc.breakLink();
    callerPc.breakLink();
    await waitFor(
      "both media links again",
      () => callerPc.connectionState === "connected" && calleePc.connectionState === "connected",
    );
    expect(callerPc.descriptions.map((d) => d.sdp?.endsWith("restart"))).toEqual([false, true]);
    expect(outgoing.state).toBe("accepted");
    expect(ringing.state).toBe("accepted");
  });

  it("offers again once its link to the server is back, when the restart it had offered was lost on the way", async () => {
    const link = lossySockets();
    const { kim, lee, network } = await pair({ kimSockets: link.WebSocket });
    const { outgoing, ringing } = await connectedCall(kim, lee, network);
    const [callerPc, calleePc] = peersOf(network);
    link.lose(isSignal);
    calleePc.breakLink();
    callerPc.breakLink();
    await waitFor("the restart's offer, lost", () => callerPc.descriptions.length === 2);
    link.drop();
    await waitFor(
      "both media links again",
      () => callerPc.connectionState === "connected" && calleePc.connectionState === "connected",
    );
    expect(callerPc.descriptions.map((d) => d.sdp?.endsWith("restart"))).toEqual([false, true, true]);
    expect([outgoing.state, ringing.state]).toEqual(["accepted", "accepted"]);
  });

  it("restarts a first connection that has not connected halfway through mediaRecoveryMs, and it connects", async () => {
    const link = lossySockets();
    const { kim, lee, network } = await pair({ mediaRecoveryMs: 2_000, kimSockets: link.WebSocket });
    const incoming = nextIncoming(lee);
    const outgoing = await kim.calls.start("callee", { video: true });
    const ringing = await incoming;
    // The caller's first offer and candidates are sent and lost.
    link.lose(isSignal);
    await ringing.accept();
    await waitFor("the first offer, lost", () => network.connections.some((pc) => pc.descriptions.length === 1));
    link.deliver();
    await waitFor("both media links", () => outgoing.mediaState === "connected" && ringing.mediaState === "connected");
    const [callerPc] = peersOf(network);
    expect(callerPc.descriptions[0]?.type).toBe("offer");
    expect(callerPc.descriptions.slice(1).every((d) => d.sdp?.endsWith("restart"))).toBe(true);
    expect([outgoing.state, ringing.state]).toEqual(["accepted", "accepted"]);
    await outgoing.end();
  });

  it("a media link that does not come back ends the call as failed", async () => {
    const { kim, lee, network } = await pair({ mediaRecoveryMs: 2_000 });
    const { outgoing, ringing } = await connectedCall(kim, lee, network);
    const leeEnded = ended(ringing);
    // Only the caller's side breaks, and its restarts reach a callee whose candidates never arrive.
    const callerPc = network.connections.find((pc) => pc.descriptions[0]?.type === "offer") as LoopbackPeerConnection;
    callerPc.setRemoteDescription = async () => {};
    callerPc.breakLink();
    await leeEnded;
    expect(outgoing.record).toMatchObject({ state: "failed", endReason: "failed", endedBy: "caller" });
  });

  it("a client that disconnects hangs up its call, so the other party is not left in silence", async () => {
    const { kim, lee, network } = await pair();
    const { ringing } = await connectedCall(kim, lee, network);
    const leeEnded = ended(ringing);
    kim.disconnect();
    await leeEnded;
    expect(ringing.record).toMatchObject({ state: "ended", endedBy: "caller" });
  });

  it("a callee who connects while a call rings hears it ring, as after opening the app from its push", async () => {
    const { app, kim, network } = await pair();
    const late = await app.user("late", { calls: { webrtc: network.webrtc() } });
    const outgoing = await kim.calls.start("late");
    const incoming = nextIncoming(late);
    await late.connect();
    const ringing = await incoming;
    expect(ringing.id).toBe(outgoing.id);
    await ringing.accept();
    await waitFor("connected", () => outgoing.mediaState === "connected" && ringing.mediaState === "connected");
    await outgoing.end();
  });

  it("a call answered on another of the callee's devices stops ringing on this one", async () => {
    const { app, kim, lee, network } = await pair();
    const { token } = await app.server<{ token: string }>("POST", "/users/callee/token", {});
    const tablet = app.client({ calls: { webrtc: network.webrtc() } });
    await tablet.loginWithToken("callee", token);
    await tablet.connect();
    const onPhone = nextIncoming(lee);
    const onTablet = nextIncoming(tablet);
    const outgoing = await kim.calls.start("callee");
    const [phone, other] = await Promise.all([onPhone, onTablet]);
    const tabletEnded = ended(other);
    await phone.accept();
    await tabletEnded;
    expect(tablet.calls.current).toBeNull();
    await waitFor("connected", () => outgoing.mediaState === "connected" && phone.mediaState === "connected");
    await phone.end();
  });

  it("mutes the microphone, turns the camera off and on, and switches the camera without dropping the call", async () => {
    const { kim, lee, network } = await pair();
    const { outgoing } = await connectedCall(kim, lee, network);
    outgoing.setMicrophoneMuted(true);
    outgoing.setCameraOff(true);
    expect(outgoing.localStream?.getAudioTracks()[0]?.enabled).toBe(false);
    expect(outgoing.localStream?.getVideoTracks()[0]?.enabled).toBe(false);
    outgoing.setCameraOff(false);
    const before = outgoing.localStream?.getVideoTracks()[0];
    await outgoing.switchDevices({ videoInputId: "back-camera" });
    const after = outgoing.localStream?.getVideoTracks()[0];
    expect(network.mediaRequests.at(-1)).toEqual({ video: { deviceId: { exact: "back-camera" } } });
    expect(after).not.toBe(before);
    expect((before as unknown as { readyState: string }).readyState).toBe("ended");
    expect(outgoing.isMicrophoneMuted).toBe(true);
    expect(outgoing.state).toBe("accepted");
    await outgoing.end();
  });

  it("hands the app's TURN credentials and the relay policy to the peer connection", async () => {
    const network = new LoopbackNetwork();
    const { app } = await room();
    const calls = { webrtc: network.webrtc(), iceTransportPolicy: "relay" as const };
    const kim = await app.user("caller", { calls });
    const lee = await app.user("callee", { calls });
    const saved = await app.dashboard("PUT", `/apps/${app.appId}/calls/settings`, {
      stunUrls: ["stun:turn.example.com:3478"],
      turnUrls: ["turn:turn.example.com:3478?transport=udp"],
      turnSecret: "a-shared-secret",
    });
    expect(saved.status).toBe(200);
    await Promise.all([kim.connect(), lee.connect()]);
    const incoming = nextIncoming(lee);
    const outgoing = await kim.calls.start("callee");
    await (await incoming).accept();
    await waitFor("both connections", () => network.connections.length === 2);
    for (const pc of network.connections) {
      expect(pc.configuration.iceTransportPolicy).toBe("relay");
      const turn = pc.configuration.iceServers?.find((server) => String(server.urls).startsWith("turn:"));
      expect(turn?.username).toMatch(/^\d+:(caller|callee)$/);
      expect(turn?.credential).toEqual(expect.any(String));
    }
    await outgoing.end();
  });
});

/** A caller's connection on the loopback network, whose signals and failures the test reads. */
function callerPeer(network: LoopbackNetwork) {
  const sent: Signal[] = [];
  const failures: string[] = [];
  const peer = new CallPeer({
    http: { request: async () => ({ iceServers: [] }) as never },
    realtime: { send: (frame) => Boolean(frame.type === "call.signal" && sent.push(frame.data as Signal)) },
    webrtc: () => network.webrtc(),
    options: {},
    callId: () => "00000000-0000-4000-8000-000000000001",
    isCaller: () => true,
    isReleased: () => false,
    localStream: () => null,
    onRemoteStream: () => {},
    onMediaState: () => {},
    fail: async () => {
      failures.push("failed");
    },
  });
  return { peer, sent, failures };
}

describe("CallPeer", () => {
  it("takes only the answer to the caller's latest offer when restarts cross, and drops a candidate it cannot use", async () => {
    const network = new LoopbackNetwork();
    const { peer, sent, failures } = callerPeer(network);
    await peer.startAsCaller();
    peer.askRestart({ missed: true });
    await waitFor("two offers", () => sent.filter((signal) => "description" in signal).length === 2);
    const [pc] = network.connections;
    const offers = sent.flatMap((signal) => ("description" in signal ? [signal] : []));
    expect(offers.map((offer) => offer.round)).toEqual([1, 2]);
    const answer = (round: number) => ({ description: { type: "answer" as const, sdp: `answer ${round}` }, round });

    const candidate = (ufrag: string) => ({
      candidate: { candidate: `candidate:${ufrag} 1 udp 1 127.0.0.1 9 typ host`, sdpMid: "0", usernameFragment: ufrag },
    });
    peer.handle(answer(1), false);
    peer.handle(answer(2), false);
    // Of the round the restart replaced: the connection refuses it.
    peer.handle(candidate("answer 1"), false);
    peer.handle(answer(2), false);
    peer.handle(candidate("answer 2"), false);
    await waitFor("the last signal applied", () => pc?.remoteCandidates.length === 1);
    expect(pc?.remoteDescription?.sdp).toBe("answer 2");
    expect(pc?.remoteCandidates.map((c) => c.usernameFragment)).toEqual(["answer 2"]);
    expect(failures).toEqual([]);
    peer.release();
  });

  it("stops its timers when its connection closes, so an answer that failed holds nothing for 20 s", async () => {
    vi.useFakeTimers();
    try {
      const { peer, failures } = callerPeer(new LoopbackNetwork());
      await peer.connect();
      expect(vi.getTimerCount()).toBeGreaterThan(0);
      peer.close();
      expect(vi.getTimerCount()).toBe(0);
      expect(failures).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
