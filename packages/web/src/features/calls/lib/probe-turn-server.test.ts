import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakePeerConnection } from "@/testing/fake-peer-connection";
import { type PeerConnectionConstructor, probeTurnServer } from "./probe-turn-server";

const PeerConnection = FakePeerConnection as unknown as PeerConnectionConstructor;
const stun: RTCIceServer = { urls: ["stun:stun.example.com:3478"] };
const turn: RTCIceServer = {
  urls: ["turn:turn.example.com:3478"],
  username: "1767225600:dashboard-test",
  credential: "c2lnbmVk",
};

describe("probeTurnServer", () => {
  beforeEach(() => FakePeerConnection.reset());
  afterEach(() => vi.useRealTimers());

  it("asks the TURN servers alone for relays only, and reports the first relay address", async () => {
    FakePeerConnection.reset({ candidates: [{ type: "relay", address: "203.0.113.7" }] });
    expect(await probeTurnServer([stun, turn], { PeerConnection })).toEqual({
      outcome: "relay",
      address: "203.0.113.7",
    });
    const [connection] = FakePeerConnection.instances;
    expect(connection?.configuration).toEqual({ iceServers: [turn], iceTransportPolicy: "relay" });
    expect(connection?.channels).toHaveLength(1);
    expect(connection?.isClosed).toBe(true);
  });

  it("reads the address from the candidate line when the browser leaves `address` empty", async () => {
    FakePeerConnection.reset({
      candidates: [{ type: "relay", address: null, candidate: "candidate:9 1 udp 5 198.51.100.4 3478 typ relay" }],
    });
    expect(await probeTurnServer([turn], { PeerConnection })).toEqual({ outcome: "relay", address: "198.51.100.4" });
  });

  it("reports a refusal when the server answered 401 and the gathering ended without a relay", async () => {
    FakePeerConnection.reset({ errorCodes: [401], candidates: [null] });
    expect(await probeTurnServer([turn], { PeerConnection })).toEqual({ outcome: "refused" });
  });

  it("gives up after the time limit when the server never answers, and closes the connection", async () => {
    vi.useFakeTimers();
    const probe = probeTurnServer([turn], { PeerConnection, timeoutMs: 8000 });
    await vi.advanceTimersByTimeAsync(7999);
    expect(FakePeerConnection.instances[0]?.isClosed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await probe).toEqual({ outcome: "no-answer" });
    expect(FakePeerConnection.instances[0]?.isClosed).toBe(true);
  });

  it("tests nothing when no TURN server with credentials is configured", async () => {
    expect(await probeTurnServer([stun], { PeerConnection })).toEqual({ outcome: "not-configured" });
    expect(FakePeerConnection.instances).toHaveLength(0);
  });

  it("says so when the browser has no WebRTC", async () => {
    expect(await probeTurnServer([turn], { PeerConnection: undefined })).toEqual({ outcome: "unsupported" });
  });
});
