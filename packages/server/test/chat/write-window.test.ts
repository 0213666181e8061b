import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createWriteWindow, STREAMS_PER_TURN } from "../../src/gateway/write-window";

/** A stream that records each write it is asked to make, as the list of chunks in it. */
function recorder(onWrite: () => void = () => {}) {
  const writes: string[][] = [];
  const stream = new Writable({
    writev(chunks, done) {
      writes.push(chunks.map((c) => String(c.chunk)));
      onWrite();
      done();
    },
    write(chunk, _encoding, done) {
      writes.push([String(chunk)]);
      onWrite();
      done();
    },
  });
  return { stream, writes };
}

/** Resolves at the first write `recorder` reports through it. */
function firstWrite(): { written: Promise<void>; onWrite: () => void } {
  let onWrite: () => void = () => {};
  const written = new Promise<void>((resolve) => (onWrite = resolve));
  return { written, onWrite };
}

describe("createWriteWindow", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends the frames written to one stream within a window in a single write", async () => {
    const window = createWriteWindow(20);
    const { written, onWrite } = firstWrite();
    const { stream, writes } = recorder(onWrite);
    for (const frame of ["a", "b", "c"]) {
      window.hold(stream);
      stream.write(frame);
    }
    expect(writes).toEqual([]);
    await written;
    expect(writes).toEqual([["a", "b", "c"]]);
  });

  it("lets an idle stream's first frame go at once and holds the next ones for the rest of the window", async () => {
    // The window's timer runs on a clock this test moves, so "within the window" does not depend on the machine.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const window = createWriteWindow(1_000);
    const { stream, writes } = recorder();
    window.hold(stream);
    stream.write("first");
    vi.advanceTimersByTime(50);
    expect(writes).toEqual([["first"]]);

    window.hold(stream);
    stream.write("second");
    vi.advanceTimersByTime(50);
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

  it("writes a window's streams a slice per turn of the event loop, letting other work run between", async () => {
    const window = createWriteWindow(0);
    const seen: number[] = [];
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => (done = resolve));
    const look = () => {
      const written = streams.filter((s) => s.writes.length > 0).length;
      seen.push(written);
      if (written === streams.length) done();
      else setImmediate(look);
    };
    // Queued while the first slice is written, so it runs after that slice and before the next one.
    const streams = [recorder(() => setImmediate(look))];
    for (let i = 0; i < STREAMS_PER_TURN * 2; i += 1) streams.push(recorder());
    for (const { stream } of streams) {
      window.hold(stream);
      stream.write("frame");
    }
    await finished;
    expect(seen).toEqual([STREAMS_PER_TURN, STREAMS_PER_TURN * 2, STREAMS_PER_TURN * 2 + 1]);
  });

  it("lets a frame written to a stream whose slice has not come yet leave with that slice", async () => {
    // A long window: a frame left for the next one would not leave within this test.
    const window = createWriteWindow(1_000);
    const { written, onWrite } = firstWrite();
    const last = recorder(onWrite);
    // Written while the first slice leaves, when the last stream is still corked.
    const streams = [
      recorder(() => {
        window.hold(last.stream);
        last.stream.write("second");
      }),
    ];
    for (let i = 1; i < STREAMS_PER_TURN; i += 1) streams.push(recorder());
    streams.push(last);
    for (const { stream } of streams) {
      window.hold(stream);
      stream.write("first");
    }
    await written;
    expect(last.writes).toEqual([["first", "second"]]);
  });

  it("lets a released stream's held frames and the next one leave at once, without waiting for the window", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const window = createWriteWindow(1_000);
    const { stream, writes } = recorder();
    const other = recorder();
    window.hold(stream);
    stream.write("first");
    vi.advanceTimersByTime(10);
    window.hold(stream);
    stream.write("held");
    window.hold(other.stream);
    other.stream.write("other's");
    expect(writes).toEqual([["first"]]);

    window.release(stream);
    stream.write("urgent");
    expect(writes).toEqual([["first"], ["held"], ["urgent"]]);
    // The window goes on for the other streams, and still covers this one's later frames.
    expect(other.writes).toEqual([]);
    window.hold(stream);
    stream.write("later");
    vi.advanceTimersByTime(1_000);
    expect(other.writes).toEqual([["other's"]]);
    expect(writes.at(-1)).toEqual(["later"]);
  });

  it("writes each frame once for a stream held again after its release, though it is then twice in the window", () => {
    const window = createWriteWindow(1_000);
    const { stream, writes } = recorder();
    window.hold(stream);
    stream.write("before the release");
    window.release(stream);
    window.hold(stream);
    stream.write("after it");
    expect(writes).toEqual([["before the release"]]);
    window.flush();
    expect(writes).toEqual([["before the release"], ["after it"]]);
    expect(stream.writableCorked).toBe(0);
    // Held again later, it goes on being written: the window lost nothing of it.
    window.hold(stream);
    stream.write("later");
    window.flush();
    expect(writes.at(-1)).toEqual(["later"]);
  });

  it("sends every held stream at once on an explicit flush", () => {
    const window = createWriteWindow(1_000);
    const streams = Array.from({ length: STREAMS_PER_TURN * 3 }, () => recorder());
    for (const { stream } of streams) {
      window.hold(stream);
      stream.write("frame");
    }
    window.flush();
    expect(streams.every((s) => s.writes.length === 1)).toBe(true);
  });
});
