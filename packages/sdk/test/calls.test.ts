import { describe, expect, it } from "vitest";
import { type Call, isParleyError, type ParleyClient, type TCallState } from "../src";
import { useRooms, waitFor } from "./helpers";
import { LoopbackNetwork, type LoopbackPeerConnection } from "./loopback-webrtc";

const room = useRooms();

/** kim and lee, each with the WebRTC of one shared loopback network, connected. */
async function pair(options: { mediaRecoveryMs?: number } = {}) {
  const network = new LoopbackNetwork();
  const calls = { webrtc: network.webrtc(), ...options };
  const { app } = await room();
  const kim = await app.user("caller", { calls });
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
    const callerPc = network.connections.find((pc) => pc.descriptions[0]?.type === "offer") as LoopbackPeerConnection;
    const calleePc = network.connections.find((pc) => pc.descriptions[0]?.type === "answer") as LoopbackPeerConnection;
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

  it("a media link that does not come back ends the call as failed", async () => {
    const { kim, lee, network } = await pair({ mediaRecoveryMs: 300 });
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
