import { FILE_NAME_MAX } from "@parley/contract";
import { describe, expect, it } from "vitest";
import { safeFileName } from "../integrations/storage";

describe("upload file names", () => {
  it("keeps an ordinary name as it is", () => {
    expect(safeFileName("보고서 2026.pdf", FILE_NAME_MAX)).toBe("보고서 2026.pdf");
  });

  it("replaces separators, quotes, control characters and lone surrogates", () => {
    expect(safeFileName('a/b\\c"d\u0000e\r\nf\ud800.txt', FILE_NAME_MAX)).toBe("a_b_c_d_e__f_.txt");
  });

  it("names an empty name or one a URL resolves away 'file'", () => {
    for (const name of ["", " ", ".", ".."]) expect(safeFileName(name, FILE_NAME_MAX)).toBe("file");
  });

  it("shortens a long name before its extension without splitting a character", () => {
    const name = safeFileName(`${"😀".repeat(80)}.jpeg`, FILE_NAME_MAX);
    expect(name).toBe(`${"😀".repeat(47)}.jpeg`);
    expect(name.length).toBeLessThanOrEqual(FILE_NAME_MAX);
    expect(/\p{Cs}/u.test(name)).toBe(false);
  });

  it("keeps an emoji with its modifiers whole", () => {
    const family = "👩‍👩‍👧‍👦";
    const name = safeFileName(`${"a".repeat(FILE_NAME_MAX - 6)}${family}.txt`, FILE_NAME_MAX);
    expect(name).toBe(`${"a".repeat(FILE_NAME_MAX - 6)}.txt`);
  });

  it("cuts a name whose last dot starts no extension as a whole", () => {
    const name = safeFileName(`report.${"x".repeat(200)}`, FILE_NAME_MAX);
    expect(name).toBe(`report.${"x".repeat(FILE_NAME_MAX - 7)}`);
  });
});
