import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { textFrame } from "../../src/gateway/text-frame";

/** ws's own framing, which its type declarations leave out. */
const { Sender } = createRequire(import.meta.url)("ws") as {
  Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] };
};

describe("textFrame", () => {
  it.each([0, 1, 125, 126, 65_535, 65_536, 200_000])(
    "frames %i bytes exactly as ws frames a server text message",
    (size) => {
      const payload = Buffer.alloc(size, "é".charCodeAt(0) % 128);
      const expected = Buffer.concat(
        Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }),
      );
      expect(textFrame(payload).equals(expected)).toBe(true);
    },
  );
});
