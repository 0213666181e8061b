import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChannelPlacements, type Connection, ConnectionIndex } from "./connections";

describe("ChannelPlacements", () => {
  it("answers as a Map would through any sequence of joins, moves and parts, below and past its array size", () => {
    const channelId = fc.constantFrom(...Array.from({ length: 20 }, (_, i) => `c${i}`));
    const step = fc.oneof(
      fc.tuple(fc.constant("set" as const), channelId, fc.option(fc.integer({ min: 1, max: 5 }))),
      fc.tuple(fc.constant("delete" as const), channelId, fc.constant(null)),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const placements = new ChannelPlacements();
        const model = new Map<string, number | null>();
        for (const [kind, id, subchannel] of steps) {
          if (kind === "set") {
            placements.set(id, subchannel);
            model.set(id, subchannel);
          } else {
            placements.delete(id);
            model.delete(id);
          }
          for (let i = 0; i < 20; i += 1) {
            expect(placements.has(`c${i}`)).toBe(model.has(`c${i}`));
            expect(placements.get(`c${i}`)).toBe(model.get(`c${i}`));
          }
          expect(placements.ids().sort()).toEqual([...model.keys()].sort());
        }
      }),
    );
  });
});

function connection(userId: string): Connection {
  return {
    appId: "app",
    userId,
    chatUserId: `cu-${userId}`,
    sessionId: `s-${userId}`,
    accountId: null,
    channels: new ChannelPlacements(),
    alive: true,
  } as unknown as Connection;
}

/** An equal id in a string of its own, as each sign-in's rows give it. */
const copyOf = (id: string) => [...id].join("");

describe("ConnectionIndex", () => {
  it("finds each connection of a channel joined under equal ids from different sign-ins, through parts and joins again", () => {
    const index = new ConnectionIndex();
    const [a, b] = [connection("a"), connection("b")];
    index.add(a);
    index.add(b);
    index.join(a, copyOf("channel-1"), null);
    index.join(b, copyOf("channel-1"), 2);
    expect([...index.inChannel("channel-1")]).toEqual([a, b]);
    expect([...index.inSubchannel("channel-1", 2)]).toEqual([b]);

    index.part(a, copyOf("channel-1"));
    index.part(b, "channel-1");
    expect(index.inChannel("channel-1").size).toBe(0);
    expect(b.channels.has("channel-1")).toBe(false);

    index.join(b, copyOf("channel-1"), null);
    expect([...index.inChannel("channel-1")]).toEqual([b]);
    expect(b.channels.ids()).toEqual(["channel-1"]);
    index.remove(b);
    expect(index.inChannel("channel-1").size).toBe(0);
  });
});
