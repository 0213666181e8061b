import { describe, expect, it } from "vitest";
import { readServerSentEvents } from "./server-sent-events";

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function all(body: ReadableStream<Uint8Array>) {
  const events = [];
  for await (const event of readServerSentEvents(body)) events.push(event);
  return events;
}

describe("readServerSentEvents", () => {
  it("yields each event with its name and data, skipping heartbeat comments", async () => {
    const events = await all(streamOf('event: ready\ndata: {"a":1}\n\n', ": keep-alive\n\n", 'data: {"b":2}\n\n'));
    expect(events).toEqual([
      { event: "ready", data: '{"a":1}' },
      { event: "message", data: '{"b":2}' },
    ]);
  });

  it("joins an event cut across chunks, also inside a multi-byte character and a CRLF", async () => {
    const bytes = new TextEncoder().encode('event: event\r\ndata: {"text":"안녕"}\r\n\r\n');
    const cut = [bytes.slice(0, 20), bytes.slice(20, 23), bytes.slice(23, bytes.length - 1), bytes.slice(-1)];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of cut) controller.enqueue(part);
        controller.close();
      },
    });
    expect(await all(body)).toEqual([{ event: "event", data: '{"text":"안녕"}' }]);
  });

  it("joins several data lines with a line feed and drops an event with no data", async () => {
    expect(await all(streamOf("event: empty\n\ndata: one\ndata: two\n\n"))).toEqual([
      { event: "message", data: "one\ntwo" },
    ]);
  });
});
