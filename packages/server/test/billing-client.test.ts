import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pdfText } from "./billing-client";

/** A content stream as pdfkit frames it: its dictionary, `stream`, the bytes, then a line ending and `endstream`. */
const framed = (bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(`3 0 obj\n<<\n/Length ${bytes.length}\n/Filter /FlateDecode\n>>\nstream\n`, "latin1"),
    bytes,
    Buffer.from("\nendstream\nendobj\n", "latin1"),
  ]);

const shown = (text: string) => `BT [<${Buffer.from(text, "latin1").toString("hex")}> 0] TJ ET`;

describe("the invoice PDF's text, as the billing tests read it", () => {
  it("reads a stream whose deflated bytes end in a carriage return", async () => {
    // Invoices differ by their ids and dates, so one in some hundreds deflates to bytes ending in \r.
    let n = 0;
    let bytes = deflateSync(shown(`Parley invoice ${n}`));
    while (bytes.at(-1) !== 0x0d) bytes = deflateSync(shown(`Parley invoice ${++n}`));
    expect(await pdfText(framed(bytes))).toBe(`Parley invoice ${n}`);
  });

  it("reads a stream whose dictionary holds another after its length", async () => {
    const bytes = deflateSync(shown("Parley invoice"));
    const pdf = Buffer.concat([
      Buffer.from(
        `4 0 obj\n<< /Length ${bytes.length} /DecodeParms << /Columns 1 >> /Filter /FlateDecode >>\nstream\n`,
      ),
      bytes,
      Buffer.from("\nendstream\nendobj\n", "latin1"),
    ]);
    expect(await pdfText(pdf)).toBe("Parley invoice");
  });
});
