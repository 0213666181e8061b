import { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createWriteWindow } from "../src/chat/write-window";

/** A stream that records each write it is asked to make, as the list of chunks in it. */
function recorder() {
  const writes: string[][] = [];
  const stream = new Writable({
    writev(chunks, done) {
      writes.push(chunks.map((c) => String(c.chunk)));
      done();
    },
    write(chunk, _encoding, done) {
      writes.push([String(chunk)]);
      done();
    },
  });
  return { stream, writes };
}

describe("createWriteWindow", () => {
  it("sends the frames written to one stream within a window in a single write", async () => {
    const window = createWriteWindow(20);
    const { stream, writes } = recorder();
    for (const frame of ["a", "b", "c"]) {
      window.hold(stream);
      stream.write(frame);
    }
    expect(writes).toEqual([]);
    await sleep(60);
    expect(writes).toEqual([["a", "b", "c"]]);
  });

  it("lets an idle stream's first frame go at once and holds the next ones for the rest of the window", async () => {
    const window = createWriteWindow(1_000);
    const { stream, writes } = recorder();
    window.hold(stream);
    stream.write("first");
    await sleep(50);
    expect(writes).toEqual([["first"]]);

    window.hold(stream);
    stream.write("second");
    await sleep(50);
    expect(writes).toEqual([["first"]]);
    window.flush();
    expect(writes).toEqual([["first"], ["second"]]);
  });

  it("writes each held stream separately", async () => {
    const window = createWriteWindow(0);
    const one = recorder();
    const two = recorder();
    window.hold(one.stream);
    one.stream.write("to one");
    window.hold(two.stream);
    two.stream.write("to two");
    window.flush();
    expect(one.writes).toEqual([["to one"]]);
    expect(two.writes).toEqual([["to two"]]);
  });
});
