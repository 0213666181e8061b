import { type TTransientEvent, TYPING_ANNOUNCE_MS, TYPING_EXPIRES_MS } from "@parley/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type BusMessage, createMemoryBus } from "../chat/bus";
import { createMemoryPresence } from "../chat/presence";
import { systemClock } from "../clock";
import { createTransientHub, type TransientConnection } from "./transient";

const CHANNEL = "00000000-0000-4000-8000-000000000001";

function setup() {
  const bus = createMemoryBus();
  const heard: TTransientEvent[] = [];
  bus.subscribe((m: BusMessage) => {
    if ("transient" in m) heard.push(m.transient.event);
  });
  const hub = createTransientHub({
    bus,
    presence: createMemoryPresence(),
    chatUsers: { markSeen: async () => {}, usersByUserIds: async () => [] },
    clock: systemClock,
    log: { error: () => {} },
  });
  const kim: TransientConnection = {
    appId: "app",
    userId: "kim",
    chatUserId: "k1",
    channels: new Map([[CHANNEL, null]]),
  };
  return { hub, heard, kim, start: () => hub.typing(kim, { type: "typing", channelId: CHANNEL, state: "start" }) };
}

describe("typing", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("stops by itself when no start came for the expiry time, and a start keeps it going", async () => {
    const { heard, start } = setup();
    start();
    await vi.advanceTimersByTimeAsync(TYPING_EXPIRES_MS - 1000);
    start();
    await vi.advanceTimersByTimeAsync(TYPING_EXPIRES_MS - 1000);
    expect(heard.map((e) => e.type)).toEqual(["typing.started", "typing.started"]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(heard.map((e) => e.type)).toEqual(["typing.started", "typing.started", "typing.stopped"]);
  });

  it("announces a start again only after the announce period", async () => {
    const { heard, start } = setup();
    start();
    await vi.advanceTimersByTimeAsync(TYPING_ANNOUNCE_MS - 1);
    start();
    expect(heard).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    start();
    expect(heard.map((e) => e.type)).toEqual(["typing.started", "typing.started"]);
  });

  it("stops nothing on a stop that followed no start", async () => {
    const { hub, heard, kim } = setup();
    hub.typing(kim, { type: "typing", channelId: CHANNEL, state: "stop" });
    await vi.advanceTimersByTimeAsync(TYPING_EXPIRES_MS);
    expect(heard).toEqual([]);
  });

  it("stops the typing of a socket that closes, and only its own", async () => {
    const { hub, heard, kim, start } = setup();
    const lee: TransientConnection = { ...kim, userId: "lee", chatUserId: "l1" };
    start();
    hub.typing(lee, { type: "typing", channelId: CHANNEL, state: "start" });
    await hub.dropped(kim, false);
    expect(heard.map((e) => `${e.type} ${"userId" in e ? e.userId : ""}`)).toEqual([
      "typing.started kim",
      "typing.started lee",
      "typing.stopped kim",
    ]);
  });

  it("leaves typing that another socket of the same user took over running when the first socket closes", async () => {
    const { hub, heard, kim, start } = setup();
    const kimOnPhone: TransientConnection = { ...kim, channels: new Map([[CHANNEL, null]]) };
    start();
    hub.typing(kimOnPhone, { type: "typing", channelId: CHANNEL, state: "start" });
    await hub.dropped(kim, false);
    expect(heard.map((e) => e.type)).toEqual(["typing.started"]);
    await hub.dropped(kimOnPhone, false);
    expect(heard.map((e) => e.type)).toEqual(["typing.started", "typing.stopped"]);
  });
});
