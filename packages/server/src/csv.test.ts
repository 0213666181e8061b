import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("CSV writer", () => {
  it.each(['=HYPERLINK("http://x")', "+1", "-1+2", "@SUM(A1)", "\tx", "\rx"])(
    "turns text starting a formula into text: %j",
    (value) => {
      expect(csvCell(value).replace(/^"/, "").startsWith("'")).toBe(true);
    },
  );

  it("writes numbers as numbers, negative ones included", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(12)).toBe("12");
  });

  it("quotes cells holding a quote, a comma or a line break", () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell("=a,b")).toBe('"\'=a,b"');
  });

  it("writes a BOM and ends every row with CRLF", () => {
    expect(toCsv([["row", "userId"], [1, "=cmd"], []])).toBe("\uFEFFrow,userId\r\n1,'=cmd\r\n\r\n");
  });
});
