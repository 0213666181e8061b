import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChannelPlacements } from "./connections";

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
