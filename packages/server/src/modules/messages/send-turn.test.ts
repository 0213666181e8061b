import { describe, expect, it } from "vitest";
import { createSendLines } from "./send-turn";

/** Resolves once pending promise reactions have run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("lines of sends", () => {
  it("makes each turn of a line ready only once the one before has passed", async () => {
    const lines = createSendLines();
    const first = lines.turn("socket:channel");
    const second = lines.turn("socket:channel");
    let secondReady = false;
    void second.ready.then(() => {
      secondReady = true;
    });
    await first.ready;
    await settle();
    expect(secondReady).toBe(false);
    first.pass();
    await settle();
    expect(secondReady).toBe(true);
  });

  it("keeps the next waiting when a turn passes before the one ahead of it has", async () => {
    const lines = createSendLines();
    const [first, second, third] = [lines.turn("k"), lines.turn("k"), lines.turn("k")];
    let thirdReady = false;
    void third.ready.then(() => {
      thirdReady = true;
    });
    second.pass();
    await settle();
    expect(thirdReady).toBe(false);
    first.pass();
    await settle();
    expect(thirdReady).toBe(true);
  });

  it("runs lines of different keys apart and forgets a line once its every turn has passed", async () => {
    const lines = createSendLines();
    const a = lines.turn("a");
    const b = lines.turn("b");
    await Promise.all([a.ready, b.ready]);
    expect(lines.size).toBe(2);
    a.pass();
    b.pass();
    a.pass();
    await settle();
    expect(lines.size).toBe(0);
    await lines.turn("a").ready;
  });
});
