import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFrame } from "./read-frame";

const CHANNEL_ID = "00000000-0000-4000-8000-000000000001";
const frame = (value: unknown) => parseFrame(Buffer.from(JSON.stringify(value)));

describe("parseFrame", () => {
  it("reads a message.send frame with the send route's defaults", () => {
    expect(frame({ type: "message.send", requestId: "1", channelId: CHANNEL_ID, body: { text: "hi" } })).toEqual({
      type: "message.send",
      requestId: "1",
      channelId: CHANNEL_ID,
      body: { text: "hi", metadata: {} },
    });
  });

  it("refuses a send without text with 301 and one with a malformed field with 300, naming the route's fields", () => {
    expect(frame({ type: "message.send", requestId: "2", channelId: CHANNEL_ID, body: {} })).toMatchObject({
      type: "refused",
      ack: { type: "ack", requestId: "2", error: { code: "301", data: { fields: [{ path: "text" }] } } },
    });
    expect(frame({ type: "message.send", requestId: "3", channelId: "room", body: { text: "hi" } })).toMatchObject({
      type: "refused",
      ack: { requestId: "3", error: { code: "300", data: { fields: [{ path: "channelId" }] } } },
    });
    expect(frame({ type: "message.send", requestId: "4", channelId: CHANNEL_ID })).toMatchObject({
      ack: { requestId: "4", error: { code: "301", data: { fields: [{ path: "" }] } } },
    });
  });

  it("answers a frame of an unknown type with a requestId by a refusal, and closes on one without", () => {
    expect(frame({ type: "message.edit", requestId: "5" })).toMatchObject({
      type: "refused",
      ack: { requestId: "5", error: { code: "300" } },
    });
    expect(frame({ type: "message.edit" })).toBe("unknown frame");
    expect(frame({ type: "message.send", channelId: CHANNEL_ID, body: { text: "hi" } })).toBe("unknown frame");
    expect(frame({ type: "message.send", requestId: "x".repeat(65), channelId: CHANNEL_ID })).toBe("unknown frame");
    expect(parseFrame(Buffer.from("{"))).toBe("frames are JSON");
  });

  it("never throws, whatever JSON a client sends", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, asSend) => {
        const data =
          asSend && typeof value === "object" && value !== null && !Array.isArray(value)
            ? { ...value, type: "message.send" }
            : value;
        const parsed = parseFrame(Buffer.from(JSON.stringify(data) ?? "null"));
        expect(parsed).toBeDefined();
      }),
    );
  });
});
