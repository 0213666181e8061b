import { describe, expect, it } from "vitest";
import { createSendLines, type SendTurn } from "./send-turn";

/** Resolves once pending promise reactions have run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Whether `turn` is ready once the promise reactions pending now have run. */
async function isReady(turn: SendTurn): Promise<boolean> {
  let ready = false;
  void turn.ready.then(() => {
    ready = true;
  });
  await settle();
  return ready;
}

describe("lines of sends", () => {
  it("makes each turn of a line ready only once the one before has passed", async () => {
    const lines = createSendLines();
    const first = lines.turn("socket:channel");
    const second = lines.turn("socket:channel");
    expect(await isReady(first)).toBe(true);
    expect(await isReady(second)).toBe(false);
    first.pass();
    expect(await isReady(second)).toBe(true);
  });

  it("keeps the next waiting when a turn passes before the one ahead of it has", async () => {
    const lines = createSendLines();
    const [first, second, third] = [lines.turn("k"), lines.turn("k"), lines.turn("k")];
    second.pass();
    expect(await isReady(third)).toBe(false);
    first.pass();
    expect(await isReady(third)).toBe(true);
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
